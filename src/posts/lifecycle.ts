// A post's life through the authoring API: draft → published, draft → scheduled
// → (at its time) published, published → draft (unpublish), archived, deleted. Scheduled is
// stored as published with a time still to come, so the go-live needs no write (visibility.ts).
import { ApiError } from "../errors.js";
import type { PostStatus } from "../store/post-store.js";
import { isVisible } from "../store/visibility.js";
import type { PostChanges } from "./write-body.js";

export interface PostState {
  status: PostStatus;
  publishedAt?: number;
}

/** What the API calls a state: a published post whose time is to come is `scheduled`. */
export type ApiStatus = PostStatus | "scheduled";

export function apiStatus(state: PostState, now: number): ApiStatus {
  if (state.status === "published" && !isVisible(state, now)) return "scheduled";
  return state.status;
}

/** The state a create asks for; the default is published now. */
export function createdState(changes: PostChanges, now: number): PostState {
  if (changes.scheduledAt != null) {
    if (changes.status === "draft") throw combined("draft");
    return { status: "published", publishedAt: future(changes.scheduledAt, now) };
  }
  return changes.status === "draft"
    ? { status: "draft" }
    : { status: "published", publishedAt: now };
}

/** The state an update leads to; a field left out leaves the state as it is. */
export function updatedState(current: PostState, changes: PostChanges, now: number): PostState {
  let state = current;
  if (changes.scheduledAt === null && apiStatus(state, now) === "scheduled") {
    state = { status: "draft" };
  }
  if (typeof changes.scheduledAt === "number") return schedule(state, changes, now);
  if (changes.status === undefined) return state;
  if (changes.status === "published") return publish(state, now);
  return { status: changes.status, ...keptTime(state, now) };
}

function schedule(state: PostState, changes: PostChanges, now: number): PostState {
  if (changes.status === "draft" || changes.status === "archived") throw combined(changes.status);
  const status = apiStatus(state, now);
  if (status !== "draft" && status !== "scheduled") {
    throw new ApiError(
      "conflict",
      `scheduledAt: only a draft or a scheduled post can be scheduled (this one is ${status})`,
    );
  }
  return { status: "published", publishedAt: future(changes.scheduledAt as number, now) };
}

/** Live posts stay as they are; a scheduled one goes live now; others keep a past time. */
function publish(state: PostState, now: number): PostState {
  if (isVisible(state, now)) return state;
  return { status: "published", publishedAt: keptTime(state, now).publishedAt ?? now };
}

/** A time already passed is kept (first published then); a scheduled one is dropped. */
function keptTime(state: PostState, now: number): { publishedAt?: number } {
  return state.publishedAt !== undefined && state.publishedAt <= now
    ? { publishedAt: state.publishedAt }
    : {};
}

function future(at: number, now: number): number {
  if (at <= now) throw new ApiError("invalid_parameter", "scheduledAt: must be in the future");
  return at;
}

function combined(status: string): ApiError {
  return new ApiError("invalid_parameter", `scheduledAt: cannot be combined with status ${status}`);
}
