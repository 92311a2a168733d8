// The keyset promise, as a property: a reader pages through a publication while
// its posts are published, withdrawn and scheduled at random and the clock moves on. No
// post is ever listed twice, no post that stayed visible (and kept its time) is skipped,
// and every post listed was visible when its page was read. Through HTTP, cache on.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { NO_SHEDDING, build } from "../helpers/app.js";
import { NOW } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";

const MINUTE = 60_000;

type State = { status: "published" | "draft"; publishedAt: number };
type Op =
  | { kind: "publish" | "withdraw"; post: number }
  | { kind: "schedule"; post: number; ahead: number }
  | { kind: "add" }
  | { kind: "tick"; ms: number };

const stateArb = fc.oneof(
  fc.record({
    status: fc.constant("published" as const),
    publishedAt: fc.integer({ min: -600, max: 0 }),
  }),
  fc.record({
    status: fc.constant("draft" as const),
    publishedAt: fc.integer({ min: -600, max: 0 }),
  }),
  fc.record({
    status: fc.constant("published" as const),
    publishedAt: fc.integer({ min: 1, max: 30 }),
  }),
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom("publish" as const, "withdraw" as const), post: fc.nat(40) }),
  fc.record({
    kind: fc.constant("schedule" as const),
    post: fc.nat(40),
    ahead: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({ kind: fc.constant("add" as const) }),
  fc.record({ kind: fc.constant("tick" as const), ms: fc.integer({ min: 1, max: 10 * MINUTE }) }),
);
const planArb = fc.record({
  // Minutes from the start; several posts share a minute, so ids break ties.
  initial: fc.array(stateArb, { minLength: 1, maxLength: 25 }),
  pageSize: fc.integer({ min: 1, max: 4 }),
  between: fc.array(fc.array(opArb, { maxLength: 3 }), { minLength: 12, maxLength: 12 }),
});

const visible = (s: State, now: number) => s.status === "published" && s.publishedAt <= now;

for (const factory of await storeFactories()) {
  describe(`keyset paging under writes (${factory.name})`, () => {
    test("no duplicate, no skip of a post that stayed visible, nothing hidden shown", async (t) => {
      let now = NOW;
      const { app, store } = await build(t, factory, NO_SHEDDING, undefined, () => now);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(planArb, async (plan) => {
          now = NOW;
          const publication = `pub_prop_${run++}`;
          const states: State[] = plan.initial.map((s) => ({
            status: s.status,
            publishedAt: now + Math.floor(s.publishedAt / 2) * MINUTE,
          }));
          const line = (i: number) => ({
            type: "post",
            id: `${publication}_${String(i).padStart(2, "0")}`,
            publicationId: publication,
            slug: `p${i}`,
            title: `Post ${i}`,
            ...states[i],
          });
          await importLines(store, [
            { type: "publication", id: publication, slug: publication, name: "P" },
            ...states.map((_, i) => line(i)),
          ]);
          // Stable: visible from the first page to the last with the same time.
          const stable = new Set(states.flatMap((s, i) => (visible(s, now) ? [line(i).id] : [])));
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let page = 0; ; page++) {
            // Each page but the last shows a post not shown before: a list this long must end.
            assert.ok(page <= states.length, `still paging after ${page} pages`);
            const query = `limit=${plan.pageSize}${cursor ? `&cursor=${cursor}` : ""}`;
            const res = await app.inject(`/v1/publications/${publication}/posts?${query}`);
            assert.equal(res.statusCode, 200, res.body);
            const body = res.json<{ items: { id: string }[]; pagination: { cursor?: string } }>();
            for (const { id } of body.items) {
              const i = Number(id.slice(-2));
              assert.ok(visible(states[i]!, now), `${id} listed while hidden`);
            }
            seen.push(...body.items.map((item) => item.id));
            cursor = body.pagination.cursor && encodeURIComponent(body.pagination.cursor);
            if (cursor === undefined) break;
            const changed = await apply(
              plan.between[page % 12] ?? [],
              states,
              () => now,
              (ms) => (now += ms),
            );
            for (const i of changed) stable.delete(line(i).id);
            if (changed.length > 0) await importLines(store, changed.map(line));
          }
          assert.equal(new Set(seen).size, seen.length, `a duplicate in ${seen.join(" ")}`);
          for (const id of stable)
            assert.ok(seen.includes(id), `${id} stayed visible but was skipped`);
        }),
        { numRuns: factory.name === "sqlite" ? 60 : 25 },
      );
    });
  });
}

/** Applies one batch of operations to the model; the posts whose state changed. */
async function apply(ops: Op[], states: State[], now: () => number, tick: (ms: number) => void) {
  const changed = new Set<number>();
  for (const op of ops) {
    if (op.kind === "tick") {
      tick(op.ms);
      continue;
    }
    const i = op.kind === "add" ? states.length : op.post % states.length;
    const before = states[i];
    if (op.kind === "add") states.push({ status: "published", publishedAt: now() });
    // Published again, a post keeps the time it first had, unless that time is still ahead.
    if (op.kind === "publish")
      states[i] = { status: "published", publishedAt: Math.min(before!.publishedAt, now()) };
    if (op.kind === "withdraw") states[i] = { ...before!, status: "draft" };
    if (op.kind === "schedule")
      states[i] = { status: "published", publishedAt: now() + op.ahead * MINUTE };
    changed.add(i);
  }
  return [...changed];
}
