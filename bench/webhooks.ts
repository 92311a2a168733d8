// npm run bench:webhooks: what the outbox adds to an import of 10,000 posts, and
// how many events per second one process delivers to a local receiver, on SQLite and on
// PostgreSQL. Imports go through the store's write transaction in batches of 500, as `folio
// import` does, minus NDJSON parsing and content derivation (bench/import-data.ts), so the
// outbox's share of the store's work is what shows. Variants alternate within each round.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEFAULT_POSTGRES_SETTINGS, loadConfig } from "../src/config/index.js";
import { Outbox } from "../src/store/outbox.js";
import type { PostStore } from "../src/store/post-store.js";
import { openPostgresStore } from "../src/store/postgres/store.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { addEndpoint } from "../src/webhooks/endpoints.js";
import { WebhookRuntime } from "../src/webhooks/runtime.js";
import { batches } from "./import-data.js";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ADMIN_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

type Variant = "outbox off" | "no endpoint" | "1 endpoint" | "3 endpoints, 1 with content";
const VARIANTS: Variant[] = [
  "outbox off",
  "no endpoint",
  "1 endpoint",
  "3 endpoints, 1 with content",
];

const written = Outbox.prototype.written;

async function importOnce(store: PostStore, variant: Variant, url: string): Promise<number> {
  await store.migrate();
  // Publications first (endpoints may name one), outside the timed import.
  const [first, ...rest] = [...batches(POSTS)];
  const setup = await store.beginWrite();
  await setup.apply(first!);
  await setup.commit();
  const endpoints = variant === "1 endpoint" ? 1 : variant.startsWith("3") ? 3 : 0;
  for (let i = 0; i < endpoints; i++) {
    const input = { url, includeContent: i === 2, ...(i === 1 ? { publicationId: "pub_1" } : {}) };
    await addEndpoint(store, input, { allowPrivate: true, now: Date.now() });
  }
  // "outbox off": the transaction records nothing, as before webhooks (bench only).
  Outbox.prototype.written = variant === "outbox off" ? async () => 0 : written;
  const started = performance.now();
  const tx = await store.beginWrite();
  for (const batch of rest) await tx.apply(batch);
  await tx.commit();
  Outbox.prototype.written = written;
  return (performance.now() - started) / 1000;
}

async function deliverAll(store: PostStore, concurrency: number, receiver: Receiver) {
  const env = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_CONCURRENCY: String(concurrency) };
  const settings = loadConfig(env).webhooks;
  const goLive = { onGoLive: () => {} };
  const before = await receiver.count();
  const pending = (await store.deliveryStats()).pending;
  const runtime = new WebhookRuntime({
    store,
    settings,
    goLive,
    warn: (m, e) => console.error(m, e),
  });
  const started = performance.now();
  runtime.start();
  while ((await store.deliveryStats()).pending > 0) await new Promise((r) => setTimeout(r, 100));
  const seconds = (performance.now() - started) / 1000;
  await runtime.stop();
  return { pending, seconds, received: (await receiver.count()) - before };
}

interface Receiver {
  url: string;
  count(): Promise<number>;
  stop(): void;
}

async function startReceiver(): Promise<Receiver> {
  const script = fileURLToPath(new URL("./webhook-receiver.js", import.meta.url));
  const child = spawn(process.execPath, [script], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value);
  const port = (await next()).split(" ")[1];
  return {
    url: `http://127.0.0.1:${port}/hook`,
    count: async () => (child.stdin!.write("?\n"), Number((await next()).split(" ")[1])),
    stop: () => child.kill(),
  };
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

let made = 0;
async function freshStore(kind: "sqlite" | "postgres", dir: string) {
  const name = `folio_bench_wh_${process.pid}_${++made}`;
  if (kind === "sqlite") {
    const store = openSqliteStore(join(dir, `${name}.db`));
    return { store, drop: async () => store.close() };
  }
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url: url.href });
  return {
    store,
    drop: async () => {
      await store.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const receiver = await startReceiver();
const dir = mkdtempSync(join(tmpdir(), "folio-bench-wh-"));
const rows: string[] = [];
try {
  for (const kind of ["sqlite", "postgres"] as const) {
    const times = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
    // Each round's "1 endpoint" store keeps its queue of POSTS deliveries for the delivery runs.
    const queued: Awaited<ReturnType<typeof freshStore>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of VARIANTS) {
        const fresh = await freshStore(kind, dir);
        times.get(variant)!.push(await importOnce(fresh.store, variant, receiver.url));
        console.log(
          `${kind} ${variant}: ${times.get(variant)!.at(-1)!.toFixed(2)} s (load ${load()})`,
        );
        if (variant === "1 endpoint") queued.push(fresh);
        else await fresh.drop();
      }
    }
    const base = median(times.get("outbox off")!);
    for (const variant of VARIANTS) {
      const t = median(times.get(variant)!);
      const row = `| ${kind} | import, ${variant} | ${t.toFixed(2)} s | ×${(t / base).toFixed(2)} |`;
      rows.push(`${row} ${load()} |`);
    }
    for (const [i, concurrency] of [8, 32].entries()) {
      const target = queued[i];
      if (target === undefined) continue;
      const d = await deliverAll(target.store, concurrency, receiver);
      const rate = `${Math.round(d.received / d.seconds)} events/s`;
      rows.push(
        `| ${kind} | deliver ${d.pending} events, concurrency ${concurrency} | ${d.seconds.toFixed(2)} s | ${rate} | ${load()} |`,
      );
      console.log(rows.at(-1));
    }
    for (const q of queued) await q.drop();
  }
} finally {
  receiver.stop();
  rmSync(dir, { recursive: true, force: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

console.log(`\n${POSTS} posts (+1,000 publications, 10,000 authors), ${ROUNDS} rounds, median:\n`);
console.log('| Store | Case | Time | Against "outbox off" / rate | Load average (1, 5, 15 min) |');
console.log("| --- | --- | ---: | ---: | --- |");
for (const row of rows) console.log(row);
