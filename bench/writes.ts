// The authoring benchmarks, part of `npm run bench`; alone: `npm run bench:writes`
// (= BENCH_ONLY=writes npm run bench). On each store (a SQLite file, then a fresh PostgreSQL
// database at PG_TEST_URL, default postgres://postgres@127.0.0.1:5432/postgres), seeded with
// the 1k data set, one real `folio serve` process:
//
// 1. Writes per second: `POST /v1/posts` with `{title, markdown, status: "published"}`, a
//    ~5 KB Markdown body, a key made by `folio keys create`, from wrk (its own process, one
//    thread, BENCH_WRITE_CONNECTIONS connections). Every title is new, so every slug is made
//    from the title without a collision. Against the node:http ceiling (bench/ceiling.ts)
//    answering the same POSTs with Folio's recorded answer after reading the body, the two
//    alternating in the same run.
// 2. Reads of one hot post (`GET /v1/posts/pst_7?includeContent=true`, wrk, 32 connections)
//    alone, then the same reads while bench/writer.ts (another process) creates posts in the
//    hot post's publication at a steady BENCH_WRITE_RATE a second (default 5, the same on both
//    stores, and well under what either store sustains in part 1, so the reads measure
//    sharing the process with writes, not a backlog of them). The phases alternate.
//
// Beside them, in this process: what deriving the body's content (Markdown → TipTap JSON,
// HTML, Markdown; src/content) costs, the work a create does whatever the store (on the
// derivation worker where there is more than one core, on the event loop otherwise).
//
// The per-key write limit (WRITE_RATE_LIMIT, 120 a minute as shipped) is raised to 10^9 a
// minute for these runs, so the limiter still runs but never answers 429; RATE_LIMIT=0 as in
// the read cases. Results replace the "Writes" section of bench/RESULTS.md.
import { spawn, spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEFAULT_POSTGRES_SETTINGS } from "../src/config/index.js";
import { deriveContent } from "../src/content/index.js";
import type { PostStore } from "../src/store/post-store.js";
import { openPostgresStore } from "../src/store/postgres/store.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { loadDataSet, postId } from "./data.js";
import { replaceSection } from "./report.js";
import { startCeiling, startFolio, type LoadResult, type Running } from "./servers.js";
import { wrkLoad, wrkPost, type PostSpec } from "./wrk.js";
import type { WriterResult, WriterSpec } from "./writer.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 8);
/** Creates a second during the read phases. */
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 5);
/** wrk's timeout for every run here: answers can take seconds on a loaded machine. */
const TIMEOUT = 30;
const ADMIN_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const FOLIO = fileURLToPath(new URL("../../bin/folio.js", import.meta.url));
const WRITER = fileURLToPath(new URL("./writer.js", import.meta.url));
const HOT = 7;
const PUBLICATION = `pub_${HOT % 100}`;
const HOT_PATH = `/v1/posts/${postId(HOT)}?includeContent=true`;
const ENV = { WRITE_RATE_LIMIT: "1000000000" };
const HEADING = "## Writes: authoring creates, and hot reads while writes run";

export type StoreKind = "sqlite" | "postgres";

/** The names `BENCH_ONLY` matches against (any part of one runs that store's write cases). */
export const writeCaseNames = (kind: StoreKind) => [`writes, ${kind}`];

