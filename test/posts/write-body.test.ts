// What refusing a write body costs, and how it is worded: an over-long array is refused
// without work that grows faster than the body, whatever its items repeat.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Type } from "../../src/posts/typebox.js";
import { fieldValidator } from "../../src/posts/field-errors.js";
import { createChanges, updateChanges } from "../../src/posts/write-body.js";

/**
 * Steps of array iteration (each `next()` of an array iterator, spreads included) taken by
 * `work`: replacing the iterator makes V8 leave its fast paths and call it.
 */
function iterationSteps(work: () => void): number {
  const original = Array.prototype[Symbol.iterator];
  let steps = 0;
  Array.prototype[Symbol.iterator] = function (this: unknown[]) {
    const inner = original.call(this);
    return Object.assign(Object.create(inner) as ArrayIterator<unknown>, {
      next() {
        steps++;
        return inner.next();
      },
    });
  };
  try {
    work();
  } finally {
    Array.prototype[Symbol.iterator] = original;
  }
  return steps;
}

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  return "accepted";
}

for (const field of ["authorIds", "categories"]) {
  test(`refusing ${field} of n repeated items costs no more than linear work in n`, () => {
    const body = (n: number) => ({ title: "t", markdown: "x", [field]: Array(n).fill("a") });
    let message = "";
    const cost = (n: number) =>
      iterationSteps(() => (message = refusal(() => createChanges(body(n)))));
    const [atN, at2N] = [cost(2_000), cost(4_000)];
    assert.equal(message, `${field}: must have at most 100 items`);
    assert.ok(at2N <= 2 * atN, `doubling the items took ${atN} → ${at2N} steps`);
  });
}

test("an array within its limit still has its repeats reported, by index", () => {
  assert.equal(
    refusal(() => createChanges({ title: "t", markdown: "x", authorIds: ["a", "b", "a"] })),
    'authorIds[2]: repeats "a"',
  );
  assert.equal(
    refusal(() => updateChanges({ categories: ["x", "y", "y"] })),
    'categories[2]: repeats "y"',
  );
  assert.equal(
    refusal(() => updateChanges({ categories: Array.from({ length: 101 }, (_, i) => `c${i}`) })),
    "categories: must have at most 100 items",
  );
});

test("a uniqueItems rule without a maxItems is refused when compiled", () => {
  assert.throws(
    () => fieldValidator(Type.Object({ tags: Type.Array(Type.String(), { uniqueItems: true }) })),
    /uniqueItems needs a maxItems/,
  );
});
