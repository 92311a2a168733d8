// The authoring API's writes: each one transaction through the store's one
// write type, with the checks every backend shares written once, here: the post belongs to
// the key's publication, its authors too, its slug is free (live and historic), If-Match
// still holds, an Idempotency-Key is answered once. Content is derived before the
// transaction opens, so no lock is held while a document renders.
import { randomBytes } from "node:crypto";
import { ApiError } from "../errors.js";
import type {
  PostInput,
  PostRecord,
  PostRef,
  PostWriter,
  WriteTransaction,
} from "../store/post-store.js";
import { WriteConflictError } from "../store/authoring-writes.js";
import type { ContentDeriver } from "./derive.js";
import { apiStatus, createdState, updatedState, type ApiStatus } from "./lifecycle.js";
import { claimKey, saveAnswer, type IdempotencyRequest } from "./idempotency.js";
import { checkAuthors, checkSlug, newPost, updatedPost, derived } from "./write-records.js";
import { createChanges, updateChanges } from "./write-body.js";
import { freeSlug, slugFromTitle } from "./slugs.js";

export interface Created {
  answer: { id: string; status: Exclude<ApiStatus, "archived"> };
  /** The post as written, for validators and purge keys; absent on a replayed answer. */
  post?: PostRecord;
  replayed: boolean;
}

/** Decides whether the stored post is still the one the client meant (If-Match). */
export type Precondition = (current: PostRecord) => boolean;

/** The post was addressed by a slug it has since left: it lives at `slug` now. */
export class MovedError extends Error {
  constructor(readonly slug: string) {
    super(`moved to ${slug}`);
  }
}

export class PostWrites {
  constructor(
    private readonly store: PostWriter,
    private readonly deriver: ContentDeriver,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(publicationId: string, body: unknown, idem?: IdempotencyRequest): Promise<Created> {
    const changes = createChanges(body);
    const content = await derived(this.deriver, changes.source);
    return this.inTransaction(async (tx) => {
      const now = this.clock();
      const replay = idem && (await claimKey(tx, publicationId, idem, now));
      if (replay) return { answer: replay as Created["answer"], replayed: true };
      await checkAuthors(tx, publicationId, changes.authorIds);
      const id = randomBytes(15).toString("base64url");
      if (changes.slug !== undefined) await checkSlug(tx, publicationId, changes.slug, id);
      const slug =
        changes.slug ?? (await freeSlug(tx, publicationId, slugFromTitle(changes.title!)));
      const state = createdState(changes, now);
      const record = newPost({ id, publicationId, slug, changes, content, state, now });
      const post = await this.write(tx, record.publicationId, record);
      const answer = { id, status: apiStatus(state, now) as Created["answer"]["status"] };
      if (idem) await saveAnswer(tx, publicationId, idem, answer);
      return { answer, post, replayed: false };
    });
  }

  async update(publicationId: string, ref: PostRef, body: unknown, precondition?: Precondition) {
    const changes = updateChanges(body);
    const content = await derived(this.deriver, changes.source);
    return this.inTransaction(async (tx) => {
      const current = await this.current(tx, publicationId, ref, precondition);
      const now = this.clock();
      if (changes.slug !== undefined) await checkSlug(tx, publicationId, changes.slug, current.id);
      await checkAuthors(tx, publicationId, changes.authorIds);
      const state = updatedState(current, changes, now);
      const record = updatedPost(current, changes, content, state, now);
      return { post: await this.write(tx, publicationId, record), before: current };
    });
  }

  async remove(publicationId: string, ref: PostRef, precondition?: Precondition) {
    return this.inTransaction(async (tx) => {
      const current = await this.current(tx, publicationId, ref, precondition);
      await tx.deletePost(current.id);
      return current as PostRecord;
    });
  }

  /** The addressed post, locked; 404 when missing, 308 when addressed by an old slug. */
  private async current(
    tx: WriteTransaction,
    publicationId: string,
    ref: PostRef,
    pre?: Precondition,
  ) {
    const current = await tx.lockPost(publicationId, ref);
    if (current === undefined) {
      const holder = "slug" in ref ? await tx.slugHolder(publicationId, ref.slug) : undefined;
      const moved = holder && (await tx.lockPost(publicationId, { id: holder.postId }));
      if (moved) throw new MovedError(moved.slug);
      throw new ApiError("not_found");
    }
    if (pre !== undefined && !pre(current)) throw new ApiError("precondition_failed");
    return current;
  }

  /** Writes through `apply`, as an import line would be, and reads the result back. */
  private async write(tx: WriteTransaction, publicationId: string, record: PostInput) {
    const [rejection] = await tx.apply([{ line: 1, record }]);
    if (rejection) throw new ApiError("conflict", `${rejection.field}: ${rejection.reason}`);
    return (await tx.writtenPost(publicationId, record.id))!;
  }

  private async inTransaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
    const tx = await this.store.beginWrite({ bulk: false });
    try {
      const result = await work(tx);
      await tx.commit();
      return result;
    } catch (error) {
      await tx.rollback();
      if (error instanceof WriteConflictError)
        throw new ApiError("conflict", "slug: was just taken by another write; retry");
      throw error;
    }
  }
}
