// The start banner suggests requests that answer on the store being served: the demo's on
// the demo, a real visible post of one's own data otherwise, never a 404.
import assert from "node:assert/strict";
import { test } from "node:test";
import { serve } from "../helpers/served.js";

const publication = { type: "publication", id: "pub_own", slug: "own-notes", name: "Own" };
const post = (id: string, slug: string, status: string) => ({
  type: "post",
  id,
  publicationId: "pub_own",
  slug,
  title: `Post ${id}`,
  status,
  publishedAt: 1732147200000,
  markdown: "Hello",
});

function suggested(output: string): string[] {
  return [...output.matchAll(/curl '(http:\/\/[^']+)'/g)].map((m) => m[1]!);
}

test("on one's own data the banner suggests a visible post of it, and both answer 200", async (t) => {
  // Ids sort the draft first: the banner must skip what is not visible.
  const records = [
    publication,
    post("a_draft", "draft", "draft"),
    post("b_live", "live", "published"),
  ];
  const { server } = await serve(t, { records });
  const urls = suggested(server.output());
  assert.equal(urls.length, 2, server.output());
  assert.match(urls[0]!, /\/v1\/publications\/slug\/own-notes\/posts\/slug\/live$/);
  assert.match(urls[1]!, /\/v1\/posts\/b_live\?includeContent=true$/);
  assert.doesNotMatch(server.output(), /pst_welcome|field-notes/);
  for (const url of urls) assert.equal((await fetch(url)).status, 200, url);
});

test("with nothing visible the banner says how to load posts instead of a 404", async (t) => {
  const { server } = await serve(t, { records: [publication, post("a", "a", "draft")] });
  assert.deepEqual(suggested(server.output()), []);
  assert.match(server.output(), /No published post yet: load some with `folio import FILE`/);
});

test("metrics are announced only where they are served", async (t) => {
  const { base, server } = await serve(t);
  assert.match(server.output(), /Metrics: off/);
  assert.equal((await fetch(`${base}/metrics`)).status, 404);
});
