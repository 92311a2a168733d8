// @folio/client: a typed client of the Folio API for Node (20+) and browsers. It needs
// nothing but fetch. Every failure is a FolioError: an error answer of the API, a request
// refused before it is sent, or a server out of reach. Writes need `apiKey`.
import type * as D from "./discovery-types.js";
import { call, json, segment, type Transport } from "./request.js";
import type { Post, PostWithContent } from "./types.js";

export type { Author, ContentFields, ErrorCode, ErrorEnvelope, Post } from "./types.js";
export type { PostWithContent, Social } from "./types.js";
export type * from "./discovery-types.js";
export { FolioError, type FolioErrorCode } from "./error.js";

export type PostRef = { id: string } | { publicationSlug: string; postSlug: string };
/** A post of the key's own publication, by id or by slug. */
export type OwnRef = { id: string } | { slug: string };

export interface GetPostOptions {
  includeContent?: boolean;
  /** Aborting rejects with the signal's reason (an AbortError), not a FolioError. */
  signal?: AbortSignal;
}

export interface PageOptions {
  cursor?: string;
  limit?: number;
  includeContent?: boolean;
}

export interface ClientOptions {
  /** Where the API is served, e.g. `https://api.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** A publication's API key (`folio keys create`), for the authoring methods. */
  apiKey?: string;
  fetch?: typeof fetch;
}

export interface FolioClient {
  getPost(
    ref: PostRef,
    options: GetPostOptions & { includeContent: true },
  ): Promise<PostWithContent>;
  getPost(ref: PostRef, options?: GetPostOptions): Promise<Post>;
  getPublication(
    key: { id: string } | { slug: string } | { domain: string },
  ): Promise<D.Publication>;
  getUser(key: { id: string } | { walletAddress: string }): Promise<D.User>;
  listPublicationPosts(publicationId: string, options?: PageOptions): Promise<D.Page<Post>>;
  getPublicationPost(
    publicationId: string,
    postSlug: string,
    options?: GetPostOptions,
  ): Promise<Post>;
  listTagPosts(tag: string, options?: PageOptions): Promise<D.Page<Post>>;
  getFeed(options?: PageOptions): Promise<D.Page<D.FeedItem>>;
  searchPosts(q: string, options?: { limit?: number }): Promise<D.PostSearchHit[]>;
  searchBlogs(q: string, options?: { limit?: number }): Promise<D.BlogSearchHit[]>;
  /** Every page of a list, one page at a time, following its cursor. */
  pages<T>(
    list: (options: PageOptions) => Promise<D.Page<T>>,
    options?: PageOptions,
  ): AsyncGenerator<T[]>;
  createPost(body: D.CreatePostBody, options?: { idempotencyKey?: string }): Promise<D.CreatedPost>;
  updatePost(ref: OwnRef, body: D.UpdatePostBody, options?: { ifMatch?: string }): Promise<void>;
  deletePost(ref: OwnRef, options?: { ifMatch?: string }): Promise<void>;
  listOwnPosts(options?: PageOptions & { status?: D.OwnStatus }): Promise<D.Page<D.OwnPost>>;
  me(): Promise<D.Publication>;
  recordView(postId: string): Promise<void>;
}

export function createClient(options: ClientOptions): FolioClient {
  const t: Transport = {
    base: options.baseUrl.replace(/\/+$/, ""),
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
  };
  const content = (on: boolean | undefined) => (on === true ? { includeContent: true } : {});
  const page = (o: PageOptions = {}) => ({
    cursor: o.cursor,
    limit: o.limit,
    ...content(o.includeContent),
  });
  const own = (ref: OwnRef) =>
    "id" in ref
      ? `/v1/posts/${segment("id", ref.id)}`
      : `/v1/posts/slug/${segment("slug", ref.slug)}`;
  return {
    async getPost(ref: PostRef, { includeContent, signal }: GetPostOptions = {}) {
      const c = { path: pathOf(ref), query: content(includeContent) };
      return json<PostWithContent>(t, signal ? { ...c, signal } : c);
    },
    getPublication: (key) =>
      json(t, {
        path:
          "id" in key
            ? `/v1/publications/${segment("id", key.id)}`
            : "slug" in key
              ? `/v1/publications/slug/${segment("slug", key.slug)}`
              : `/v1/publications/domain/${segment("domain", key.domain)}`,
      }),
    getUser: (key) =>
      json(t, {
        path:
          "id" in key
            ? `/v1/users/${segment("id", key.id)}`
            : `/v1/users/wallet/${segment("walletAddress", key.walletAddress)}`,
      }),
    listPublicationPosts: (id, o) =>
      json(t, { path: `/v1/publications/${segment("publicationId", id)}/posts`, query: page(o) }),
    getPublicationPost: (id, slug, o = {}) =>
      json(t, {
        path: `/v1/publications/${segment("publicationId", id)}/posts/slug/${segment("postSlug", slug)}`,
        query: content(o.includeContent),
      }),
    listTagPosts: (tag, o) =>
      json(t, { path: `/v1/posts/tag/${segment("tag", tag)}`, query: page(o) }),
    getFeed: (o) => json(t, { path: "/v1/posts/feed", query: page(o) }),
    searchPosts: (q, o = {}) =>
      json(t, { path: "/v1/discover/search", query: { q, limit: o.limit } }),
    searchBlogs: (q, o = {}) =>
      json(t, { path: "/v1/discover/blogs/search", query: { q, limit: o.limit } }),
    async *pages(list, o = {}) {
      let cursor = o.cursor;
      do {
        const result = await list(cursor === undefined ? o : { ...o, cursor });
        yield result.items;
        cursor = result.pagination.hasMore ? result.pagination.cursor : undefined;
      } while (cursor !== undefined);
    },
    createPost: (body, o = {}) =>
      json(t, {
        method: "POST",
        path: "/v1/posts",
        body,
        headers: { "idempotency-key": o.idempotencyKey },
      }),
    async updatePost(ref, body, o = {}) {
      await call(t, { method: "PUT", path: own(ref), body, headers: { "if-match": o.ifMatch } });
    },
    async deletePost(ref, o = {}) {
      await call(t, { method: "DELETE", path: own(ref), headers: { "if-match": o.ifMatch } });
    },
    listOwnPosts: (o = {}) =>
      json(t, { path: "/v1/posts", query: { ...page(o), status: o.status } }),
    me: () => json(t, { path: "/v1/me" }),
    async recordView(postId) {
      await call(t, { method: "POST", path: `/v1/posts/${segment("postId", postId)}/view` });
    },
  };
}

function pathOf(ref: PostRef): string {
  if ("id" in ref) return `/v1/posts/${segment("id", ref.id)}`;
  const publication = segment("publicationSlug", ref.publicationSlug);
  return `/v1/publications/slug/${publication}/posts/slug/${segment("postSlug", ref.postSlug)}`;
}
