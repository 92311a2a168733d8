// The body of an event (docs/webhooks.md), as the Standard Webhooks specification
// shapes it: "type", "timestamp" and "data". Made once, when the event is recorded, so every
// attempt at every endpoint sends the same bytes; content travels apart and is added only
// for endpoints that asked for it.
import { randomBytes } from "node:crypto";
import type { Announced, EventType, PostState } from "./post-events.js";

interface EventBody {
  payload: string;
  /** `{"markdown","json","staticHtml"}` of the post, for endpoints that include content. */
  content: string;
}

interface EventFacts {
  type: EventType;
  at: number;
  /** The post as the write left it; absent when it was deleted. */
  post: PostState | undefined;
  before: Announced | undefined;
  publicationSlug: string;
  previousSlug?: string;
}

export function eventBody(facts: EventFacts): EventBody {
  const { type, at, post, before, publicationSlug, previousSlug } = facts;
  const publicationId = post?.publicationId ?? before!.publicationId;
  const data: Record<string, unknown> = {
    post: post === undefined ? { id: before!.postId, slug: before!.slug } : postFields(post),
    publication: { id: publicationId, slug: publicationSlug },
  };
  if (previousSlug !== undefined) data.previousSlug = previousSlug;
  if (post?.sendNewsletter !== undefined) data.sendNewsletter = post.sendNewsletter;
  const payload = JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
  const content = post === undefined ? "" : contentFields(post);
  return { payload, content };
}

/** The post's metadata as the read API shows it: times as millisecond strings. */
function postFields(p: PostState): Record<string, unknown> {
  const fields: Record<string, unknown> = { id: p.id, slug: p.slug, title: p.title };
  if (p.subtitle !== undefined) fields.subtitle = p.subtitle;
  if (p.imageUrl !== undefined) fields.imageUrl = p.imageUrl;
  fields.status = p.status;
  if (p.publishedAt !== undefined) fields.publishedAt = String(p.publishedAt);
  fields.updatedAt = String(p.updatedAt);
  if (p.coinId !== undefined) fields.coinId = p.coinId;
  fields.categories = p.categories;
  fields.authorIds = p.authorIds;
  return fields;
}

function contentFields(p: PostState): string {
  const { markdown, json, staticHtml } = p.content;
  return JSON.stringify({ markdown, json, staticHtml });
}

/** The body one endpoint receives: the payload, with the post's content when it asked. */
export function bodyFor(payload: string, content: string | undefined): string {
  if (content === undefined || content === "") return payload;
  const event = JSON.parse(payload) as { data: { post: Record<string, unknown> } };
  Object.assign(event.data.post, JSON.parse(content));
  return JSON.stringify(event);
}

/** Unguessable ids with a prefix that says what they name. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}
