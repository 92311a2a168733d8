// API keys on the routes that declare `config: { auth: true }`. The check is
// added to every such route as it is registered, as an onRequest hook, before the body is
// read: no handler of those routes can run without a live key, and no route can forget
// to ask. Writes by a key are then counted against that key's write limit.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { ApiError } from "../../errors.js";
import type { KeyVerifier } from "../../posts/api-keys.js";
import type { ApiKeyRecord } from "../../store/post-store.js";
import type { WriteLimiter } from "./write-limit.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The key the request was made with, on routes that take one. */
    apiKey: ApiKeyRecord | null;
  }
}

// RFC 6750 §3: a 401 carries a Bearer challenge; §3.1: invalid_token when one was given.
const MISSING = { "www-authenticate": 'Bearer realm="folio"' };
const INVALID = { "www-authenticate": 'Bearer realm="folio", error="invalid_token"' };
// RFC 6750 §2.1: "Bearer" 1*SP b64token; the scheme is case-insensitive (RFC 9110 §11.1).
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function requireApiKeys(app: FastifyInstance, verifier: KeyVerifier, writes: WriteLimiter) {
  app.decorateRequest("apiKey", null);
  const authenticate: onRequestAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (token === undefined) throw new ApiError("unauthorized", undefined, MISSING);
    const key = await verifier.verify(token);
    if (key === undefined) {
      throw new ApiError("unauthorized", "The API key is not valid or was revoked", INVALID);
    }
    request.apiKey = key;
    if (!SAFE.has(request.method)) await writes.take(key.id);
  };
  app.addHook("onRoute", (route) => {
    if (route.config?.auth !== true) return;
    // After admission (load shedding, the per-address limit: protection.ts), so a flood of
    // bad keys is shed and counted before any key is looked up.
    route.onRequest = [...[route.onRequest ?? []].flat(), authenticate];
  });
}

/** The request's bearer token, if its Authorization header carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/** The request's key; only reachable on routes the hook guards. */
export function keyOf(request: FastifyRequest): ApiKeyRecord {
  if (request.apiKey === null) throw new ApiError("unauthorized", undefined, MISSING);
  return request.apiKey;
}
