// `folio import --from`: a Ghost export, a WordPress WXR file and a folder of Markdown files
// each import into a fresh store (every backend) and are served with the expected posts,
// authors, categories and statuses. Fixtures: test/import/fixtures/.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { describe, test, type TestContext } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { CONVERTERS } from "../../src/import/from/index.js";
import { importRecords, type ImportSummary } from "../../src/import/run-import.js";
import type { PostStore } from "../../src/store/post-store.js";
import { storeFactories } from "../helpers/stores.js";

const FIXTURES = fileURLToPath(new URL("../../../test/import/fixtures/", import.meta.url));

interface Expected {
  id: string;
  slug: string;
  status: "published" | "draft" | "archived";
  /** Whether the read API shows it (published, and its time has come). */
  served: boolean;
  authors?: string[];
  categories?: string[];
  html?: RegExp;
}

const CASES: {
  format: string;
  path: string;
  publication: string;
  skipped: object;
  posts: Expected[];
}[] = [
  {
    format: "ghost",
    path: `${FIXTURES}ghost-export.json`,
    publication: "night-garden",
    skipped: { "ghost page": 1 },
    posts: [
      {
        ...{
          id: "ghost-6650a1b2c3d4e5f603000001",
          slug: "moonflowers-open-at-dusk",
          status: "published",
          served: true,
        },
        authors: ["Rosa Night", "Tom Stem"],
        categories: ["Moonflowers", "Soil"],
        html: /^<p>They open <strong>fast<\/strong>\.<\/p><h2>Timing<\/h2><ul><li><p>dusk<\/p><\/li><li><p>dawn<\/p><\/li><\/ul>$/,
      },
      {
        id: "ghost-6650a1b2c3d4e5f603000002",
        slug: "soil-notes",
        status: "draft",
        served: false,
        authors: ["Tom Stem"],
      },
      {
        id: "ghost-6650a1b2c3d4e5f603000003",
        slug: "next-full-moon",
        status: "published",
        served: false,
      },
      {
        ...{
          id: "ghost-6650a1b2c3d4e5f603000005",
          slug: "lexical-only",
          status: "published",
          served: true,
        },
        html: /^<h3>Rebuilt<\/h3><p><strong>bold<\/strong> and <a href="https:\/\/example.org\/" rel="noopener noreferrer nofollow">a link<\/a><\/p>$/,
      },
      {
        id: "ghost-6650a1b2c3d4e5f603000006",
        slug: "newsletter-only",
        status: "archived",
        served: false,
      },
    ],
  },
  {
    format: "wordpress",
    path: `${FIXTURES}wordpress.xml`,
    publication: "kitchen-garden",
    skipped: { "wordpress attachment": 1, "wordpress page": 1, "wordpress trashed post": 1 },
    posts: [
      {
        ...{ id: "wordpress-11", slug: "tomato-soup", status: "published", served: true },
        authors: ["Amira Basil"],
        categories: ["Recipes", "Tomatoes", "Soup & stew"],
        html: /^<p>Start with ripe tomatoes\.<br \/>Really ripe ones\.<\/p><p>Simmer for <strong>twenty<\/strong> minutes\.<\/p><pre><code>keep\n\nthese lines<\/code><\/pre><ul>/,
      },
      {
        ...{ id: "wordpress-12", slug: "crème-brûlée", status: "published", served: true },
        authors: ["Joe"],
        html: /^<p>Block editor <em>paragraph<\/em>\.<\/p><h2>Caramel<\/h2>$/,
      },
      { id: "wordpress-13", slug: "13", status: "draft", served: false, authors: ["Amira Basil"] },
      { id: "wordpress-14", slug: "autumn-menu", status: "published", served: false },
    ],
  },
  {
    format: "markdown",
    path: `${FIXTURES}markdown`,
    publication: "markdown",
    skipped: { "hugo list page (_index.md)": 1 },
    posts: [
      {
        ...{
          id: "markdown-content/posts/hugo-post",
          slug: "hugo-post",
          status: "published",
          served: true,
        },
        authors: ["Lena Frost", "Ivo Root"],
        categories: ["Notes", "greenhouse", "hugo"],
        html: /^<h2>Why glass<\/h2><p>Light <strong>in<\/strong>, heat in\.<\/p>$/,
      },
      { id: "markdown-content/posts/bundle/index", slug: "bundle", status: "draft", served: false },
      {
        ...{
          id: "markdown-_posts/2024-03-01-jekyll-seeds",
          slug: "jekyll-seeds",
          status: "published",
          served: true,
        },
        authors: ["Ivo Root"],
        categories: ["Notes", "seeds", "spring"],
      },
      { id: "markdown-_drafts/idea", slug: "idea", status: "draft", served: false },
      {
        id: "markdown-src/content/blog/astro-compost",
        slug: "compost",
        status: "published",
        served: true,
      },
      {
        ...{
          id: "markdown-blog/eleventy-rain",
          slug: "eleventy-rain",
          status: "published",
          served: true,
        },
        authors: ["Lena Frost"],
        categories: ["water"],
      },
    ],
  },
];

