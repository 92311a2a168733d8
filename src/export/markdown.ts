// Leaving Folio: one Markdown file per post, with YAML front matter that Hugo and Astro read
// as they are, in a folder per publication (`DIR/<publication slug>/<post slug>.md`). Each
// field is written under the names both tools use (Hugo: date, lastmod, draft, tags, images;
// Astro's blog template: pubDate, updatedDate, heroImage), and Folio's own Markdown-folder
// import reads the files back (import/from/markdown-folder.ts).
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stringify } from "yaml";
import type { ExportSnapshot, ExportedPost, PostStore } from "../store/post-store.js";
import { chosenPublication } from "./ndjson.js";
import { paged } from "./pages.js";

interface MarkdownExportOptions {
  publication?: string;
}

interface MarkdownCounts {
  publications: number;
  posts: number;
}

export async function exportMarkdown(
  store: PostStore,
  dir: string,
  options: MarkdownExportOptions = {},
): Promise<MarkdownCounts> {
  const snapshot = await store.openSnapshot();
  try {
    const only = await chosenPublication(snapshot, options.publication);
    const counts: MarkdownCounts = { publications: 0, posts: 0 };
    for await (const publication of paged((q) => snapshot.publications(q), only)) {
      counts.publications++;
      const folder = join(dir, fileName(publication.slug));
      await mkdir(folder, { recursive: true });
      counts.posts += await writePublication(snapshot, publication.id, folder);
    }
    return counts;
  } finally {
    await snapshot.close();
  }
}

/** Writes the publication's posts one file at a time; resolves to how many. */
async function writePublication(snapshot: ExportSnapshot, id: string, folder: string) {
  // A byline names authors: their names are read once per publication, not per post.
  const names = new Map<string, string>();
  for await (const a of paged((q) => snapshot.authors(q), id)) names.set(a.id, a.name);
  let written = 0;
  const posts = paged((q) => snapshot.posts({ ...q, withMarkdown: true }), id);
  for await (const post of posts) {
    await writeFile(join(folder, `${fileName(post.slug)}.md`), markdownFile(post, names));
    written++;
  }
  return written;
}

/** The file's text: front matter, then the post's Markdown. */
function markdownFile(post: ExportedPost, names: ReadonlyMap<string, string>): string {
  const iso = (ms: number) => new Date(ms).toISOString();
  const data: Record<string, unknown> = { title: post.title, slug: post.slug };
  if (post.publishedAt !== undefined) {
    data.date = iso(post.publishedAt);
    data.pubDate = iso(post.publishedAt);
  }
  data.lastmod = iso(post.updatedAt);
  data.updatedDate = iso(post.updatedAt);
  // Only a published post is shown by a site generator; a draft or an archived one is not.
  data.draft = post.status !== "published";
  if (post.status !== "published") data.status = post.status;
  if (post.subtitle !== undefined) data.description = post.subtitle;
  if (post.categories.length > 0) data.tags = post.categories;
  const authors = post.authorIds.map((id) => names.get(id) ?? id);
  if (authors.length > 0) data.authors = authors;
  if (post.imageUrl !== undefined) {
    data.image = post.imageUrl;
    data.images = [post.imageUrl];
    data.heroImage = post.imageUrl;
  }
  const body = post.markdown ?? "";
  return `---\n${stringify(data, { lineWidth: 0 })}---\n\n${body.endsWith("\n") ? body : `${body}\n`}`;
}

/**
 * A slug as a file or folder name: slugs are URL-friendly already, but may start with a dot
 * (a hidden file) or be longer than a file system allows (255 bytes); those get a stable name.
 */
export function fileName(slug: string): string {
  if (!slug.startsWith(".") && Buffer.byteLength(slug) <= 200) return slug;
  const hash = createHash("sha256").update(slug).digest("hex").slice(0, 12);
  const chars = Array.from(slug.replace(/^\.+/, ""));
  while (Buffer.byteLength(chars.join("")) > 180) chars.pop();
  return `${chars.join("")}-${hash}`;
}
