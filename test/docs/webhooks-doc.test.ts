// docs/webhooks.md's verification example, run as written against deliveries Folio signs.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { newSecret, webhookHeaders } from "../../src/webhooks/signature.js";

type Verify = (
  secret: string,
  headers: Record<string, string>,
  body: string,
  now?: number,
) => unknown;

async function example(t: { after(f: () => void): void }): Promise<Verify> {
  const text = readFileSync("docs/webhooks.md", "utf8");
  const code = /<!-- verify-example -->\s*```js\n([\s\S]*?)```/.exec(text)?.[1];
  assert.ok(code, "docs/webhooks.md has its verification example");
  const dir = mkdtempSync(join(tmpdir(), "folio-doc-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "verify.mjs"), code);
  const module = (await import(pathToFileURL(join(dir, "verify.mjs")).href)) as {
    verifyFolioWebhook: Verify;
  };
  return module.verifyFolioWebhook;
}

test("the documented verification accepts Folio's signature and refuses tampering and replays", async (t) => {
  const verify = await example(t);
  const secret = newSecret();
  const body = JSON.stringify({
    type: "post.published",
    timestamp: "x",
    data: { post: { id: "p" } },
  });
  const now = Date.now();
  const headers = webhookHeaders(secret, "msg_doc", now, body);
  assert.deepEqual(verify(secret, headers, body, now), JSON.parse(body));
  assert.throws(() => verify(secret, headers, body.replace('"p"', '"q"'), now), /does not match/);
  assert.throws(() => verify(newSecret(), headers, body, now), /does not match/);
  assert.throws(() => verify(secret, headers, body, now + 10 * 60_000), /too old/);
  const rotated = { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` };
  assert.deepEqual(verify(secret, rotated, body, now), JSON.parse(body));
});
