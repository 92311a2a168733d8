// One WordPress item (a post) in the import format's terms: statuses, GMT dates, slugs,
// categories and tags, excerpt, featured image and the content with WordPress's paragraphs.
import { autop } from "./autop.js";
import { absoluteUrl, clip, plainText, timestamp, utcTime } from "./shared.js";

/** One wp:author or item being read: its child elements' text, categories and meta. */
export interface Entry {
  line: number;
  fields: Record<string, string>;
  categories: { domain: string; name: string }[];
  meta: Record<string, string>;
}

/** WordPress's statuses → ours (`future`: published at a time still to come). */
const STATUS: Record<string, string> = {
  publish: "published",
  future: "published",
  draft: "draft",
  pending: "draft",
  private: "draft",
  "auto-draft": "draft",
};

/** One WXR item of type post → an import record. */
export function wordpressPost(
  { fields: f, categories, meta }: Entry,
  status: string,
  publicationId: string,
  attachments: ReadonlyMap<string, string>,
): object {
  const id = f["wp:post_id"]?.trim() ?? "";
  const excerpt = plainText(f["excerpt:encoded"] ?? "");
  const creator = f["dc:creator"]?.trim();
  return {
    type: "post",
    ...{ id: `wordpress-${id}`, publicationId: publicationId, slug: slugOf(f, id) },
    // WordPress lets a title hold markup and shows it as HTML; here a title is text.
    title: plainText(f.title ?? "") || "(untitled)",
    // A password keeps a post's text from the public in WordPress; served here it would not be.
    status: f["wp:post_password"]?.trim() ? "draft" : (STATUS[status] ?? "draft"),
    publishedAt: utcTime(f["wp:post_date_gmt"]) ?? (f.pubDate ? timestamp(f.pubDate) : undefined),
    updatedAt: utcTime(f["wp:post_modified_gmt"]),
    subtitle: excerpt === "" ? undefined : clip(excerpt, 300),
    imageUrl: absoluteUrl(attachments.get(meta._thumbnail_id ?? "")),
    categories: [...new Set(categories.filter((c) => c.name !== "").map((c) => c.name))],
    authorIds: creator ? [`wordpress-${creator}`] : [],
    html: autop(f["content:encoded"] ?? ""),
  };
}
/** WordPress percent-encodes non-ASCII slugs; a draft may have none yet. */
function slugOf(f: Record<string, string>, id: string): string {
  const raw = f["wp:post_name"]?.trim() ?? "";
  if (raw === "") return id;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
