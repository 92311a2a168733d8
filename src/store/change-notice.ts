// Collecting what an import changed, the same way on every backend.
import type { ImportRecord } from "./post-store.js";

/** Past this many posts a notice says "everything", so a big import stays flat in memory. */
const MAX_NOTICE_POSTS = 10_000;

export interface ChangeSet {
  all: boolean;
  postIds: Set<string>;
}

export function noteChange(changed: ChangeSet, record: ImportRecord) {
  if (changed.all) return;
  if (record.type !== "post" || changed.postIds.size >= MAX_NOTICE_POSTS) {
    changed.all = true;
    changed.postIds.clear();
  } else {
    changed.postIds.add(record.id);
  }
}