/** A Markdown document of about `bytes`: headings, marked-up paragraphs, lists, code, a quote. */
export function markdownBody(bytes = 5000): string {
  const parts: string[] = [];
  for (let k = 1; parts.join("\n\n").length < bytes; k++) {
    parts.push(
      `## Section ${k}`,
      `Some **bold** and _italic_ words about topic ${k}, a [link](https://example.com/${k}) and \`code\`. ` +
        "The rest of the paragraph is plain prose, long enough to read like a real post's text does.",
      `- first point of ${k}\n- second point, with **weight**\n- third point`,
      k % 3 === 0
        ? "```js\nconst answer = compute(input);\nconsole.log(answer);\n```"
        : `> A quoted line from section ${k}.`,
    );
  }
  return parts.join("\n\n");
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh store with the 1k data set: its DATABASE_URL and how to drop it. */
async function freshStore(kind: StoreKind, work: string) {
  const name = `folio_bench_writes_${process.pid}`;
  let url: string;
  let store: PostStore;
  if (kind === "sqlite") {
    url = join(work, `${name}.db`);
    store = openSqliteStore(url);
  } else {
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(ADMIN_URL);
    target.pathname = `/${name}`;
    url = target.href;
    store = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url });
  }
  await store.migrate();
  await loadDataSet(store, 1000);
  await store.close();
  const drop = async () => {
    if (kind === "sqlite")
      for (const end of ["", "-wal", "-shm"]) rmSync(url + end, { force: true });
    else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { url, drop };
}

/** A key for the hot post's publication, made the documented way: `folio keys create`. */
function createKey(databaseUrl: string): string {
  const made = spawnSync(
    process.execPath,
    [FOLIO, "keys", "create", "--publication", PUBLICATION, "--name", "bench"],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
  );
  const key = made.stdout.trim();
  if (made.status !== 0 || !key.startsWith("folio_sk_"))
    throw new Error(`folio keys create failed: ${made.stderr}`);
  return key;
}

function runWriter(spec: WriterSpec, file: string): Promise<WriterResult> {
  writeFileSync(file, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out) as WriterResult)
        : reject(new Error(`writer exited ${code}`)),
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mean = <T>(runs: T[], value: (r: T) => number) =>
  runs.reduce((s, r) => s + value(r), 0) / runs.length;

export interface WriteRows {
  kind: StoreKind;
  ceiling: LoadResult[];
  folio: LoadResult[];
  alone: LoadResult[];
  during: LoadResult[];
  writer: WriterResult[];
  /** The steady writer's target, creates a second. */
  rate: number;
  /** Published posts of the publication at the end, against the creates answered 200. */
  created: { counted: number; answered: number };
  load: { start: string; end: string };
}

async function publishedCount(folio: Running, key: string): Promise<number> {
  const response = await fetch(`${folio.url}/v1/posts?status=published&limit=1`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await response.json()) as { pagination?: { total?: number } };
  return body.pagination?.total ?? Number.NaN;
}

