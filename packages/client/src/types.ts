// The wire types of the Folio read API, written out so that the package needs nothing at
// run time or compile time. The server's test suite checks them equal to its own TypeBox
// schemas (test/client/types.test.ts), so they cannot drift apart.

export interface Social {
  username: string;
  displayName?: string;
  fid: number;
}

export interface Author {
  id: string;
  publicationId: string;
  walletAddress?: string;
  avatarUrl?: string;
  name?: string;
  bio?: string;
  social?: Social;
}

export interface Post {
  id: string;
  title: string;
  slug: string;
  /** Main image of the post. */
  imageUrl?: string;
  /** Milliseconds since the Unix epoch, as a decimal string. */
  publishedAt?: string;
  /** Milliseconds since the Unix epoch, as a decimal string. */
  updatedAt?: string;
  subtitle?: string;
  /** Sanitized HTML; only with includeContent. */
  staticHtml?: string;
  /** TipTap editor JSON, serialized; only with includeContent. */
  json?: string;
  /** Markdown of the content; only with includeContent. */
  markdown?: string;
  coinId?: string;
  categories: string[];
  authors: Author[];
  authorIds: string[];
}

export type ContentFields = "markdown" | "json" | "staticHtml";
/** A post asked for with includeContent: its three content fields are always there. */
export type PostWithContent = Post & Required<Pick<Post, ContentFields>>;

/** The API's stable error codes (the envelope's `error`). */
export type ErrorCode =
  | "invalid_parameter"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "request_timeout"
  | "conflict"
  | "precondition_failed"
  | "payload_too_large"
  | "uri_too_long"
  | "unsupported_media_type"
  | "rate_limited"
  | "headers_too_large"
  | "internal"
  | "unavailable";

export interface ErrorEnvelope {
  success: false;
  msg: string;
  error: ErrorCode;
  requestId: string;
}
