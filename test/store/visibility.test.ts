// Visibility as data: the per-post check and the store's query predicate come from one
// definition and must agree, on every store, for every state and at every instant around a
// post's publication time, the go-live instant itself included.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { isVisible } from "../../src/store/visibility.js";
import { storeFactories } from "../helpers/stores.js";
import { importLines } from "../helpers/store-tools.js";

const T = Date.UTC(2026, 5, 1);
const STATUSES = ["draft", "published", "archived"] as const;

for (const factory of await storeFactories()) {
  describe(`visibility predicate (${factory.name})`, () => {
    test("the query's predicate and isVisible agree", async (t) => {
      const { store, dispose } = await factory.create();
      t.after(dispose);
      const posts = STATUSES.flatMap((status) =>
        [-2, -1, 0, 1, 2].map((offset) => ({
          type: "post",
          id: `p_${status}_${offset + 2}`,
          publicationId: "pub",
          slug: `s-${status}-${offset + 2}`,
          title: "t",
          status,
          ...(status === "draft" ? {} : { publishedAt: T + offset * 1000 }),
        })),
      );
      const publication = { type: "publication", id: "pub", slug: "pub", name: "P" };
      await importLines(store, [publication, ...posts]);
      const stored = await Promise.all(
        posts.map((p) => store.findPostById(p.id, { withContent: false })),
      );
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: -3000, max: 3000 }), async (delta) => {
          const now = T + delta;
          for (const post of stored) {
            const byQuery = await store.findPostById(post!.id, {
              withContent: false,
              visibleAt: now,
            });
            assert.equal(byQuery !== undefined, isVisible(post!, now), `${post!.id} at ${delta}`);
          }
        }),
        { numRuns: 40, examples: [[0], [-1], [1], [1000], [999], [1001], [-1000]] },
      );
      // The go-live instant: visible at exactly its publication time, not a millisecond before.
      const next = await store.nextGoLive(T - 1);
      assert.equal(next, T);
      assert.equal(await store.nextGoLive(T + 2000), undefined);
    });
  });
}
