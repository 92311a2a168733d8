// The store records an API write produces, and the checks on them that every backend
// shares: authors of the key's publication only, a slug nobody else holds now or in history.
import { ApiError } from "../errors.js";
import { ContentError, type ContentSource, type DerivedContent } from "../content/index.js";
import type { AuthoringWrites, PostInput, StoredPost } from "../store/post-store.js";
import type { ContentDeriver } from "./derive.js";
import type { PostState } from "./lifecycle.js";
import type { PostChanges } from "./write-body.js";

/** Content derived as the import derives it; a bad document is a 400 naming where. */
export async function derived(deriver: ContentDeriver, source: ContentSource | undefined) {
  if (source === undefined) return undefined;
  try {
    return await deriver.derive(source);
  } catch (error) {
    if (error instanceof ContentError) {
      throw new ApiError("invalid_parameter", `${error.path}: ${error.message}`);
    }
    throw error;
  }
}

export async function checkAuthors(tx: AuthoringWrites, publicationId: string, ids?: string[]) {
  if (ids === undefined || ids.length === 0) return;
  const [foreign] = await tx.foreignAuthors(publicationId, ids);
  if (foreign === undefined) return;
  const field = `authorIds[${ids.indexOf(foreign)}]`;
  throw new ApiError(
    "invalid_parameter",
    `${field}: unknown author ${foreign} in this publication`,
  );
}

/**
 * A slug held by another post, now or in its history (where it redirects to that post), is
 * not free: taking it would break the other post's old links.
 */
export async function checkSlug(
  tx: AuthoringWrites,
  publicationId: string,
  slug: string,
  self: string,
) {
  const holder = await tx.slugHolder(publicationId, slug);
  if (holder === undefined || holder.postId === self) return;
  const how = holder.current ? "already used by" : "kept in the slug history of";
  throw new ApiError("conflict", `slug: ${how} post ${holder.postId} in this publication`);
}

interface NewPost {
  id: string;
  publicationId: string;
  slug: string;
  changes: PostChanges;
  content: DerivedContent | undefined;
  state: PostState;
  now: number;
}

export function newPost({ id, publicationId, slug, changes, content, state, now }: NewPost) {
  const record: PostInput = {
    type: "post",
    ...{ id, publicationId, slug, title: changes.title!, ...stateOf(state) },
    updatedAt: now,
    categories: changes.categories ?? [],
    authorIds: changes.authorIds ?? [],
    content: { json: "", staticHtml: "", markdown: "" },
    rendererVersion: 0,
    sendNewsletter: changes.sendNewsletter ?? false,
  };
  return withOptional(withContent(record, content), changes);
}

export function updatedPost(
  current: StoredPost,
  changes: PostChanges,
  content: DerivedContent | undefined,
  state: PostState,
  now: number,
): PostInput {
  const { subtitle, imageUrl, coinId, postPreview } = current;
  const record: PostInput = {
    type: "post",
    ...{ id: current.id, publicationId: current.publicationId, slug: changes.slug ?? current.slug },
    ...{ title: changes.title ?? current.title, ...stateOf(state) },
    ...{ subtitle, imageUrl, coinId, postPreview },
    // Strictly later, so every write changes the post's validators, even within a millisecond.
    updatedAt: Math.max(now, current.updatedAt + 1),
    categories: changes.categories ?? current.categories,
    authorIds: changes.authorIds ?? current.authors.map((a) => a.id),
    content: current.content,
    rendererVersion: current.rendererVersion,
    sendNewsletter: changes.sendNewsletter ?? current.sendNewsletter,
  };
  return withOptional(withContent(record, content), changes);
}

/** Only the state's own fields: a state may be a whole stored post left as it was. */
function stateOf({ status, publishedAt }: PostState): PostState {
  return publishedAt === undefined ? { status } : { status, publishedAt };
}

function withContent(record: PostInput, content: DerivedContent | undefined): PostInput {
  if (content === undefined) return record;
  const { json, staticHtml, markdown, rendererVersion } = content;
  return { ...record, content: { json, staticHtml, markdown }, rendererVersion };
}

/** Given optional fields replace the stored ones; an empty text clears one. */
function withOptional(record: PostInput, changes: PostChanges): PostInput {
  const out = { ...record };
  for (const name of ["subtitle", "imageUrl", "postPreview"] as const) {
    const value = changes[name];
    if (value !== undefined) out[name] = value;
    if (out[name] === "" || out[name] === undefined) delete out[name];
  }
  return out;
}