async function benchStore(kind: StoreKind, work: string, port: number): Promise<WriteRows> {
  const startLoad = load();
  const fresh = await freshStore(kind, work);
  const key = createKey(fresh.url);
  const folio = await startFolio(fresh.url, port, ENV);
  const tail = JSON.stringify({ status: "published", markdown: markdownBody() }).slice(1);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const spec = (label: string): PostSpec => ({
    path: "/v1/posts",
    headers,
    titlePrefix: `Bench ${kind} ${label} ${Date.now()}`,
    tail,
  });
  const rows: WriteRows = {
    kind,
    ceiling: [],
    folio: [],
    alone: [],
    during: [],
    writer: [],
    rate: 0,
    created: { counted: 0, answered: 0 },
    load: { start: startLoad, end: "" },
  };
  try {
    const before = await publishedCount(folio, key);
    // Folio's answer to one create, for the ceiling to replay (after reading the same body).
    const answer = await fetch(`${folio.url}/v1/posts`, {
      method: "POST",
      headers,
      body: `{"title":"Bench recorded answer",${tail}`,
    });
    if (answer.status !== 200) throw new Error(`create answered ${answer.status}`);
    const recorded = {
      status: answer.status,
      headers: Object.fromEntries(
        [...answer.headers].filter(([k]) => !["date", "connection", "keep-alive"].includes(k)),
      ),
      body: Buffer.from(await answer.arrayBuffer()).toString("base64"),
    };
    let answered = 1;
    const ceiling = await startCeiling(
      { " /v1/posts": recorded },
      port + 1,
      join(work, "answers.json"),
    );
    try {
      for (const server of [ceiling, folio])
        await wrkPost(server.url, spec("warm-up"), 2, CONNECTIONS);
      answered += (await publishedCount(folio, key)) - before - 1;
      for (let round = 0; round < ROUNDS; round++) {
        rows.ceiling.push(await wrkPost(ceiling.url, spec(`c${round}`), SECONDS, CONNECTIONS));
        const run = await wrkPost(folio.url, spec(`f${round}`), SECONDS, CONNECTIONS);
        rows.folio.push(run);
        answered += run.ok;
        console.log(
          `${kind} writes: ceiling ${Math.round(rows.ceiling.at(-1)!.rps)}, folio ${Math.round(run.rps)} creates/s (load ${load()})`,
        );
      }
    } finally {
      await ceiling.stop();
    }
    rows.rate = WRITE_RATE;
    // Let the server finish what part 1 left (creates still in flight when wrk stopped).
    await sleep(2000);
    await wrkLoad(folio.url, [HOT_PATH], {}, 1, TIMEOUT);
    for (let round = 0; round < ROUNDS; round++) {
      rows.alone.push(await wrkLoad(folio.url, [HOT_PATH], {}, SECONDS, TIMEOUT));
      const writer = runWriter(
        {
          url: folio.url,
          key,
          rate: rows.rate,
          seconds: SECONDS + 1,
          titlePrefix: `Bench ${kind} steady ${round} ${Date.now()}`,
          tail,
        },
        join(work, "writer.json"),
      );
      await sleep(500);
      rows.during.push(await wrkLoad(folio.url, [HOT_PATH], {}, SECONDS, TIMEOUT));
      const wrote = await writer;
      rows.writer.push(wrote);
      answered += wrote.ok;
      const [a, d] = [rows.alone.at(-1)!, rows.during.at(-1)!];
      console.log(
        `${kind} hot reads: alone p99 ${a.p99} ms, with ${wrote.achieved.toFixed(0)} creates/s p99 ${d.p99} ms (load ${load()})`,
      );
    }
    rows.created = { counted: (await publishedCount(folio, key)) - before, answered };
  } finally {
    await folio.stop();
    await fresh.drop();
  }
  rows.load.end = load();
  return rows;
}

/** Two decimals, or two significant digits below 0.1 (a create is far from the ceiling). */
const ratio = (r: number) => (r < 0.1 ? r.toPrecision(2) : r.toFixed(2));

