// Moving a store: `folio export --include-secrets | folio import -` from SQLite to PostgreSQL
// and back loses nothing. The source holds the fixtures, the demo data, a generated set and
// what the authoring API leaves behind (a renamed post, a draft published later, views, keys,
// a webhook endpoint); every public answer of every post (bytes and ETag), the authoring
// list, the old slugs' redirects and the keys are compared on each store, and so is a second
// export, byte for byte.
import { strict as assert } from "node:assert";
import { createReadStream } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { importNdjson } from "../../src/import/run-import.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NO_SHEDDING, SITE_URL } from "../helpers/app.js";
import { makeKey, sender } from "../helpers/authoring.js";
import { runFolio } from "../helpers/cli.js";
import { NOW, loadFixtures, ndjson } from "../helpers/fixtures.js";
import { GEN_PUBLICATION, generatedPost } from "../helpers/generated.js";
import {
  postgresFactory,
  sqliteFactory,
  storeFactories,
  type TestStore,
} from "../helpers/stores.js";

const DEMO = fileURLToPath(new URL("../../../demo/demo.ndjson", import.meta.url));
const GENERATED = 2000;
const CONFIG = loadConfig({
  SITE_URL,
  LOG_LEVEL: "silent",
  RATE_LIMIT: "0",
  WRITE_RATE_LIMIT: "0",
  ...NO_SHEDDING,
});

const app = (store: PostStore) =>
  buildApp({ config: CONFIG, store, clock: () => NOW, logger: false });

const postgres = (await storeFactories()).includes(postgresFactory);

interface Source {
  stored: TestStore;
  app: FastifyInstance;
  keys: { pub: string; secret: string; revoked: boolean }[];
  renamed: { publicationSlug: string; oldSlug: string };
}

async function buildSource(): Promise<Source> {
  const stored = await sqliteFactory.create();
  const { store } = stored;
  await loadFixtures(store);
  const demo = await importNdjson(store, createReadStream(DEMO));
  assert.equal(demo.rejected, 0);
  const header = [
    { type: "publication", id: GEN_PUBLICATION, slug: "generated", name: "Generated" },
    { type: "author", id: "usr_gen", publicationId: GEN_PUBLICATION, name: "Gen" },
  ];
  const posts = Array.from({ length: GENERATED }, (_, i) => ({
    ...generatedPost(i),
    // Every status, and scheduled posts, in the set.
    status: ["published", "published", "draft", "archived"][i % 4],
    publishedAt: i % 7 === 0 ? NOW + 86_400_000 + i : 1_700_000_000_000 + i,
  }));
  const generated = await importNdjson(store, ndjson([...header, ...posts]));
  assert.equal(generated.rejected, 0);
  const served = await app(store);
  const pub1 = await makeKey(store, "pub_1", NOW - 1000);
  const gen = await makeKey(store, GEN_PUBLICATION, NOW - 500);
  const revoked = await makeKey(store, GEN_PUBLICATION, NOW - 400);
  await store.revokeApiKey(revoked.record.id, NOW - 300);
  const send = sender(served, pub1.secret);
  const renamed = await send({ method: "PUT", url: "/v1/posts/pst_1", body: { slug: "moved" } });
  assert.equal(renamed.statusCode, 200, renamed.body);
  // Created as a draft, published later: its creation time is not its publication time.
  const draft = await send({
    method: "POST",
    url: "/v1/posts",
    body: { title: "Written first", markdown: "Then *published*.", status: "draft" },
  });
  assert.equal(draft.statusCode, 200, draft.body);
  const id = draft.json<{ id: string }>().id;
  const published = await send({
    method: "PUT",
    url: `/v1/posts/${id}`,
    body: { status: "published" },
  });
  assert.equal(published.statusCode, 200, published.body);
  await store.addViews(
    new Map([
      ["pst_1", 41],
      ["pst_gen_1", 7],
    ]),
  );
  await store.createEndpoint({
    ...{ id: "whk_move", url: "https://hooks.example.com/folio", publicationId: "pub_1" },
    ...{ includeContent: true, createdAt: NOW - 200, events: ["post.published"] },
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  });
  return {
    stored,
    app: served,
    keys: [
      { pub: "pub_1", secret: pub1.secret, revoked: false },
      { pub: GEN_PUBLICATION, secret: gen.secret, revoked: false },
      { pub: GEN_PUBLICATION, secret: revoked.secret, revoked: true },
    ],
    renamed: { publicationSlug: "blog", oldSlug: "hello-world" },
  };
}

/** The export of the store at `url`, through the real command. */
async function exported(url: string): Promise<string> {
  const result = await runFolio(["export", "--include-secrets"], { DATABASE_URL: url });
  assert.equal(result.code, 0, result.stderr);
  return result.stdout;
}

