// Headers every response carries, success or error, and the request id rule.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyReply } from "fastify";

// An incoming id is echoed only when it is short and plain: it lands in logs and headers.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const EXPOSED =
  "X-Request-Id, ETag, Last-Modified, Link, Retry-After, Cache-Control, " +
  "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset";

/** On every answer, including the ones written straight to a socket (client-errors.ts). */
const SECURITY_HEADERS = Object.freeze({
  "x-content-type-options": "nosniff",
  // JSON only: nothing may load from or frame a response. A route serving HTML sets its
  // own policy after this hook has run, and that one wins.
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  // Meant to be read cross-origin (CORS *), so embedding it from another origin is fine too.
  "cross-origin-resource-policy": "cross-origin",
});

const CORS_HEADERS = Object.freeze({
  // A public read API: any origin may read it, errors included.
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSED,
});

/** CORS and security headers together, merged once rather than on every answer. */
export const COMMON_HEADERS = Object.freeze({ ...CORS_HEADERS, ...SECURITY_HEADERS });

export function setCommonHeaders(reply: FastifyReply): void {
  reply.header("x-request-id", reply.request.id).headers(COMMON_HEADERS);
}

/**
 * Site URL of the post as the publishing platform shows it: {SITE_URL}/@pub/slug, or
 * {domain}/slug for a publication with a domain of its own (`domain`: its origin).
 */
export function canonicalLink(
  siteUrl: string,
  publicationSlug: string,
  slug: string,
  domain?: string,
): string {
  const url =
    domain === undefined
      ? `${siteUrl}/@${uriComponent(publicationSlug)}/${uriComponent(slug)}`
      : `${domain}/${uriComponent(slug)}`;
  return `<${url}>; rel="canonical"`;
}

/** What encodeURIComponent leaves as it is. */
const PLAIN = /^[A-Za-z0-9\-_.!~*'()]*$/;

/**
 * encodeURIComponent that cannot throw: a lone surrogate (which an id or slug may hold) is
 * written as U+FFFD, as Buffer does. What it makes is visible ASCII, safe in any header.
 */
export function uriComponent(value: string): string {
  return PLAIN.test(value) ? value : encodeURIComponent(Buffer.from(value).toString());
}

/**
 * A CDN key (`pub-{id}`, `post-{id}`, `user-{id}`, `tag-{name}`): its value percent-encoded,
 * since an id or a category may hold spaces and commas (which separate keys) and code points
 * no header may carry.
 */
export const surrogateKey = (prefix: string, value: string) => `${prefix}-${uriComponent(value)}`;
