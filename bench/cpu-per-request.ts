// CPU time per request, for a machine shared with other work, where req/s ratios swing with
// the neighbours' load: each server's own CPU (utime + stime from /proc; on PostgreSQL plus
// its backends') over a wrk run, divided by the requests answered. Ceiling, this build and
// another build (BENCH_BEFORE, a checkout with dist built, whose schema is at
// BENCH_BEFORE_VERSION, default 10) on the 1k set, cache off, single posts with content;
// "ratio" is the ceiling's CPU over each server's.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { postId } from "./data.js";
import { postgresDataSet } from "./pg-data.js";
import { load, record, startCeiling, startFolio, type Running } from "./servers.js";
import { atSchemaVersion, sqliteDataSet } from "./sqlite-sets.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BEFORE = process.env.BENCH_BEFORE;
/** The schema version the before build knows: later steps are taken back off its copy. */
const BEFORE_VERSION = Number(process.env.BENCH_BEFORE_VERSION ?? 10);
const paths = Array.from({ length: 1000 }, (_, i) => `/v1/posts/${postId(i)}?includeContent=true`);
const work = mkdtempSync(join(tmpdir(), "folio-cpu-"));
let port = 18800;

/** utime + stime, in clock ticks (1/100 s); undefined once the process has gone. */
const ticks = (pid: number): number | undefined => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
};

async function backends(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const name = new URL(url).pathname.slice(1);
  const { rows } = await client.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [name],
  );
  await client.end();
  return rows.map((r) => r.pid);
}

/** µs of CPU per request answered, the server's own (and its database backends'). */
async function cpuPerRequest(server: Running, pgUrl?: string): Promise<number> {
  await load(server.url, paths, {}, 1);
  const pids = [server.child.pid!, ...(pgUrl ? await backends(pgUrl) : [])];
  const before = pids.map(ticks);
  const result = await load(server.url, paths, {}, SECONDS);
  // A backend that closed meanwhile (a pool's idle connection) took its count with it.
  const used = pids
    .map(ticks)
    .reduce<number>((s, t, i) => s + (t === undefined ? 0 : t - (before[i] ?? t)), 0);
  return (used * 10_000) / (result.ok + result.notFound);
}

/** Step 11 undone on PostgreSQL: the table and the triggers that write to it. */
const UNDO_STEP_11 = `DROP TRIGGER IF EXISTS posts_bytes_stale ON posts;
  DROP TRIGGER IF EXISTS authors_bytes_stale ON authors; DROP TABLE IF EXISTS post_bytes`;

async function pgAtVersion(url: string, version: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("DELETE FROM folio_schema WHERE version > $1", [version]);
  if (version < 11) await client.query(UNDO_STEP_11);
  await client.end();
}

const env = { CACHE_MAX_BYTES: "0" };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Entry {
  name: string;
  folio: Running;
  ceiling: Running;
  pgUrl?: string;
  best: { ceiling: number; folio: number };
}

/** Folio and a ceiling replaying its recorded answers to the same requests. */
async function entry(name: string, url: string, pgUrl?: string, root?: string): Promise<Entry> {
  const folio = await startFolio(url, port++, env, root);
  // A few at a time: Folio drops a client's connections past MAX_CONNECTIONS_PER_CLIENT.
  const answers: Record<string, Awaited<ReturnType<typeof record>>> = {};
  for (let i = 0; i < paths.length; i += 16) {
    const chunk = paths.slice(i, i + 16);
    const recorded = await Promise.all(chunk.map((p) => record(folio.url, p, {})));
    chunk.forEach((p, j) => (answers[` ${p}`] = recorded[j]!));
  }
  const ceiling = await startCeiling(answers, port++, join(work, `${port}.json`));
  return { name, folio, ceiling, ...(pgUrl ? { pgUrl } : {}), best: { ceiling: 1e9, folio: 1e9 } };
}

/** Rounds alternate the servers; the least CPU a server needed in any round is its figure. */
async function measure(entries: Entry[]): Promise<string[]> {
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const e of entries) {
        e.best.ceiling = Math.min(e.best.ceiling, await cpuPerRequest(e.ceiling));
        e.best.folio = Math.min(e.best.folio, await cpuPerRequest(e.folio, e.pgUrl));
      }
    }
    return entries.map(({ name, best: { ceiling: c, folio: f } }) => {
      return `| ${name} | ${c.toFixed(0)} | ${f.toFixed(0)} | ${(c / f).toFixed(2)} |`;
    });
  } finally {
    for (const e of entries) await Promise.all([e.folio.stop(), e.ceiling.stop()]);
  }
}

const rows: string[] = [];
const { path: sqlitePath } = await sqliteDataSet(join(work, "1k.db"), 1000);
const sqlite = [await entry("SQLite, this build", sqlitePath)];
if (BEFORE)
  sqlite.push(
    await entry(
      "SQLite, before",
      atSchemaVersion(sqlitePath, `${sqlitePath}.before.db`, BEFORE_VERSION),
      undefined,
      BEFORE,
    ),
  );
rows.push(...(await measure(sqlite)));
// One database, so the two builds take turns: the before build needs it at its own version.
const pgSet = await postgresDataSet(1000);
try {
  rows.push(...(await measure([await entry("PostgreSQL, this build", pgSet.path, pgSet.path)])));
  if (BEFORE) {
    await pgAtVersion(pgSet.path, BEFORE_VERSION);
    const before = await entry("PostgreSQL, before", pgSet.path, pgSet.path, BEFORE);
    rows.push(...(await measure([before])));
  }
} finally {
  await pgSet.drop();
  rmSync(work, { recursive: true, force: true });
}
console.log(
  "| server | ceiling µs CPU/req | Folio µs CPU/req | ratio |\n| --- | ---: | ---: | ---: |",
);
for (const r of rows) console.log(r);
