// A hidden post must cost what a missing one costs, or response timing
// tells that it exists (and how big it is). Visibility is decided in the store's query, so a
// hidden row is refused before its authors, categories or content are read. The test times
// interleaved requests and compares the two distributions by their common-language effect
// size (the chance that a hidden-post request is the slower of a pair): 0.5 when they are
// alike, near 1 when the hidden post's body is read (it was 1.0 before the fix). No wall-clock
// threshold: both samples share whatever load the machine is under.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { build } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";
import { NOW } from "../helpers/fixtures.js";
import type { PostInput } from "../../src/store/post-store.js";

const BIG = "x".repeat(2_500_000);

/** P(a > b) + P(a = b) / 2 over all pairs (Mann–Whitney U / (n·m)). */
function probabilityGreater(a: number[], b: number[]): number {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

for (const factory of await storeFactories()) {
  describe(`timing of hidden posts (${factory.name})`, () => {
    test("a 2.5 MB draft answers as fast as a post that never existed", async (t) => {
      const { app, store } = await build(t, factory, { CACHE_MAX_BYTES: "0" });
      const write = await store.beginWrite();
      const draft: PostInput = {
        type: "post",
        id: "pst_big_draft",
        publicationId: "pub_1",
        slug: "big",
        title: "Big",
        status: "draft",
        updatedAt: NOW,
        categories: ["a"],
        authorIds: ["usr_1"],
        content: { json: BIG, staticHtml: BIG, markdown: BIG },
        rendererVersion: 1,
      };
      assert.deepEqual(await write.apply([{ line: 1, record: draft }]), []);
      await write.commit();
      const time = async (url: string) => {
        const started = process.hrtime.bigint();
        const res = await app.inject(url);
        assert.equal(res.statusCode, 404);
        return Number(process.hrtime.bigint() - started);
      };
      const hidden: number[] = [];
      const missing: number[] = [];
      for (let i = 0; i < 10; i++) await time("/v1/posts/warm-up?includeContent=true");
      for (let i = 0; i < 150; i++) {
        hidden.push(await time("/v1/posts/pst_big_draft?includeContent=true"));
        missing.push(await time(`/v1/posts/never-${i}?includeContent=true`));
      }
      const p = probabilityGreater(hidden, missing);
      assert.ok(p < 0.75, `hidden slower than missing in ${(p * 100).toFixed(0)}% of pairs`);
    });
  });
}