async function imported(url: string, file: string): Promise<void> {
  const result = await runFolio(["import", "-"], { DATABASE_URL: url }, file);
  assert.equal(result.code, 0, result.stdout + result.stderr);
}

interface Answer {
  status: number;
  etag: string | undefined;
  location: string | undefined;
  body: string;
}

async function answer(served: FastifyInstance, url: string, key?: string): Promise<Answer> {
  const res = await served.inject({
    url,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });
  const etag = res.headers.etag as string | undefined;
  const location = res.headers.location as string | undefined;
  // An error's request id is the request's own, not the store's.
  const body = res.body.replace(/"requestId":"[^"]*"/, '"requestId":"…"');
  return { status: res.statusCode, etag, location, body };
}

/** Every answer the comparison looks at, in one list (so a difference names its URL). */
async function answers(served: FastifyInstance, source: Source, posts: PostRef[]) {
  const out: [string, Answer][] = [];
  const ask = async (url: string, key?: string) => out.push([url, await answer(served, url, key)]);
  for (const p of posts) {
    await ask(`/v1/posts/${encodeURIComponent(p.id)}?includeContent=true`);
    const bySlug = `/v1/publications/slug/${encodeURIComponent(p.publicationSlug)}/posts/slug/${encodeURIComponent(p.slug)}`;
    await ask(bySlug);
    if (!p.id.startsWith("pst_gen_")) {
      await ask(`/v1/posts/${encodeURIComponent(p.id)}`);
      await ask(`${bySlug}?includeContent=true`);
    }
  }
  const old = source.renamed;
  await ask(`/v1/publications/slug/${old.publicationSlug}/posts/slug/${old.oldSlug}`);
  for (const key of source.keys) {
    await ask("/v1/me", key.secret);
    // The authoring API's own list, every page; its cursors are signed per store.
    let url = "/v1/posts?limit=100";
    for (;;) {
      const page = await answer(served, url, key.secret);
      const json = page.status === 200 ? (JSON.parse(page.body) as ListPage) : undefined;
      // Its items as sent, key order included (the cursor is signed per store).
      const items = JSON.stringify(json?.items ?? page.body);
      out.push([url, { ...page, body: items, etag: undefined }]);
      const cursor = json?.pagination?.cursor;
      if (!json?.pagination?.hasMore || cursor === undefined) break;
      url = `/v1/posts?limit=100&cursor=${encodeURIComponent(cursor)}`;
    }
  }
  return out;
}

interface ListPage {
  items: unknown[];
  pagination?: { cursor?: string; hasMore?: boolean };
}

interface PostRef {
  id: string;
  slug: string;
  publicationSlug: string;
}

/** Every post of the store, whatever its status, from its export. */
function postsOf(file: string): PostRef[] {
  const lines = file
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, string>);
  const slugs = new Map(lines.filter((l) => l.type === "publication").map((l) => [l.id, l.slug]));
  return lines
    .filter((l) => l.type === "post")
    .map((l) => ({ id: l.id!, slug: l.slug!, publicationSlug: slugs.get(l.publicationId!)! }));
}

function assertSameAnswers(
  actual: [string, Answer][],
  expected: [string, Answer][],
  where: string,
) {
  assert.equal(actual.length, expected.length);
  for (let i = 0; i < expected.length; i++) {
    assert.equal(actual[i]![0], expected[i]![0]);
    assert.deepEqual(actual[i]![1], expected[i]![1], `${where}: ${expected[i]![0]}`);
  }
}

describe("moving a store with folio export | folio import -", () => {
  it(
    "SQLite → PostgreSQL → SQLite keeps every answer, list, redirect and key",
    { skip: !postgres && "PostgreSQL not reachable" },
    async (t) => {
      const source = await buildSource();
      const pg = await postgresFactory.create();
      const back = await sqliteFactory.create();
      t.after(async () => {
        await source.app.close();
        for (const s of [source.stored, pg, back]) await s.dispose();
      });
      const file = await exported(source.stored.url);
      const posts = postsOf(file);
      assert.ok(posts.length > GENERATED + 15, `every post exported (${posts.length})`);
      const expected = await answers(source.app, source, posts);
      assert.ok(
        expected.some(([, a]) => a.status === 308),
        "an old slug redirects",
      );
      assert.ok(
        expected.some(([, a]) => a.status === 401),
        "a revoked key is refused",
      );

      await imported(pg.url, file);
      const pgApp = await app(pg.store);
      t.after(() => pgApp.close());
      assertSameAnswers(await answers(pgApp, source, posts), expected, "postgres");
      const fromPg = await exported(pg.url);
      assert.equal(fromPg, file, "PostgreSQL's export is the SQLite one, byte for byte");

      await imported(back.url, fromPg);
      const backApp = await app(back.store);
      t.after(() => backApp.close());
      assertSameAnswers(await answers(backApp, source, posts), expected, "back on SQLite");
      assert.equal(await exported(back.url), file);
    },
  );
});