async function convert(store: PostStore, format: string, path: string): Promise<ImportSummary> {
  return importRecords(store, CONVERTERS[format]!(path, { maxBytes: 10 * 1024 * 1024 }));
}

for (const factory of await storeFactories()) {
  describe(`import --from (${factory.name})`, () => {
    const fresh = async (t: TestContext) => {
      const made = await factory.create();
      t.after(() => made.dispose());
      return made.store;
    };

    for (const c of CASES) {
      test(`${c.format}: posts, authors, categories and statuses are stored and served`, async (t) => {
        const store = await fresh(t);
        const summary = await convert(store, c.format, c.path);
        assert.deepEqual(
          [summary.committed, summary.rejected, summary.skipped],
          [true, 0, c.skipped],
        );
        assert.equal(await store.countPosts(), c.posts.length);
        const app = await buildApp({
          config: loadConfig({ LOG_LEVEL: "silent", RATE_LIMIT: "0" }),
          ...{ store, logger: false },
        });
        t.after(() => app.close());
        for (const post of c.posts) {
          const stored = (await store.findPostById(post.id, { withContent: true }))!;
          assert.ok(stored, post.id);
          assert.deepEqual(
            [stored.slug, stored.status, stored.publicationSlug],
            [post.slug, post.status, c.publication],
          );
          if (post.authors)
            assert.deepEqual(
              stored.authors.map((a) => a.name),
              post.authors,
              post.id,
            );
          if (post.categories) assert.deepEqual(stored.categories, post.categories, post.id);
          const url = `/v1/publications/slug/${c.publication}/posts/slug/${encodeURIComponent(post.slug)}?includeContent=true`;
          const reply = await app.inject({ url });
          assert.equal(reply.statusCode, post.served ? 200 : 404, `${post.id} served`);
          if (post.html) assert.match(reply.json().staticHtml, post.html, post.id);
        }
      });
    }

    test("a second import of the same export changes nothing", async (t) => {
      const store = await fresh(t);
      for (const c of CASES) await convert(store, c.format, c.path);
      const before = await Promise.all(
        CASES.flatMap((c) => c.posts).map((p) => store.findPostById(p.id, { withContent: true })),
      );
      for (const c of CASES) assert.equal((await convert(store, c.format, c.path)).committed, true);
      const after = await Promise.all(
        CASES.flatMap((c) => c.posts).map((p) => store.findPostById(p.id, { withContent: true })),
      );
      assert.deepEqual(after, before);
    });
  });
}

test("times and the fields each source names are mapped as docs/migrate.md says", async () => {
  const { sqliteFactory } = await import("../helpers/stores.js");
  const { store, dispose } = await sqliteFactory.create();
  try {
    for (const c of CASES) await convert(store, c.format, c.path);
    const get = async (id: string) => (await store.findPostById(id, { withContent: false }))!;
    const ghost = await get("ghost-6650a1b2c3d4e5f603000001");
    assert.deepEqual(
      [ghost.publishedAt, ghost.updatedAt, ghost.subtitle, ghost.imageUrl],
      [
        Date.UTC(2024, 4, 1, 19),
        Date.UTC(2024, 4, 2, 8, 30),
        "A flower that waits for the night",
        "https://images.example.com/moon.jpg",
      ],
    );
    assert.equal(
      ghost.authors[1]!.avatarUrl,
      undefined,
      "a relative (__GHOST_URL__) avatar is dropped",
    );
    assert.equal((await get("ghost-6650a1b2c3d4e5f603000003")).publishedAt, Date.UTC(2099, 0, 1));
    const wp = await get("wordpress-11");
    assert.deepEqual(
      [wp.publishedAt, wp.updatedAt, wp.subtitle, wp.imageUrl],
      [
        Date.UTC(2024, 5, 3, 10),
        Date.UTC(2024, 5, 4, 10),
        "A warm soup for late summer",
        "https://kitchen.example.com/wp-content/uploads/tomato.jpg",
      ],
    );
    assert.equal((await get("wordpress-14")).publishedAt, Date.UTC(2099, 8, 1, 8));
    const hugo = await get("markdown-content/posts/hugo-post");
    assert.deepEqual(
      [hugo.publishedAt, hugo.updatedAt, hugo.subtitle],
      [Date.UTC(2024, 1, 1, 9), Date.UTC(2024, 1, 2, 9), "Glass, heat and static sites"],
    );
    assert.equal(
      (await get("markdown-_posts/2024-03-01-jekyll-seeds")).publishedAt,
      Date.UTC(2024, 2, 1),
      "date from the file name",
    );
    const astro = await get("markdown-src/content/blog/astro-compost");
    assert.deepEqual(
      [astro.publishedAt, astro.imageUrl],
      [Date.parse("Jul 08 2024"), "https://images.example.com/compost.jpg"],
    );
  } finally {
    await dispose();
  }
});
