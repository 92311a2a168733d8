// The fast lane: a plain read of either operation — GET or HEAD, an unreserved-character id
// or slugs, no query but includeContent — is answered straight from the read service without
// Fastify's per-request machinery (hooks, schema validation, a child logger, reply objects).
// The same functions decide the answer (PostService.find, negotiate, isNotModified, the
// header sets, the envelope); anything else, any error, and every request while the rate
// limiter or load shedding is on, goes on to Fastify unchanged. A test holds both paths to
// byte-identical answers.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { envelope, errorCatalogue } from "../errors.js";
import type { Lookup } from "../posts/post-cache.js";
import type { LookupNote } from "../posts/post-service.js";
import { isNotModified } from "./conditional.js";
import { negotiate } from "./encoding.js";
import { COMMON_HEADERS, requestIdFor } from "./headers.js";
import type { AccessLine } from "./access-log.js";
import type { Representation } from "./representation.js";
import type { AppMetrics } from "./metrics.js";
import { POST_BY_ID, POST_BY_SLUGS } from "./post-routes.js";
import { includeContentValue } from "./schemas.js";
import { postHeaders, type RepresentationService } from "./send-post.js";

const SEGMENT = "([A-Za-z0-9._~-]{1,256})";
const BY_ID = new RegExp(`^/v1/posts/${SEGMENT}/?$`);
const BY_SLUGS = new RegExp(`^/v1/publications/slug/${SEGMENT}/posts/slug/${SEGMENT}/?$`);
const QUERY = /^includeContent=(true|false|1|0|null|)$/i;
const JSON_TYPE = "application/json; charset=utf-8";
const LOGS_INFO = new Set(["info", "debug", "trace"]);

export interface PlainRead {
  lookup: Lookup;
  withContent: boolean;
  route: string;
}

/** The request as a plain read, or undefined when Fastify must see it. */
export function plainRead(
  method: string | undefined,
  url: string | undefined,
): PlainRead | undefined {
  if ((method !== "GET" && method !== "HEAD") || url === undefined) return undefined;
  const q = url.indexOf("?");
  let withContent = false;
  if (q !== -1) {
    const query = QUERY.exec(url.slice(q + 1));
    if (query === null) return undefined;
    withContent = includeContentValue(query[1]);
  }
  const path = q === -1 ? url : url.slice(0, q);
  const byId = BY_ID.exec(path);
  if (byId !== null) return { lookup: { id: byId[1]! }, withContent, route: POST_BY_ID };
  const bySlugs = BY_SLUGS.exec(path);
  if (bySlugs === null) return undefined;
  const lookup = { publicationSlug: bySlugs[1]!, postSlug: bySlugs[2]! };
  return { lookup, withContent, route: POST_BY_SLUGS };
}

export interface FastLaneOptions {
  service: RepresentationService;
  cacheControl: string;
  /** The lane steps aside while per-client limiting is on: Fastify's limiter must count. */
  rateLimit: number;
  metrics: AppMetrics;
  accessLog: (line: AccessLine) => void;
}

/** Puts the fast lane in front of Fastify's request handler on the app's server. */
export function installFastLane(app: FastifyInstance, options: FastLaneOptions): void {
  if (options.rateLimit > 0) return;
  const [fastify] = app.server.listeners("request") as ((
    q: IncomingMessage,
    s: ServerResponse,
  ) => void)[];
  if (fastify === undefined) return;
  app.server.removeAllListeners("request");
  app.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const read = app.isUnderPressure() ? undefined : plainRead(req.method, req.url);
    if (read === undefined) return fastify(req, res);
    answer(app, options, read, req, res).catch(() => {
      if (!res.headersSent) fastify(req, res);
    });
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | number>;
  body?: Buffer;
}

async function answer(
  app: FastifyInstance,
  o: FastLaneOptions,
  read: PlainRead,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const started = performance.now();
  const requestId = requestIdFor(req);
  const note: LookupNote = { cacheResult: null };
  const representation = await o.service.find(read.lookup, read.withContent, note);
  const a =
    representation === undefined ? notFound(requestId) : await found(o, read, req, representation);
  const headers = { "x-request-id": requestId, ...COMMON_HEADERS, ...a.headers };
  if (a.body !== undefined)
    Object.assign(headers, { "content-type": JSON_TYPE, "content-length": a.body.length });
  res.writeHead(a.status, headers);
  res.end(req.method === "HEAD" ? undefined : a.body);
  const ms = Math.round((performance.now() - started) * 1000) / 1000;
  o.metrics.observeRequest(read.route, req.method!, a.status, ms / 1000);
  if (LOGS_INFO.has(app.log.level)) {
    const line = { reqId: requestId, method: req.method!, route: read.route, status: a.status, ms };
    o.accessLog({ ...line, cache: note.cacheResult });
  }
}

function notFound(requestId: string): Answer {
  const { status, msg } = errorCatalogue.not_found;
  const body = Buffer.from(JSON.stringify(envelope("not_found", msg, requestId)));
  return { status, headers: { "cache-control": "no-store" }, body };
}

async function found(
  o: FastLaneOptions,
  read: PlainRead,
  req: IncomingMessage,
  r: Representation,
): Promise<Answer> {
  const coding = r.compressible ? negotiate(req.headers["accept-encoding"]) : undefined;
  const headers: Answer["headers"] = postHeaders(r, coding, o.cacheControl);
  if (isNotModified(req.headers, r.etag, r.updatedAt)) return { status: 304, headers };
  const body = await o.service.body(r, read.withContent, coding);
  if (coding !== undefined) headers["content-encoding"] = coding;
  return { status: 200, headers, body };
}
