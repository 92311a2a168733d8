// The route schemas of the authoring API for the OpenAPI document: every route
// that takes a key names the bearer scheme, and lists the answers it can give.
import { CreatePostBody, UpdatePostBody } from "../../posts/write-fields.js";
import * as s from "./schemas.js";
import { API_KEY_SCHEME, header } from "../wire/docs.js";

const security = [{ [API_KEY_SCHEME]: [] }];

const error = (description: string, headers: Record<string, unknown> = {}) => ({
  $ref: "Error#",
  description,
  headers: { "Cache-Control": header("Always `no-store`"), ...headers },
});

const keyErrors = {
  401: error("unauthorized: no key, or a key that is not valid or was revoked", {
    "WWW-Authenticate": header(
      '`Bearer realm="folio"` (with `error="invalid_token"` for a bad key)',
    ),
  }),
  429: error("rate_limited: over the per-address limit, or (writes) over the key's write limit", {
    "Retry-After": header("Seconds to wait"),
  }),
  503: error("unavailable: the store is unreachable or overloaded"),
};

const writeErrors = {
  ...keyErrors,
  400: error("invalid_parameter: a field breaks a rule; `msg` names it (`title: must be …`)"),
  413: error("payload_too_large: the body is over MAX_BODY_BYTES"),
  415: error("unsupported_media_type: the body is not application/json"),
};

const targetErrors = {
  404: error("not_found: no such post in the key's publication (another publication's too)"),
  412: error("precondition_failed: If-Match no longer names the current version; nothing changed"),
};

const written = (description: string, schema: object) => ({
  ...schema,
  description,
  headers: {
    ETag: header("The post's new validator (as GET without content gives it): send it as If-Match"),
    "Surrogate-Key": header("`post-{id} pub-{publicationId}`: what a CDN should purge"),
  },
});

const moved = {
  description: "The slug is an old one of a post: Location names its current path (method kept)",
  headers: { Location: header("`/v1/posts/slug/{currentSlug}`") },
};

const tags = ["authoring"];

export const createDocs = {
  summary: "Create a post",
  description: `The post belongs to the key's publication. \`markdown\` (or \`json\`, a TipTap document) is
the content, derived as an import derives it. A missing slug is made from the title. \`status\`
published (default) or draft; \`scheduledAt\` (ms, future) schedules it. \`Idempotency-Key\`: the
same key and body within 24 hours answers the first answer again (\`Idempotent-Replayed: true\`)
and creates nothing; with another body, 409.`,
  tags,
  operationId: "createPost",
  security,
  body: CreatePostBody,
  response: {
    200: written("The post's id and its status", s.CreatedAnswer),
    409: error(
      "conflict: the slug is taken (now or in a post's slug history), or the Idempotency-Key was used with another body",
    ),
    ...writeErrors,
  },
};

const updateDescription = `Only the fields given change. \`status\`: published (publish now), draft
(unpublish) or archived; \`scheduledAt\` schedules a draft, \`null\` cancels a schedule. A new slug
keeps the old one as a permanent redirect. \`If-Match\`: the write happens only if the post is
still at that ETag (else 412); without it, the last write wins.`;

export const updateDocs = (by: "id" | "slug") => ({
  summary: `Update a post by its ${by}`,
  description: updateDescription,
  tags,
  operationId: by === "id" ? "updatePost" : "updatePostBySlug",
  security,
  params: by === "id" ? s.PostIdParams : s.PostSlugParams,
  body: UpdatePostBody,
  response: {
    200: written("Updated", s.SuccessAnswer),
    ...(by === "slug" ? { 308: moved } : {}),
    409: error("conflict: the new slug is taken, or the post cannot be scheduled in its state"),
    ...targetErrors,
    ...writeErrors,
  },
});

export const deleteDocs = (by: "id" | "slug") => ({
  summary: `Delete a post by its ${by}`,
  description:
    "Removes the post for good, with its slug history and views. If-Match as on updates.",
  tags,
  operationId: by === "id" ? "deletePost" : "deletePostBySlug",
  security,
  params: by === "id" ? s.PostIdParams : s.PostSlugParams,
  response: {
    200: { ...s.SuccessAnswer, description: "Deleted" },
    ...(by === "slug" ? { 308: moved } : {}),
    ...targetErrors,
    ...writeErrors,
  },
});

export const listOwnDocs = {
  summary: "List the key's own posts",
  description: `Posts of the key's publication in one status (published by default, as the original's
client documents), newest first, each with \`views\`. Page with \`cursor\` from the previous page.`,
  tags,
  operationId: "listOwnPosts",
  security,
  querystring: s.OwnPostsQuery,
  response: {
    200: { ...s.OwnPostsAnswer, description: "A page of posts" },
    400: error("invalid_parameter: a bad status, limit, includeContent or cursor"),
    ...keyErrors,
  },
};

export const meDocs = {
  summary: "The key's publication",
  tags,
  operationId: "getMe",
  security,
  response: { 200: { ...s.PublicationAnswer, description: "The publication" }, ...keyErrors },
};

export const viewDocs = {
  summary: "Count a page view",
  description: `No key. Counted in memory and written in batches; totals appear in GET /v1/posts.
A node that crashes loses the views it counted since its last flush (VIEWS_FLUSH_MS).`,
  tags,
  operationId: "recordView",
  params: s.PostIdParams,
  response: {
    204: { type: "null", description: "Counted" },
    404: error("not_found: no visible post with that id"),
    429: keyErrors[429],
  },
};
