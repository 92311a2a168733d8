// The whole store (or one publication) as NDJSON in the import format, in the order the
// import needs: publications, authors, posts, the images uploaded through the desk (content,
// not secrets), then with secrets the API keys and the webhook endpoints — last, so that
// importing the file announces none of its own posts to them.
import type { Writable } from "node:stream";
import type {
  ExportSnapshot,
  ExportedMedia,
  ExportedPost,
  MediaVariant,
  PostStore,
} from "../store/post-store.js";
import { paged } from "./pages.js";
import { writeAll } from "./write.js";

interface ExportOptions {
  /** A publication's slug or id: only its records (and its own keys and endpoints). */
  publication?: string;
  /** Also API key hashes and webhook endpoints with their signing secrets. */
  includeSecrets?: boolean;
}

interface ExportCounts {
  publications: number;
  authors: number;
  posts: number;
  media: number;
  apiKeys: number;
  webhookEndpoints: number;
}

/** The publication asked for is not in the store. */
export class UnknownPublicationChoice extends Error {
  constructor(choice: string) {
    super(`no publication has the slug or id ${JSON.stringify(choice)}`);
  }
}

export async function exportNdjson(
  store: PostStore,
  out: Writable,
  options: ExportOptions = {},
): Promise<ExportCounts> {
  const snapshot = await store.openSnapshot();
  try {
    const only = await chosenPublication(snapshot, options.publication);
    const counts: ExportCounts = {
      ...{ publications: 0, authors: 0, posts: 0, media: 0 },
      ...{ apiKeys: 0, webhookEndpoints: 0 },
    };
    await writeAll(out, lines(snapshot, only, options.includeSecrets === true, counts));
    return counts;
  } finally {
    await snapshot.close();
  }
}

/** The id of the publication asked for by slug or id, or undefined for all of them. */
export async function chosenPublication(snapshot: ExportSnapshot, choice: string | undefined) {
  if (choice === undefined) return undefined;
  const id = await snapshot.publicationId(choice);
  if (id === undefined) throw new UnknownPublicationChoice(choice);
  return id;
}

async function* lines(
  s: ExportSnapshot,
  only: string | undefined,
  secrets: boolean,
  counts: ExportCounts,
): AsyncGenerator<string> {
  for await (const p of paged((q) => s.publications(q), only)) {
    counts.publications++;
    yield line({ type: "publication", ...p });
  }
  for await (const a of paged((q) => s.authors(q), only)) {
    counts.authors++;
    yield line({ type: "author", ...a });
  }
  for await (const post of paged((q) => s.posts(q), only)) {
    counts.posts++;
    yield postLine(post);
  }
  for await (const m of paged((q) => s.media(q), only)) {
    counts.media++;
    // One image's bytes at a time: a page of rows holds no bytes.
    yield mediaLine(m, await s.mediaVariants(m.id));
  }
  if (!secrets) return;
  for await (const k of paged((q) => s.apiKeys(q), only)) {
    counts.apiKeys++;
    yield line({
      type: "apiKey",
      ...k,
      createdAt: iso(k.createdAt),
      revokedAt: k.revokedAt === undefined ? undefined : iso(k.revokedAt),
    });
  }
  for await (const e of paged((q) => s.endpoints(q), only)) {
    counts.webhookEndpoints++;
    yield line({
      type: "webhookEndpoint",
      ...e,
      createdAt: iso(e.createdAt),
      disabledAt: e.disabledAt === undefined ? undefined : iso(e.disabledAt),
    });
  }
}

const line = (value: object) => `${JSON.stringify(value)}\n`;

/** Times as ISO 8601 with milliseconds: exact, and readable by people and the import. */
const iso = (ms: number) => new Date(ms).toISOString();

function postLine(p: ExportedPost): string {
  const head = JSON.stringify({
    type: "post",
    ...{ id: p.id, publicationId: p.publicationId, slug: p.slug, title: p.title },
    ...{ subtitle: p.subtitle, imageUrl: p.imageUrl, status: p.status },
    publishedAt: p.publishedAt === undefined ? undefined : iso(p.publishedAt),
    ...{ updatedAt: iso(p.updatedAt), createdAt: iso(p.createdAt), coinId: p.coinId },
    ...{ categories: p.categories, authorIds: p.authorIds },
    ...{ postPreview: p.postPreview, sendNewsletter: p.sendNewsletter || undefined },
    ...{ oldSlugs: p.oldSlugs.length > 0 ? p.oldSlugs : undefined, views: p.views },
  });
  // A post stored without a body (its line gave none) is written without one.
  if (p.json === "") return `${head}\n`;
  // The stored document is JSON text already: spliced in, not parsed and written again.
  // A document stored with line breaks (another writer's) is rewritten onto one line.
  const json = /[\n\r]/.test(p.json) ? JSON.stringify(JSON.parse(p.json)) : p.json;
  return `${head.slice(0, -1)},"json":${json}}\n`;
}

function mediaLine(m: ExportedMedia, variants: MediaVariant[]): string {
  return line({
    type: "media",
    ...{ id: m.id, publicationId: m.publicationId, format: m.format },
    ...{ width: m.width, height: m.height, createdAt: iso(m.createdAt) },
    variants: variants.map((v) => ({
      ...{ width: v.width, height: v.height, etag: v.etag },
      bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength).toString("base64"),
    })),
  });
}
