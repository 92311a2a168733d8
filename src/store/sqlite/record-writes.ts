// One checked import record written on SQLite, inside the write transaction (writes.ts), with
// what it changes noted for the change notice.
import type { ChangeSet } from "../change-notice.js";
import { noteLists } from "../change-notice.js";
import { authorColumns } from "../author-columns.js";
import { publicationColumns } from "../publication-columns.js";
import { postColumns } from "../post-columns.js";
import type { AuthorInput, PostInput, PublicationInput } from "../post-store.js";
import type { WriteStatements } from "./write-statements.js";

export function writePublication(sql: WriteStatements, p: PublicationInput): void {
  sql.upsertPublication.run(...publicationColumns(p));
}

/** True when the author is new or changed; a same-valued line leaves its posts alone. */
export function writeAuthor(sql: WriteStatements, a: AuthorInput): boolean {
  return sql.upsertAuthor.run(...authorColumns(a)).changes > 0;
}

export function writePost(sql: WriteStatements, changed: ChangeSet, p: PostInput): void {
  noteLeftPublication(sql, changed, p.id);
  sql.upsertPost.run(...postColumns(p, (yes) => (yes ? 1 : 0)));
  sql.clearAuthors.run(p.id);
  p.authorIds.forEach((authorId, i) => sql.addAuthor.run(p.id, i, authorId));
  const left = sql.clearCategories.all(p.id) as string[];
  noteLists(changed, [], left);
  const time = p.publishedAt ?? null;
  p.categories.forEach((name, i) => sql.addCategory.run(p.id, i, name, p.status, time));
}

/** The publication a post was in before this write: its list loses the post. */
function noteLeftPublication(sql: WriteStatements, changed: ChangeSet, postId: string): void {
  if (changed.all) return;
  const before = sql.publicationOfPost.get(postId) as string | undefined;
  if (before !== undefined) noteLists(changed, [before], []);
}
