// Post rows, the same on every backend: the column values of the post upserts, in order.
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
