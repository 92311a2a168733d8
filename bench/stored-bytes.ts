// What stored response bytes cost: disk (a store file or database with and
// without them, BENCH_POSTS posts with ~5 KB Markdown bodies), the write time they add, and
// rewriting every post of one author (BENCH_AUTHOR_POSTS posts) when that author changes.
// `npm run build && node dist/bench/stored-bytes.js`; SQLite, and PostgreSQL when it answers.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { DEFAULT_POSTGRES_SETTINGS } from "../src/config/index.js";
import { RENDERER_VERSION, deriveContent } from "../src/content/index.js";
import { representPost } from "../src/http/wire/representation.js";
import type { NumberedRecord, PostStore, Represent } from "../src/store/post-store.js";
import { openPostgresStore } from "../src/store/postgres/store.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const AUTHOR_POSTS = Number(process.env.BENCH_AUTHOR_POSTS ?? 100_000);
const ADMIN_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const line =
  "Folio keeps the *published* posts of publications and serves them [fast](https://x.example). ";
/** ~5 KB of Markdown, derived once: the bench measures the store, not the content pipeline. */
const content = deriveContent({ markdown: Array.from({ length: 50 }, () => line).join("\n\n") });
/** The author's many posts are short: the rewrite is what is measured, not the disk. */
const short = deriveContent({ markdown: line });
const author = (name: string): NumberedRecord => ({
  line: 2,
  record: { type: "author", id: "usr_1", publicationId: "pub_1", name, bio: "Writes." },
});

function* batches(posts: number, body = content): Generator<NumberedRecord[]> {
  yield [{ line: 1, record: { type: "publication", id: "pub_1", slug: "pub", name: "Pub" } }];
  yield [author("Ada")];
  for (let from = 0; from < posts; from += 1000) {
    const batch: NumberedRecord[] = [];
    for (let i = from; i < Math.min(posts, from + 1000); i++) {
      const { json, staticHtml, markdown } = body;
      batch.push({
        line: i + 3,
        record: {
          ...{ type: "post", id: `pst_${i}`, publicationId: "pub_1", slug: `post-${i}` },
          ...{ title: `Post ${i}`, status: "published", publishedAt: 1e12 + i, updatedAt: 1e12 },
          ...{ categories: ["bench"], authorIds: ["usr_1"], rendererVersion: RENDERER_VERSION },
          content: { json, staticHtml, markdown },
        },
      });
    }
    yield batch;
  }
}

async function timed(store: PostStore, work: Iterable<NumberedRecord[]>): Promise<number> {
  const started = performance.now();
  const tx = await store.beginWrite();
  for (const batch of work) await tx.apply(batch);
  await tx.commit();
  return (performance.now() - started) / 1000;
}

type Open = (
  represent: Represent | undefined,
) => Promise<{ store: PostStore; size: () => Promise<number>; drop: () => Promise<void> }>;

async function measure(name: string, open: Open): Promise<void> {
  for (const represent of [undefined, representPost]) {
    const { store, size, drop } = await open(represent);
    try {
      await store.migrate();
      const seconds = await timed(store, batches(POSTS));
      const mb = (await size()) / 1e6;
      const what = represent ? "with stored bytes" : "without stored bytes";
      console.log(
        `${name}, ${POSTS} posts ${what}: import ${seconds.toFixed(1)} s, ${mb.toFixed(1)} MB`,
      );
    } finally {
      await store.close();
      await drop();
    }
  }
  const { store, drop } = await open(representPost);
  try {
    await store.migrate();
    const load = await timed(store, batches(AUTHOR_POSTS, short));
    const change = await timed(store, [[author("Ada Lovelace")]]);
    console.log(
      `${name}, author of ${AUTHOR_POSTS} posts (loaded in ${load.toFixed(0)} s) changes: ` +
        `one transaction of ${change.toFixed(1)} s (${((change / AUTHOR_POSTS) * 1e6).toFixed(0)} µs a post)`,
    );
  } finally {
    await store.close();
    await drop();
  }
}

const dir = mkdtempSync(join(tmpdir(), "folio-bytes-"));
let n = 0;
await measure("SQLite", async (represent) => {
  const path = join(dir, `${n++}.db`);
  const store = openSqliteStore(path, { represent });
  const size = async () => (store.db.pragma("wal_checkpoint(TRUNCATE)"), statSync(path).size);
  return { store, size, drop: async () => rmSync(path, { force: true }) };
});
rmSync(dir, { recursive: true, force: true });

async function admin(sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

await measure("PostgreSQL", async (represent) => {
  const name = `folio_bytes_${process.pid}_${n++}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url: url.href, represent });
  const size = async () => {
    const [row] = await admin(`SELECT pg_database_size('${name}') AS b`);
    return Number((row as { b: string }).b);
  };
  return {
    store,
    size,
    drop: async () => void (await admin(`DROP DATABASE ${name} WITH (FORCE)`)),
  };
});