function section(all: WriteRows[], derive: { ms: number; load: string }): string {
  const r2 = (n: number) => (Math.round(n * 100) / 100).toString();
  const writes = [
    "| store | ceiling POST req/s | Folio creates/s | ratio | Folio p50 ms | Folio p99 ms | non-200 / socket errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...all.map((w) => {
      const [c, f] = [mean(w.ceiling, (r) => r.rps), mean(w.folio, (r) => r.rps)];
      const bad = w.folio.reduce((s, r) => s + r.notFound, 0);
      const errors = w.folio.reduce((s, r) => s + r.errors, 0);
      return `| ${w.kind} | ${Math.round(c)} | ${Math.round(f)} | ${ratio(f / c)} | ${r2(mean(w.folio, (r) => r.p50))} | ${r2(mean(w.folio, (r) => r.p99))} | ${bad} / ${errors} |`;
    }),
  ].join("\n");
  const reads = [
    "| store | phase | reads/s | read p50 ms | read p99 ms | p99 against alone | creates/s achieved | create p50 ms | create p99 ms | read errors |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...all.flatMap((w) => {
      const alone = mean(w.alone, (r) => r.p99);
      const during = mean(w.during, (r) => r.p99);
      const failed = w.writer.reduce((s, r) => s + r.failed, 0);
      const errors = (runs: LoadResult[]) => runs.reduce((s, r) => s + r.notFound + r.errors, 0);
      return [
        `| ${w.kind} | hot reads alone | ${Math.round(mean(w.alone, (r) => r.rps))} | ${r2(mean(w.alone, (r) => r.p50))} | ${r2(alone)} | ×1.00 | | | | ${errors(w.alone)} |`,
        `| ${w.kind} | hot reads + ${w.rate} creates/s (target) | ${Math.round(mean(w.during, (r) => r.rps))} | ${r2(mean(w.during, (r) => r.p50))} | ${r2(during)} | ×${(during / alone).toFixed(2)} | ${mean(w.writer, (r) => r.achieved).toFixed(1)}${failed ? ` (${failed} failed)` : ""} | ${r2(mean(w.writer, (r) => r.p50))} | ${r2(mean(w.writer, (r) => r.p99))} | ${errors(w.during)} |`,
      ];
    }),
  ].join("\n");
  const facts = all
    .map(
      (w) =>
        `- ${w.kind}: load average (1, 5, 15 min) ${w.load.start} at the start, ${w.load.end} at the end; ` +
        `${w.created.counted} posts published during the run by the store's count, ${w.created.answered} creates seen answered 200 by wrk and the writer (wrk does not count the creates in flight when it stops)`,
    )
    .join("\n");
  const body = markdownBody().length;
  const deriveLine = `- deriving this body's content (\`deriveContent\`, in the benchmark's process: the median of 7 batches of 100, after 300 warm-up runs): ${derive.ms.toFixed(2)} ms of CPU each, so at most ${Math.round(1000 / derive.ms)} creates/s per core from derivation alone (load average ${derive.load})`;
  return `${HEADING}

\`npm run bench:writes\` (bench/writes.ts; or \`BENCH_ONLY=writes npm run bench\`), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, wrk (1 thread, ${TIMEOUT} s timeout), ${SECONDS} s × ${ROUNDS} rounds per server and phase, alternating. Each store is seeded with the 1k data set and served by one \`folio serve\` process with \`WRITE_RATE_LIMIT=1000000000\` (shipped: 120 a minute per key) and \`RATE_LIMIT=0\`; the key comes from \`folio keys create\`.

Creates: \`POST /v1/posts\` with \`{title, markdown, status: "published"}\`, a ${body}-byte Markdown body, a new title (so slug) per request, ${CONNECTIONS} connections. The ceiling is the bare node:http server reading the same POST body and answering Folio's recorded answer.

${writes}

Hot reads (\`GET ${HOT_PATH}\`, 32 connections) alone, then while bench/writer.ts (its own process) creates posts in the same publication at a steady ${WRITE_RATE} a second (open loop: its latency counts from when each create was due):

${reads}

${deriveLine}
${facts}
`;
}

/**
 * CPU milliseconds one deriveContent of the body costs here, as a server that has been
 * creating posts a while pays it: the median of 7 batches of 100, after 300 runs to warm
 * the JIT (a few dozen leave it half-compiled, about 1.5x the cost).
 */
function deriveCost(markdown: string): number {
  for (let i = 0; i < 300; i++) deriveContent({ markdown });
  const batches: number[] = [];
  for (let b = 0; b < 7; b++) {
    const before = process.cpuUsage();
    for (let i = 0; i < 100; i++) deriveContent({ markdown });
    const used = process.cpuUsage(before);
    batches.push((used.user + used.system) / 1000 / 100);
  }
  return batches.sort((x, y) => x - y)[3]!;
}

/** Runs the write cases whose names match `only` (see bench/run.ts); returns false if none. */
export async function runWriteBenches(
  only: string[],
  work: string,
  port: number,
): Promise<boolean> {
  const kinds = (["sqlite", "postgres"] as const).filter((kind) =>
    writeCaseNames(kind).some((name) => only.some((part) => name.includes(part))),
  );
  if (kinds.length === 0) return false;
  const all: WriteRows[] = [];
  const derive = { ms: deriveCost(markdownBody()), load: load() };
  for (const [i, kind] of kinds.entries()) all.push(await benchStore(kind, work, port + 10 * i));
  const text = section(all, derive);
  console.log(`\n${text}`);
  replaceSection(HEADING, text);
  return true;
}
