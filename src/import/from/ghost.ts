// Ghost's JSON export (Settings → Labs → Export): `{ db: [{ meta, data }] }` with tables of
// users, tags, posts and the posts_authors / posts_tags joins. The joins follow the posts in
// the file, so the export is read whole (within --max-bytes), then converted record by record.
import { SourceError, type SourceItem } from "../source.js";
import { lexicalToHtml, mobiledocMarkdown } from "./ghost-lexical.js";
import {
  absoluteUrl,
  clip,
  numbering,
  publicationTarget,
  readWhole,
  utcTime,
  type ConvertOptions,
} from "./shared.js";

type Row = Record<string, unknown>;

/** Ghost's post statuses → ours. A scheduled post is published at a time still to come. */
const STATUS: Record<string, string> = {
  published: "published",
  scheduled: "published",
  draft: "draft",
  sent: "archived", // sent as a newsletter only, never on the site
};

export async function* fromGhost(
  path: string,
  options: ConvertOptions,
): AsyncGenerator<SourceItem> {
  const data = exportData(path, await readWhole(path, options.maxBytes));
  const n = numbering();
  const title = String(table(path, data, "settings").find((s) => s.key === "title")?.value ?? "");
  const publication = publicationTarget(options, title, title);
  if (publication.record) yield n.record(`${path} settings`, publication.record);
  for (const [i, user] of table(path, data, "users").entries()) {
    yield n.record(`${path} users[${i}]`, {
      type: "author",
      ...{ id: `ghost-${user.id}`, publicationId: publication.id, name: user.name },
      ...{ avatarUrl: absoluteUrl(user.profile_image), bio: user.bio },
    });
  }
  const tags = new Map(table(path, data, "tags").map((t) => [t.id, t]));
  const tagsOf = joined(table(path, data, "posts_tags"), "tag_id");
  const authorsOf = joined(table(path, data, "posts_authors"), "author_id");
  for (const [i, post] of table(path, data, "posts").entries()) {
    // Ghost 3 and later say `type: "page"`; Ghost 2 and before said `page: 1` (or true).
    if (post.type === "page" || post.page === 1 || post.page === true) {
      yield n.skip("ghost page");
      continue;
    }
    const categories = (tagsOf.get(post.id) ?? [])
      .map((id) => tags.get(id))
      .filter((tag) => tag !== undefined && tag.visibility !== "internal")
      .map((tag) => tag!.name);
    const authors = authorsOf.get(post.id) ?? (post.author_id ? [post.author_id] : []);
    yield n.record(`${path} posts[${i}] ${JSON.stringify(post.slug)}`, {
      type: "post",
      ...{ id: `ghost-${post.id}`, publicationId: publication.id, slug: post.slug },
      ...{ title: post.title, status: statusOf(post) },
      ...{ publishedAt: utcTime(post.published_at), updatedAt: utcTime(post.updated_at) },
      subtitle: typeof post.custom_excerpt === "string" ? clip(post.custom_excerpt, 300) : null,
      imageUrl: absoluteUrl(post.feature_image),
      categories: [...new Set(categories)],
      authorIds: [...new Set(authors)].map((id) => `ghost-${id}`),
      ...body(post),
    });
  }
}

/**
 * A post for members or paying members only was never public: Folio has no members, so it is
 * kept as a draft rather than served to everyone.
 */
function statusOf(post: Row): string {
  const open =
    post.visibility === undefined || post.visibility === null || post.visibility === "public";
  return open ? (STATUS[String(post.status)] ?? "draft") : "draft";
}

/** The rendered HTML when the export has it, else what can be rebuilt from the source. */
function body(post: Row): Row {
  if (typeof post.html === "string") return { html: post.html };
  const html = typeof post.lexical === "string" ? lexicalToHtml(post.lexical) : undefined;
  if (html !== undefined) return { html };
  const markdown =
    typeof post.mobiledoc === "string" ? mobiledocMarkdown(post.mobiledoc) : undefined;
  if (markdown !== undefined) return { markdown };
  return typeof post.plaintext === "string" ? { markdown: post.plaintext } : {};
}

function exportData(path: string, text: string): Row {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SourceError(`${path}: is not valid JSON (${(error as Error).message})`);
  }
  const root = parsed as { db?: { data?: unknown }[]; data?: unknown };
  const data = Array.isArray(root?.db) ? root.db[0]?.data : root?.data;
  if (typeof data !== "object" || data === null || !Array.isArray((data as Row).posts)) {
    throw new SourceError(`${path}: not a Ghost export (no db[0].data.posts)`);
  }
  return data as Row;
}

function table(path: string, data: Row, name: string): Row[] {
  const rows = data[name] ?? [];
  if (!Array.isArray(rows) || rows.some((r) => typeof r !== "object" || r === null)) {
    throw new SourceError(`${path}: data.${name} is not a list of objects`);
  }
  return rows as Row[];
}

/** post id → the other side's ids, in the join's sort order. */
function joined(rows: Row[], other: string): Map<unknown, unknown[]> {
  const sorted = [...rows].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  const out = new Map<unknown, unknown[]>();
  for (const row of sorted) out.set(row.post_id, [...(out.get(row.post_id) ?? []), row[other]]);
  return out;
}
