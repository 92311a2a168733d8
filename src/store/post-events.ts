// Which event a write makes, decided once for every backend and every write path
// (import, API write, re-render, scheduled go-live) from two states of a post: what
// receivers were last told (its "announced" row) and the post as the transaction leaves it.
// Pure: no I/O, the clock passed in.
import { createHash } from "node:crypto";
import type { PostContent, PostStatus } from "./records.js";
import { isVisible } from "./visibility.js";

export const EVENT_TYPES = [
  "post.published",
  "post.updated",
  "post.unpublished",
  "post.deleted",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A post as a write leaves it: what an event says about it, and what decides whether one is due. */
export interface PostState {
  id: string;
  publicationId: string;
  publicationSlug: string;
  slug: string;
  title: string;
  subtitle?: string;
  imageUrl?: string;
  status: PostStatus;
  publishedAt?: number;
  updatedAt: number;
  coinId?: string;
  categories: string[];
  authorIds: string[];
  content: PostContent;
  /** Only when the write carried it (an API write may; an import does not). */
  sendNewsletter?: boolean;
}

/**
 * What receivers were last told of a post. `visible`: they hold it as published. Hashes are
 * null for rows made by the migration (their post was never hashed): any write then counts
 * as a change, so an update is never missed.
 */
export interface Announced {
  postId: string;
  publicationId: string;
  slug: string;
  visible: boolean;
  metaHash: string | null;
  htmlHash: string | null;
}

export interface Classified {
  type: EventType;
  /** Set when the post's slug is not the one receivers were last told. */
  previousSlug?: string;
}

/**
 * not visible → visible: published; visible → visible and changed: updated; visible → not
 * visible: unpublished; visible → gone: deleted. A post receivers never saw makes no event
 * when it changes or goes; a scheduled one makes its `post.published` when it goes live.
 */
export function classify(
  before: Announced | undefined,
  after: PostState | undefined,
  now: number,
): Classified | undefined {
  const was = before?.visible === true;
  if (after === undefined) return was ? { type: "post.deleted" } : undefined;
  const is = isVisible(after, now);
  const type = eventType(was, is, () => changed(before!, after));
  if (type === undefined) return undefined;
  if (before !== undefined && before.slug !== after.slug) {
    return { type, previousSlug: before.slug };
  }
  return { type };
}

function eventType(was: boolean, is: boolean, changed: () => boolean): EventType | undefined {
  if (!was) return is ? "post.published" : undefined;
  if (!is) return "post.unpublished";
  return changed() ? "post.updated" : undefined;
}

function changed(before: Announced, after: PostState): boolean {
  return before.metaHash !== metaHash(after) || before.htmlHash !== htmlHash(after);
}

/** The announced row after an event: what receivers now know. */
export function announcedAfter(after: PostState, now: number): Announced {
  return {
    postId: after.id,
    publicationId: after.publicationId,
    slug: after.slug,
    visible: isVisible(after, now),
    metaHash: metaHash(after),
    htmlHash: htmlHash(after),
  };
}

/** Every field a reader of the post sees but its content. */
export function metaHash(p: PostState): string {
  const fields = [p.publicationId, p.slug, p.title, p.subtitle, p.imageUrl, p.status];
  const more = [p.publishedAt, p.updatedAt, p.coinId, p.categories, p.authorIds];
  return digest(JSON.stringify([...fields, ...more]));
}

/** A re-render that leaves the HTML as it was changes nothing a reader sees. */
export function htmlHash(p: PostState): string {
  return digest(p.content.staticHtml);
}

const digest = (text: string) => createHash("sha256").update(text).digest("base64url");
