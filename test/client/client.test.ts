// folio/client (the @folio/client workspace package, packages/client) against a real
// `folio serve`, imported by the server package's own name.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { after, before, describe, test } from "node:test";
import { FolioError, createClient, type FolioClient } from "folio/client";
import { records } from "../helpers/fixtures.js";
import { serve } from "../helpers/served.js";

describe("folio/client", () => {
  let client: FolioClient;
  const cleanups: (() => void)[] = [];
  after(() => cleanups.forEach((cleanup) => cleanup()));
  before(async () => {
    const { base } = await serve({ after: (cleanup) => cleanups.push(cleanup) }, { records });
    client = createClient({ baseUrl: `${base}/` });
  });

  test("gets a post by id, typed, without content unless asked", async () => {
    const post = await client.getPost({ id: "pst_1" });
    assert.equal(post.title, "Hello");
    assert.deepEqual(post.authorIds, ["usr_2", "usr_1"]);
    assert.equal(post.markdown, undefined);
    const full = await client.getPost({ id: "pst_1" }, { includeContent: true });
    assert.match(full.staticHtml, /Hi &lt;there&gt; &amp; all/);
    assert.equal(typeof full.json, "string");
    assert.equal(typeof full.markdown, "string");
  });

  test("gets a post by slugs, unicode and @ included", async () => {
    const post = await client.getPost({ publicationSlug: "Other-Pub", postSlug: "café-ü" });
    assert.equal(post.id, "pst_unicode");
    const at = await client.getPost({ publicationSlug: "@blog", postSlug: "hello-world" });
    assert.equal(at.id, "pst_1");
  });

  test("a missing post is a FolioError with the envelope and request id", async () => {
    const error = await client.getPost({ id: "pst_draft" }).catch((e: unknown) => e);
    assert.ok(error instanceof FolioError);
    assert.equal(error.status, 404);
    assert.equal(error.code, "not_found");
    assert.equal(error.msg, "Post not found");
    assert.match(error.requestId ?? "", /^[0-9a-f-]{36}$/);
    const slashes = await client.getPost({ id: "a/b?c#d" }).catch((e: unknown) => e);
    assert.ok(slashes instanceof FolioError && slashes.code === "not_found", "encoded, not routed");
  });

  test("a bad parameter is a FolioError naming it", async () => {
    const error = await client.getPost({ id: "x".repeat(257) }).catch((e: unknown) => e);
    assert.ok(error instanceof FolioError);
    assert.equal(error.status, 400);
    assert.equal(error.code, "invalid_parameter");
    assert.match(error.msg, /postId/);
  });

  test("an id that cannot name a post is refused before any request, as a FolioError", async () => {
    for (const ref of [{ id: "" }, { id: ".." }, { publicationSlug: "blog", postSlug: "." }]) {
      const error = await client.getPost(ref).catch((e: unknown) => e);
      assert.ok(error instanceof FolioError, `${JSON.stringify(ref)}: ${String(error)}`);
      assert.equal(error.status, 0);
      assert.equal(error.code, "invalid_parameter");
      assert.match(error.msg, /cannot name a post/);
    }
  });

  test("a server out of reach is a FolioError 'unreachable' with the cause", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    await new Promise((resolve) => blocker.close(resolve));
    const gone = createClient({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await gone.getPost({ id: "pst_1" }).catch((e: unknown) => e);
    assert.ok(error instanceof FolioError, String(error));
    assert.equal(error.status, 0);
    assert.equal(error.code, "unreachable");
    assert.match(error.message, /ECONNREFUSED/);
    assert.ok(error.cause instanceof Error);
  });

  test("an abort stays the caller's AbortError", async () => {
    const error = await client
      .getPost({ id: "pst_1" }, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    assert.equal((error as Error).name, "AbortError");
  });

  test("uses the fetch it is given, and only fetch: no imports in the compiled client", async () => {
    const seen: string[] = [];
    const fake = createClient({
      baseUrl: "https://api.example.com/prefix",
      fetch: async (input) => {
        seen.push(String(input));
        return new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" });
      },
    });
    const error = await fake.getPost({ id: "p 1" }, { includeContent: true }).catch((e) => e);
    assert.deepEqual(seen, ["https://api.example.com/prefix/v1/posts/p%201?includeContent=true"]);
    assert.ok(error instanceof FolioError);
    assert.equal(error.code, "unknown");
    assert.equal(error.status, 502);
    // Its own modules only: every import is relative, none reaches a package or node:.
    const dir = new URL(".", import.meta.resolve("folio/client"));
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
      const compiled = readFileSync(new URL(name, dir), "utf8");
      for (const [, from] of compiled.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)) {
        assert.match(from!, /^\.\/[\w-]+\.js$/, `${name} imports ${from}`);
      }
      assert.doesNotMatch(compiled, /require\(|node:|import\(/, name);
    }
  });
});
