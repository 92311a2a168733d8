// What an API write needs of the one write transaction, besides `apply`. The
// checks built on these (references, unique slugs, slug history, If-Match) are written once,
// above the backends, in posts/; each backend only answers the questions.
import type { PostContent, PostRecord } from "./records.js";

export type PostRef = { id: string } | { slug: string };

/** A post with every stored field an update must carry over. */
export interface StoredPost extends PostRecord {
  content: PostContent;
  rendererVersion: number;
  postPreview?: string;
  sendNewsletter: boolean;
}

/** Who holds a slug in a publication: a post by its current slug, or by its history. */
interface SlugHolder {
  postId: string;
  current: boolean;
}

interface IdempotencyClaim {
  publicationId: string;
  key: string;
  requestHash: string;
  now: number;
  /** Answers stored before this instant are expired: the key may be used afresh. */
  expiredBefore: number;
}

interface StoredAnswer {
  requestHash: string;
  answer: string;
}

export interface AuthoringWrites {
  /** The publication's post, locked against other writers until commit or rollback. */
  lockPost(publicationId: string, ref: PostRef): Promise<StoredPost | undefined>;
  /** A post this transaction has just written (and so holds), as it now stands. */
  writtenPost(publicationId: string, id: string): Promise<StoredPost | undefined>;
  slugHolder(publicationId: string, slug: string): Promise<SlugHolder | undefined>;
  /** Those of `authorIds` that are not authors of the publication. */
  foreignAuthors(publicationId: string, authorIds: readonly string[]): Promise<string[]>;
  /** Removes the post with its authors, categories, slug history and views. */
  deletePost(id: string): Promise<void>;
  /**
   * Claims the key for this transaction (undefined), or gives the answer stored under it.
   * A concurrent claim of the same key waits for this transaction to end.
   */
  claimIdempotencyKey(claim: IdempotencyClaim): Promise<StoredAnswer | undefined>;
  saveIdempotentAnswer(publicationId: string, key: string, answer: string): Promise<void>;
}

/** A write lost a race the checks could not see (two writers took one slug at once). */
export class WriteConflictError extends Error {}
