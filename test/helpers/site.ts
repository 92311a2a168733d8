// The reader's site over the demo data set plus a publication on its own domain and one with
// enough posts to page: what the site's tests (and a browser's) read. `buildSite` gives an
// app to inject into; `listen` serves it on a loopback port for a real client.
import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadDemo } from "../../src/cli/demo.js";
import { loadConfig } from "../../src/config/index.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NO_SHEDDING } from "./app.js";
import { importNdjson } from "../../src/import/run-import.js";
import { ndjson } from "./fixtures.js";
import type { StoreFactory } from "./stores.js";

export const SITE_URL = "https://folio.example.com";
export const DOMAIN = "journal.example.org";
export const SITE_NOW = Date.UTC(2026, 0, 15);
export const LATER = SITE_NOW + 86_400_000;
const DAY = 86_400_000;

/** Posts of the paged publication: more than two pages of the site's lists. */
export const MANY_POSTS = 27;

export const SITE_RECORDS: object[] = [
  {
    ...{ type: "publication", id: "pub_journal", slug: "journal", name: "The Journal" },
    customDomain: `https://${DOMAIN}`,
    summary: "Notes kept on a domain of their own.",
    logoUrl: "https://img.example.org/journal.png",
  },
  {
    ...{ type: "author", id: "usr_jo", publicationId: "pub_journal", name: "Jo Park" },
    avatarUrl: "https://img.example.org/jo.png",
    bio: "Keeps the journal.",
  },
  ...[
    ["pst_j1", "first-entry", "published", SITE_NOW - 3 * DAY],
    ["pst_j2", "second-entry", "published", SITE_NOW - 2 * DAY],
    ["pst_j_draft", "hidden-entry", "draft", SITE_NOW - 2 * DAY],
    ["pst_j_later", "later-entry", "published", LATER],
  ].map(([id, slug, status, at]) => ({
    ...{ type: "post", id, publicationId: "pub_journal", slug, status, publishedAt: at },
    title: `Entry ${slug}`,
    subtitle: `The ${slug}`,
    ...(slug === "second-entry" && { imageUrl: "https://img.example.org/cover.jpg" }),
    categories: ["diary"],
    authorIds: ["usr_jo"],
    markdown: `A journal entry called ${slug}.\n\n\`\`\`js\nconst x = 1 < 2;\n\`\`\``,
  })),
  { type: "publication", id: "pub_many", slug: "many", name: "Many Posts" },
  { type: "author", id: "usr_m", publicationId: "pub_many", name: "Mo" },
  ...Array.from({ length: MANY_POSTS }, (_, i) => ({
    ...{ type: "post", id: `pst_m${String(i).padStart(2, "0")}`, publicationId: "pub_many" },
    ...{ slug: `post-${i}`, title: `Post number ${i}`, status: "published" },
    // Pairs share a time: the keyset's id order must keep them apart.
    publishedAt: SITE_NOW - 10 * DAY + Math.floor(i / 2) * 1000,
    categories: i % 3 === 0 ? ["thirds"] : [],
    authorIds: ["usr_m"],
    markdown: `Body of post ${i}.`,
  })),
];

export interface SiteBuilt {
  app: FastifyInstance;
  store: PostStore;
  /** DATABASE_URL of the same data, to change it behind the app's back. */
  url: string;
  /** What the app believes the time is; tests move it. */
  clock: { now: number };
}

export async function loadSiteData(store: PostStore, extra: readonly object[] = []) {
  const demo = await loadDemo(store);
  if (!demo.committed) throw new Error("the demo data did not load");
  const summary = await importNdjson(store, ndjson([...SITE_RECORDS, ...extra]));
  if (!summary.committed || summary.rejected > 0) {
    throw new Error(`site data did not load: ${JSON.stringify(summary.rejections)}`);
  }
}

/** An app over a fresh store with the demo data and SITE_RECORDS (and `extra` records). */
export async function buildSite(
  t: TestContext,
  factory: StoreFactory,
  options: { env?: Record<string, string>; extra?: readonly object[] } = {},
): Promise<SiteBuilt> {
  const { store, dispose, url } = await factory.create();
  await loadSiteData(store, options.extra);
  const clock = { now: SITE_NOW };
  const config = loadConfig({
    ...{ SITE_URL, LOG_LEVEL: "silent", RATE_LIMIT: "0", ...NO_SHEDDING },
    ...options.env,
  });
  const app = await buildApp({ config, store, clock: () => clock.now, logger: false });
  t.after(async () => {
    await app.close();
    await dispose();
  });
  return { app, store, url, clock };
}

/** Serves a built site on a free loopback port; its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  // A browser keeps its sockets as long as its context, which a test closes after the app: a
  // request it left half-sent held app.close() until Node's request timeout (five minutes).
  app.addHook("preClose", (done) => {
    app.server.closeAllConnections();
    done();
  });
  return app.listen({ host: "127.0.0.1", port: 0 });
}

/** One page of each type, as a reader reaches it (`host`: the Host header to send). */
export const PAGES = {
  front: { url: "/" },
  post: { url: "/@field-notes/keeping-a-changelog" },
  postWithCover: { url: "/@night-shift/owls-of-the-city" },
  publication: { url: "/@field-notes" },
  tag: { url: "/@field-notes/tag/software" },
  author: { url: "/@field-notes/author/usr_ada" },
  search: { url: "/search?q=garden" },
  notFound: { url: "/@field-notes/no-such-post" },
  domainHome: { url: "/", host: DOMAIN },
  domainPost: { url: "/second-entry", host: DOMAIN },
  domainTag: { url: "/tag/diary", host: DOMAIN },
  domainAuthor: { url: "/author/usr_jo", host: DOMAIN },
  domainSearch: { url: "/search?q=entry", host: DOMAIN },
} as const;
