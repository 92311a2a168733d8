// End to end: `folio serve` on a free port, fetched over real HTTP.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runFolio, startFolio } from "../helpers/cli.js";

test("serve loads the demo into an empty store and answers over HTTP", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "folio-serve-"));
  const server = startFolio(["--demo-if-empty"], { DATABASE_URL: join(dir, "folio.db") });
  t.after(() => {
    server.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });
  const base = await server.address;
  assert.match(server.output(), /curl '.*\/v1\/posts\/pst_welcome\?includeContent=true'/);
  const res = await fetch(`${base}/v1/posts/pst_welcome?includeContent=true`);
  assert.equal(res.status, 200);
  const post = (await res.json()) as Record<string, string>;
  assert.equal(post.slug, "hello-folio");
  assert.match(post.staticHtml!, /<h1>Hello, Folio<\/h1>/);
  const bySlug = await fetch(`${base}/v1/publications/slug/@field-notes/posts/slug/hello-folio`);
  assert.equal(bySlug.status, 200);
  const draft = await fetch(`${base}/v1/posts/pst_draft`);
  assert.equal(draft.status, 404);
  assert.equal(((await draft.json()) as { error: string }).error, "not_found");
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});

test("a port in use is a one-line error and a non-zero exit", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "folio-port-"));
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  t.after(() => {
    blocker.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const { port } = blocker.address() as { port: number };
  const res = await runFolio(["serve"], {
    DATABASE_URL: join(dir, "f.db"),
    PORT: String(port),
    HOST: "127.0.0.1",
  });
  assert.equal(res.code, 1);
  assert.equal(res.stderr, `folio: port ${port} is already in use (127.0.0.1:${port})\n`);
});
