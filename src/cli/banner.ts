// What `folio serve` prints once it listens: where, what to try, where docs and metrics are.
// The requests to try are real posts of the store being served, not the demo's (which
// would be 404s on someone's own data).
import type { Config } from "../config/index.js";
import type { PostReader, PostRecord, StoreMaintenance } from "../store/post-store.js";

/** What the banner reads: visible posts, found through the maintenance listing of ids. */
type Store = PostReader & Pick<StoreMaintenance, "listPostSources">;
import { DEMO_EXAMPLES } from "./demo.js";
import { describeDatabase } from "./store.js";

/** How far to look for a visible post before giving up (posts are scanned in id order). */
const SCAN_PAGES = 5;
const PAGE = 20;

/** Two requests that answer 200 on this store, or a hint when nothing is visible yet. */
export async function examplePaths(store: Store, now = Date.now()): Promise<string[]> {
  const visible = { withContent: false, visibleAt: now };
  const welcome = await store.findPostById("pst_welcome", visible);
  if (welcome?.publicationSlug === "field-notes") return DEMO_EXAMPLES;
  const post = await firstVisible(store, now);
  if (post === undefined) return [];
  const slugs = `${encodeURIComponent(post.publicationSlug)}/posts/slug/${encodeURIComponent(post.slug)}`;
  return [
    `/v1/publications/slug/${slugs}`,
    `/v1/posts/${encodeURIComponent(post.id)}?includeContent=true`,
  ];
}

async function firstVisible(store: Store, now: number): Promise<PostRecord | undefined> {
  let after = "";
  for (let page = 0; page < SCAN_PAGES; page++) {
    const sources = await store.listPostSources(after, PAGE);
    for (const { id } of sources) {
      const post = await store.findPostById(id, { withContent: false, visibleAt: now });
      if (post !== undefined) return post;
    }
    if (sources.length < PAGE) return undefined;
    after = sources.at(-1)!.id;
  }
  return undefined;
}

interface Banner {
  config: Config;
  /** The API's address, possibly followed by " with N workers". */
  where: string;
  metricsAddress: string | undefined;
  /** Paths that answer on this store; undefined while the store is out of reach. */
  examples: string[] | undefined;
}

const NOTHING_VISIBLE =
  "No published post yet: load some with `folio import FILE` (see the README).";
const NOT_REACHED = "Posts answer 503 until the store is reached; then try /v1/posts/{postId}.";

export function banner({ config, where, metricsAddress, examples }: Banner): string {
  const base = where.split(" ")[0]!;
  const tries =
    examples === undefined
      ? [NOT_REACHED]
      : examples.length === 0
        ? [NOTHING_VISIBLE]
        : ["Try:", ...examples.map((path) => `  curl '${base}${path}'`)];
  const metricsAt = metricsAddress ?? (config.metricsOnApiPort ? base : undefined);
  return [
    `Folio is serving ${describeDatabase(config)} at ${where}`,
    ...tries,
    `Docs: ${base}/docs  OpenAPI: ${base}/openapi.json`,
    `Metrics: ${metricsAt === undefined ? "off (set METRICS_PORT or METRICS_ON_API_PORT=true)" : `${metricsAt}/metrics`}`,
  ].join("\n");
}
