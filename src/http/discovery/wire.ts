// Discovery records → the original service's wire shapes → the bytes of an Answer.
import fastJson from "fast-json-stringify";
import { Type } from "../../posts/typebox.js";
import type { FeedItem, Page } from "../../posts/discovery.js";
import type { PostSearchHit, PublicationSearchHit } from "../../posts/discovery-search.js";
import type { ShownUser } from "../../posts/owners.js";
import type { PostRecord, PublicationRecord } from "../../store/post-store.js";
import { Answer, JSON_TYPE } from "../wire/answer.js";
import * as s from "./schemas.js";
import { AuthorSchema } from "../wire/schemas.js";
import { toWirePost } from "../wire/post.js";
import { toWirePublication } from "../wire/publication.js";

const compile = (schema: object) => fastJson(schema, { schema: s.referencedSchemas });
export const serialize = {
  publication: compile(s.PublicationSchema),
  user: compile(AuthorSchema),
  postPage: compile(s.PostPageSchema),
  pagination: compile(s.PaginationSchema),
  feedPage: compile(s.FeedPageSchema),
  postHits: compile(Type.Array(s.PostSearchHitSchema)),
  blogHits: compile(Type.Array(s.BlogSearchHitSchema)),
};

const json = (text: string, keys: readonly string[]) =>
  new Answer(Buffer.from(text), JSON_TYPE, keys);

export function publicationAnswer(p: PublicationRecord, keys: readonly string[]): Answer {
  return json(serialize.publication(toWirePublication(p)), keys);
}

export function userAnswer(user: ShownUser, keys: readonly string[]): Answer {
  return json(serialize.user(user), keys);
}

export function postPageAnswer(page: Page<PostRecord>, withContent: boolean, keys: string[]) {
  const items = page.items.map((post) => toWirePost(post, withContent));
  return json(serialize.postPage({ items, pagination: pagination(page) }), keys);
}

export function feedPageAnswer(page: Page<FeedItem>, withContent: boolean, keys: string[]) {
  const items = page.items.map(({ post, publication, user }) => ({
    post: toWirePost(post, withContent),
    publication: toWirePublication(publication),
    user,
  }));
  return json(serialize.feedPage({ items, pagination: pagination(page) }), keys);
}

export function postHitsAnswer(hits: PostSearchHit[], siteUrl: string, keys: string[]) {
  const wire = hits.map(({ post, preview, publication, user }) => ({
    post: {
      ...{ postId: post.id, blogId: post.publicationId },
      // We keep no creation time: a visible post's publication time stands in for it.
      createdAt: String(post.publishedAt ?? post.updatedAt),
      publishedAt: post.publishedAt === undefined ? null : String(post.publishedAt),
      ...{ title: post.title, subtitle: post.subtitle ?? null, postPreview: preview || null },
      ...{ coverImageUrl: post.imageUrl ?? null, slug: post.slug, coinId: post.coinId ?? null },
    },
    blog: searchBlog(publication, siteUrl),
    user: searchUser(user),
  }));
  return json(serialize.postHits(wire), keys);
}

export function blogHitsAnswer(hits: PublicationSearchHit[], siteUrl: string, keys: string[]) {
  const wire = hits.map(({ publication, owner }) => ({
    blog: searchBlog(publication, siteUrl),
    user: searchUser(owner),
    activeSubscriberCount: 0,
  }));
  return json(serialize.blogHits(wire), keys);
}

export function pagination(page: Page<unknown>): s.WirePagination {
  return page.cursor === undefined
    ? { hasMore: page.hasMore }
    : { cursor: page.cursor, hasMore: page.hasMore };
}

/** The publication's public address: its own domain, else its page on the site. */
function publicationUrl(p: PublicationRecord, siteUrl: string): string {
  return p.customDomain ?? `${siteUrl}/@${encodeURIComponent(p.slug)}`;
}

function searchBlog(p: PublicationRecord, siteUrl: string): s.WireSearchBlog {
  const blog: s.WireSearchBlog = {
    ...{ blogId: p.id, userId: p.ownerUserId, name: p.name, url: publicationUrl(p, siteUrl) },
    ...{ slug: p.slug, logoUrl: p.logoUrl ?? null, coinId: null },
  };
  if (p.customDomain !== undefined) blog.customDomain = p.customDomain;
  if (p.summary !== undefined) blog.summary = p.summary;
  return blog;
}

function searchUser(user: ShownUser): s.WireSearchUser {
  const wire: s.WireSearchUser = { userId: user.id, name: user.name ?? null };
  if (user.bio !== undefined) wire.bio = user.bio;
  if (user.avatarUrl !== undefined) wire.avatarUrl = user.avatarUrl;
  if (user.walletAddress !== undefined) wire.walletAddress = user.walletAddress;
  return wire;
}
