// API keys: made with a recognizable prefix and 256 random bits, kept as a hash;
// checked through a cache that asks the store at most once per key per TTL, so a
// revocation is seen within the TTL; malformed keys never reach the store.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { KeyVerifier, hashKey, newApiKey } from "../../src/posts/api-keys.js";
import type { ApiKeyRecord } from "../../src/store/post-store.js";

function fakeStore(keys: ApiKeyRecord[]) {
  const asked: string[] = [];
  return {
    asked,
    async findApiKey(hash: string) {
      asked.push(hash);
      return keys.find((k) => k.hash === hash && k.revokedAt === undefined);
    },
  };
}

describe("API keys", () => {
  it("makes a prefixed key of 256 random bits and keeps only its hash and a hint", () => {
    const { secret, record } = newApiKey("pub_1", "CMS", 5);
    assert.match(secret, /^folio_sk_[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(secret.slice(9), "base64url").length, 32);
    assert.equal(record.hash, hashKey(secret));
    assert.equal(record.hint, secret.slice(0, 13));
    assert.ok(!JSON.stringify(record).includes(secret.slice(13)));
    assert.notEqual(newApiKey("pub_1", undefined, 5).secret, secret);
  });

  it("asks the store once per TTL, shares concurrent lookups, and sees a revocation after the TTL", async () => {
    const { secret, record } = newApiKey("pub_1", undefined, 0);
    const store = fakeStore([record]);
    let now = 1000;
    const verifier = new KeyVerifier(store, { clock: () => now, ttlMs: 500 });
    const found = await Promise.all([verifier.verify(secret), verifier.verify(secret)]);
    assert.deepEqual(found, [record, record]);
    assert.equal(store.asked.length, 1);
    record.revokedAt = 1001;
    now = 1499;
    assert.deepEqual(await verifier.verify(secret), record, "believed within the TTL");
    now = 1500;
    assert.equal(await verifier.verify(secret), undefined);
    assert.equal(store.asked.length, 2);
  });

  it("never asks the store about a malformed key", async () => {
    const store = fakeStore([]);
    const verifier = new KeyVerifier(store);
    for (const bad of [
      "",
      "folio_sk_short",
      `sk_${"a".repeat(43)}`,
      `folio_sk_${"a".repeat(42)}!`,
    ]) {
      assert.equal(await verifier.verify(bad), undefined);
    }
    assert.deepEqual(store.asked, []);
  });
});
