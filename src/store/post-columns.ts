// Post rows, the same on every backend: the columns of the post upserts and their values, in
// one order.
import type { PostInput } from "./post-store.js";
import { createdAtOf } from "./records.js";

/** `flag`: how the backend stores a boolean (SQLite has no boolean type: 1 or 0). */
export function postColumns(p: PostInput, flag: (yes: boolean) => unknown): unknown[] {
  return [
    ...[p.id, p.publicationId, p.slug, p.title, p.subtitle, p.imageUrl, p.status],
    ...[p.publishedAt, p.updatedAt, p.coinId, p.rendererVersion],
    ...[p.content.json, p.content.staticHtml, p.content.markdown, p.postPreview],
    ...[flag(p.sendNewsletter === true), createdAtOf(p)],
  ].map((value) => value ?? null);
}

/** The posts table's columns, in postColumns' order. */
const COLUMNS = [
  ...["id", "publication_id", "slug", "title", "subtitle", "image_url", "status"],
  ...["published_at", "updated_at", "coin_id", "renderer_version"],
  ...["content_json", "static_html", "markdown", "post_preview"],
  ...["send_newsletter", "created_at"],
];
export const POST_COLUMN_NAMES = COLUMNS.join(", ");

/** What an upsert changes on a post that exists: everything but its id and creation time. */
export const POST_UPSERT_SET = COLUMNS.filter((c) => c !== "id" && c !== "created_at")
  .map((column) => `${column} = excluded.${column}`)
  .join(", ");
