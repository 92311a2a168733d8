// The pool under the threaded import: results in source order whatever order they finish in,
// a bounded read-ahead, and a dead worker surfacing as an error instead of a hang.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { inOrder } from "../../src/import/in-order.js";
import { WorkerPool, WorkerPoolError } from "../../src/import/worker-pool.js";
import type { SleepyTask } from "../helpers/sleepy-worker.js";

const SLEEPY = new URL("../helpers/sleepy-worker.js", import.meta.url);

async function* count(n: number, read: { count: number }, failAt?: number) {
  for (let i = 0; i < n; i++) {
    if (i === failAt) throw new Error(`the source broke at ${i}`);
    read.count++;
    yield i;
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

test("results come in source order though the workers finish out of order", async (t) => {
  const pool = new WorkerPool<SleepyTask, number>(SLEEPY, 3);
  t.after(() => pool.close());
  // Early items sleep longest, so completion order is roughly the reverse of source order.
  const delay = (i: number) => (i % 7) * 3 + (i < 10 ? 30 : 0);
  const finished: number[] = [];
  const start = async (i: number) => {
    const result = await pool.run({ value: i, delay: delay(i) });
    finished.push(i);
    return result;
  };
  const results = await collect(inOrder(count(60, { count: 0 }), start, 16));
  assert.deepEqual(
    results,
    Array.from({ length: 60 }, (_, i) => i * 2),
  );
  assert.notDeepEqual(
    finished,
    [...finished].sort((a, b) => a - b),
    "finished out of order",
  );
});

test("the source is read at most a window ahead of the consumer", async () => {
  const read = { count: 0 };
  const ahead: number[] = [];
  let taken = 0;
  for await (const i of inOrder(count(100, read), async (i) => i, 8)) {
    assert.equal(i, taken++);
    ahead.push(read.count - taken);
  }
  assert.equal(taken, 100);
  assert.ok(Math.max(...ahead) <= 8, `read ahead ${Math.max(...ahead)} items`);
});

test("a source error comes after the results of the items read before it", async () => {
  const seen: number[] = [];
  const run = async () => {
    for await (const r of inOrder(count(50, { count: 0 }, 20), async (i) => i, 8)) seen.push(r);
  };
  await assert.rejects(run, /the source broke at 20/);
  assert.deepEqual(
    seen,
    Array.from({ length: 20 }, (_, i) => i),
  );
});

test("starts no worker until the first task, then all of them; closes with none", async (t) => {
  const idle = new WorkerPool<SleepyTask, number>(SLEEPY, 3);
  assert.equal(idle.started, 0);
  await idle.close();
  const pool = new WorkerPool<SleepyTask, number>(SLEEPY, 3);
  t.after(() => pool.close());
  assert.equal(pool.started, 0);
  assert.equal(await pool.run({ value: 5 }), 10);
  assert.equal(pool.started, 3);
  const results = await Promise.all([1, 2, 3, 4].map((value) => pool.run({ value, delay: 5 })));
  assert.deepEqual(results, [2, 4, 6, 8]);
  assert.equal(pool.started, 3);
});

test("a task a worker refuses fails alone; the pool goes on", async (t) => {
  const pool = new WorkerPool<SleepyTask, number>(SLEEPY, 2);
  t.after(() => pool.close());
  await assert.rejects(pool.run({ value: 1, refuse: true }), /task 1 refused/);
  assert.equal(await pool.run({ value: 2 }), 4);
});

for (const crash of ["exit", "throw"] as const) {
  test(`a worker that dies (${crash}) fails every waiting task and the pool`, async (t) => {
    const pool = new WorkerPool<SleepyTask, number>(SLEEPY, 2);
    t.after(() => pool.close());
    const slow = pool.run({ value: 1, delay: 60_000 });
    const dying = pool.run({ value: 2, crash });
    const expected = crash === "exit" ? /exited with code 7/ : /failed: boom in the worker/;
    await assert.rejects(dying, (e) => e instanceof WorkerPoolError && expected.test(e.message));
    await assert.rejects(slow, WorkerPoolError, "the others' tasks fail too, none hangs");
    await assert.rejects(pool.run({ value: 3 }), WorkerPoolError);
  });
}

test("idle workers do not keep the process alive", (t) => {
  const script = `
    import { WorkerPool } from ${JSON.stringify(new URL("../../src/import/worker-pool.js", import.meta.url).href)};
    const pool = new WorkerPool(new URL(${JSON.stringify(SLEEPY.href)}), 2);
    console.log(await pool.run({ value: 21, delay: 50 }));`;
  // A file, not --eval: workers inherit the process's flags, and --input-type is not theirs.
  const dir = mkdtempSync(join(tmpdir(), "folio-pool-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "alive.mjs"), script);
  const child = spawnSync(process.execPath, [join(dir, "alive.mjs")], {
    encoding: "utf8",
    timeout: 20_000,
  });
  assert.equal(child.signal, null, "the process ended by itself, pool never closed");
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout.trim(), "42", "a busy worker kept it alive until the answer");
});

test("a task that cannot be sent fails alone and leaves nothing waiting", async (t) => {
  const pool = new WorkerPool<SleepyTask, number>(SLEEPY, 1);
  t.after(() => pool.close());
  const unsendable = { value: 1, delay: () => 0 } as unknown as SleepyTask;
  await assert.rejects(pool.run(unsendable), /could not be cloned/);
  assert.equal(pool.pending, 0);
  assert.equal(await pool.run({ value: 2 }), 4, "the pool still works");
});
