// The editor's bundle as served: within its budget (250 KB of gzipped JavaScript), under a
// name made from its hash with immutable caching, compressed on request; the editor's page
// lets only this origin's scripts run (nothing inline, nothing from elsewhere), the list and the
// sign-in page run only the passkey button's, and the reader's pages keep running none at all.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { test } from "node:test";
import { DeskAssets } from "../../src/desk/assets.js";
import { sqliteFactory } from "../helpers/stores.js";
import { buildDesk } from "./helpers.js";

/** The budget, in bytes of gzip at its default level (what a server sends). */
const BUDGET = 250 * 1000;

test("the editor's script is within its budget of 250 KB gzipped", (t) => {
  const assets = new DeskAssets();
  const script = assets.bytes("script");
  assert.ok(script, "npm run build bundled the editor (dist/desk/editor.js)");
  const gzipped = gzipSync(script).length;
  assert.ok(gzipped <= BUDGET, `the editor is ${gzipped} bytes gzipped, over ${BUDGET}`);
  // Everything is inside the bundle: nothing is imported from anywhere at run time.
  assert.doesNotMatch(script.toString("utf8"), /\bimport\s*\(|\bfrom\s*"https?:/);
  // Reported by the test run (docs/desk.md quotes it).
  t.diagnostic(`editor.js: ${script.length} bytes, ${gzipped} gzipped (budget ${BUDGET})`);
});

test("the bundle is served by hash, immutable and compressed; the editor's page runs it alone", async (t) => {
  const desk = await buildDesk(t, sqliteFactory);
  const writer = await desk.signIn();
  const editor = await writer.send({ method: "GET", url: "/desk/posts/new" });
  assert.equal(editor.statusCode, 200);
  const policy = String(editor.headers["content-security-policy"]);
  assert.match(policy, /(^|; )script-src 'self'(;|$)/);
  assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|https?:\/\/[^ ;]*\.js/);
  assert.match(policy, /default-src 'none'/);
  const scripts = [...editor.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
  assert.deepEqual(
    scripts.map((attributes) => /type="([^"]*)"/.exec(attributes)?.[1]),
    ["application/json", "module"],
    "one data block and the bundle: no inline script",
  );
  const src = /<script type="module" src="([^"]+)"/.exec(editor.body)?.[1];
  const style = /<link rel="stylesheet" href="(\/desk\/assets\/[^"]+)"/.exec(editor.body)?.[1];
  assert.match(src ?? "", /^\/desk\/assets\/editor\.[\w-]{12}\.js$/);
  assert.match(style ?? "", /^\/desk\/assets\/editor-style\.[\w-]{12}\.css$/);

  for (const [url, type] of [
    [src!, "text/javascript; charset=utf-8"],
    [style!, "text/css; charset=utf-8"],
  ] as const) {
    const plain = await desk.app.inject({ url });
    assert.equal(plain.statusCode, 200, url);
    assert.equal(plain.headers["content-type"], type);
    assert.equal(plain.headers["cache-control"], "public, max-age=31536000, immutable");
    const zipped = await desk.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    assert.equal(zipped.headers["content-encoding"], "gzip");
    const again = await desk.app.inject({
      url,
      headers: { "if-none-match": String(plain.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  }
  const wrong = await desk.app.inject({ url: "/desk/assets/editor.AAAAAAAAAAAA.js" });
  assert.equal(wrong.statusCode, 404);

  // The list and the sign-in page run the passkey button's script alone, which talks to the
  // desk alone; a reader's page runs none.
  const list = await writer.send({ method: "GET", url: "/desk" });
  const signIn = await desk.app.inject({ url: "/desk" });
  assert.equal(signIn.statusCode, 401);
  for (const page of [list, signIn]) {
    const listPolicy = String(page.headers["content-security-policy"]);
    assert.match(listPolicy, /(^|; )script-src 'self'(;|$)/);
    assert.match(listPolicy, /(^|; )connect-src 'self'(;|$)/);
    const listScripts = [...page.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.equal(listScripts.length, 1, listScripts.join(" "));
    const passkey = /^<script type="module" src="([^"]+)">$/.exec(listScripts[0]!)?.[1];
    assert.match(passkey ?? "", /^\/desk\/assets\/passkey\.[\w-]{12}\.js$/);
    assert.equal((await desk.app.inject({ url: passkey! })).statusCode, 200);
  }
  const reader = await desk.app.inject({ url: "/", headers: { accept: "text/html" } });
  assert.doesNotMatch(String(reader.headers["content-security-policy"]), /script-src/);
});
