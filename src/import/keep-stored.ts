// Re-importing a record that has not changed must change nothing: a time the line
// leaves to its default is taken from the stored post instead of the clock when that keeps
// the post as it was. A published post keeps the publication time it first got; updatedAt
// keeps its stored value when everything else is equal, so the served bytes and ETag hold.
import type { PostInput, PostRecord, PostStore } from "../store/post-store.js";

interface Defaulted {
  updatedAt: boolean;
  publishedAt: boolean;
}

export interface DefaultedPost {
  record: PostInput;
  defaulted: Defaulted;
}

/** Reads the stored versions of the posts whose lines left a time out, and keeps theirs. */
export async function keepStoredTimes(store: PostStore, posts: readonly DefaultedPost[]) {
  const wanted = posts.filter((p) => p.defaulted.updatedAt || p.defaulted.publishedAt);
  const stored = await Promise.all(
    wanted.map((p) => store.findPostById(p.record.id, { withContent: true })),
  );
  wanted.forEach((post, i) => {
    const before = stored[i];
    if (before !== undefined) keep(post, before);
  });
}

function keep({ record, defaulted }: DefaultedPost, before: PostRecord): void {
  if (defaulted.publishedAt && before.publishedAt !== undefined) {
    record.publishedAt = before.publishedAt;
  }
  if (defaulted.updatedAt && sameApartFromUpdatedAt(record, before)) {
    record.updatedAt = before.updatedAt;
  }
}

function sameApartFromUpdatedAt(next: PostInput, before: PostRecord): boolean {
  const scalars = [
    "publicationId",
    "slug",
    "title",
    "subtitle",
    "imageUrl",
    "status",
    "publishedAt",
    "coinId",
  ] as const;
  return (
    scalars.every((key) => next[key] === before[key]) &&
    sameList(next.categories, before.categories) &&
    sameList(
      next.authorIds,
      before.authors.map((a) => a.id),
    ) &&
    next.content.json === before.content?.json &&
    next.content.staticHtml === before.content.staticHtml &&
    next.content.markdown === before.content.markdown
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
