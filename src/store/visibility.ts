// Visibility as data (contract section 3): the one definition that the per-post check and
// every query predicate are built from, so a list and a single read can never disagree.
import { sql, type RawBuilder } from "./kysely.js";
import type { PostStatus } from "./records.js";

/** The only status a reader may see, and only once its publication time has come. */
const VISIBLE_STATUS: PostStatus = "published";

/** Whether a stored post may be shown at `now` (ms). A published post always has a time. */
export function isVisible(post: { status: PostStatus; publishedAt?: number }, now: number) {
  return (
    post.status === VISIBLE_STATUS && post.publishedAt !== undefined && post.publishedAt <= now
  );
}

/** Whether a post is published but not yet visible at `now`: scheduled (scheduledWhere). */
export function isScheduled(post: { status: PostStatus; publishedAt?: number }, now: number) {
  return post.status === VISIBLE_STATUS && post.publishedAt !== undefined && post.publishedAt > now;
}

/**
 * The same rule as SQL over a posts table alias, `now` bound at `placeholder` (`?` or `$n`).
 * NULL publication times compare as unknown, so they are hidden here as in isVisible.
 */
export function visibleWhere(alias: string, placeholder: string): string {
  return `${visibleBefore(alias)} ${placeholder}`;
}

/** Posts that are published but not yet visible: the scheduled ones, for go-live timers. */
export function scheduledWhere(alias: string, placeholder: string): string {
  return `${scheduledAfter(alias)} ${placeholder}`;
}

const visibleBefore = (alias: string) =>
  `${alias}.status = '${VISIBLE_STATUS}' AND ${alias}.published_at <=`;
const scheduledAfter = (alias: string) =>
  `${alias}.status = '${VISIBLE_STATUS}' AND ${alias}.published_at >`;

/** visibleWhere for a statement written once (statement.ts): `now` is its argument. */
export const visibleAt = (alias: string, now: unknown): RawBuilder<boolean> =>
  sql<boolean>`${sql.raw(visibleBefore(alias))} ${now}`;

/** scheduledWhere for a statement written once. */
export const scheduledAt = (alias: string, now: unknown): RawBuilder<boolean> =>
  sql<boolean>`${sql.raw(scheduledAfter(alias))} ${now}`;

/** Posts that went live in (`from`, `to`]: hidden at `from`, visible at `to` (a go-live sweep). */
export function wentLiveWhere(alias: string, from: string, to: string): string {
  return `${scheduledWhere(alias, from)} AND ${alias}.published_at <= ${to}`;
}
