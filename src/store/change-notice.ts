// Collecting what a write changed, the same way on every backend.
import type { ChangeNotice, ImportRecord } from "./post-store.js";

/** Past this many posts (or lists) a notice says "everything", so a big import stays flat in memory. */
const MAX_NOTICE_POSTS = 10_000;

export interface ChangeSet {
  all: boolean;
  postIds: Set<string>;
  /** Publications whose post lists the write changed (before and after). */
  publicationIds: Set<string>;
  /** Categories whose tag lists the write changed (before and after). */
  tags: Set<string>;
}

export function emptyChangeSet(): ChangeSet {
  return { all: false, postIds: new Set(), publicationIds: new Set(), tags: new Set() };
}

export function noteChange(changed: ChangeSet, record: ImportRecord) {
  // Keys, endpoints and images are in no cached answer (/media reads the store every time).
  if (record.type === "apiKey" || record.type === "webhookEndpoint" || record.type === "media")
    return;
  if (record.type === "post")
    notePost(changed, record.id, [record.publicationId], record.categories);
  else noteEverything(changed);
}

/** A post written or removed, with the lists it is in (or was in, for a removal). */
export function notePost(
  changed: ChangeSet,
  id: string,
  publicationIds: readonly string[],
  tags: readonly string[],
): void {
  if (changed.all) return;
  if (changed.postIds.size >= MAX_NOTICE_POSTS) {
    noteEverything(changed);
    return;
  }
  changed.postIds.add(id);
  noteLists(changed, publicationIds, tags);
}

/** The lists a post was in before it was rewritten: it leaves them, or they change around it. */
export function noteLists(
  changed: ChangeSet,
  publicationIds: readonly string[],
  tags: readonly string[],
): void {
  if (changed.all) return;
  for (const id of publicationIds) changed.publicationIds.add(id);
  for (const tag of tags) changed.tags.add(tag);
  if (changed.publicationIds.size + changed.tags.size > MAX_NOTICE_POSTS) noteEverything(changed);
}

function noteEverything(changed: ChangeSet): void {
  changed.all = true;
  changed.postIds.clear();
  changed.publicationIds.clear();
  changed.tags.clear();
}

export function isEmpty(changed: ChangeSet): boolean {
  return !changed.all && changed.postIds.size === 0;
}

/** The notice listeners get: arrays, lists named only when some post was written. */
export function toNotice(changed: ChangeSet): ChangeNotice {
  if (changed.all) return { all: true, postIds: [] };
  return {
    all: false,
    postIds: [...changed.postIds],
    publicationIds: [...changed.publicationIds],
    tags: [...changed.tags],
  };
}

/** A re-render changes posts' content only: no post enters or leaves a list. */
export function contentOnly(postIds: string[]): ChangeNotice {
  return { all: false, postIds, publicationIds: [], tags: [] };
}
