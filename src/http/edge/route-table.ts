// Routes declare their methods; this table turns what they declared into the answers for
// everything else on the same path: OPTIONS (CORS preflight) and 405 with `Allow`, computed
// per path, so a path that gains PUT allows it in both without a second list to keep.
import type { FastifyInstance, RouteOptions } from "fastify";
import { ApiError } from "../../errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads `Authorization` (an API key): preflights must allow that header. */
    auth?: boolean;
    /** Made by the route table itself: not recorded again. */
    generated?: boolean;
  }
}

/** Request headers a browser may send cross-origin to any route. */
const READ_HEADERS = ["If-None-Match", "If-Modified-Since", "X-Request-Id"];
/** ...and to a route that writes or takes a key. */
const WRITE_HEADERS = ["Authorization", "Content-Type", "If-Match", "Idempotency-Key"];
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

interface PathEntry {
  methods: Set<string>;
  credentials: boolean;
}

export class RouteTable {
  private readonly paths = new Map<string, PathEntry>();

  /** Records every route added to `app` from now on (and its children). */
  watch(app: FastifyInstance): void {
    app.addHook("onRoute", (route) => this.add(route));
  }

  private add(route: RouteOptions): void {
    if (route.config?.generated === true) return;
    const entry = this.paths.get(route.url) ?? { methods: new Set(), credentials: false };
    for (const method of [route.method].flat()) entry.methods.add(method);
    entry.credentials ||= route.config?.auth === true;
    this.paths.set(route.url, entry);
  }

  /** Adds OPTIONS and a 405 for every other method on each recorded path. Call once, last. */
  complete(app: FastifyInstance): void {
    for (const [url, entry] of this.paths) {
      const allow = allowHeader(entry.methods);
      if (!entry.methods.has("OPTIONS")) {
        const headers = preflightHeaders(allow, allowedRequestHeaders(entry));
        app.options(url, { config: GENERATED }, async (_request, reply) =>
          reply.code(204).headers(headers).send(),
        );
      }
      const others = app.supportedMethods.filter((m) => !entry.methods.has(m) && m !== "OPTIONS");
      if (others.length === 0) continue;
      app.route({
        method: others,
        url,
        config: GENERATED,
        // Refused before the body is read: a 405 must not depend on what was sent.
        onRequest: async () => {
          throw new ApiError("method_not_allowed", undefined, { allow });
        },
        handler: async () => undefined,
      });
    }
  }

  /** The methods a path answers, as `Allow` lists them; undefined for an unknown path. */
  allowFor(url: string): string | undefined {
    const entry = this.paths.get(url);
    return entry && allowHeader(entry.methods);
  }
}

const GENERATED = { generated: true };

function allowHeader(methods: Set<string>): string {
  const all = new Set([...methods, "OPTIONS"]);
  // A stable order clients and tests can read: safe methods first, then the rest.
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  return [...all].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(", ");
}

function allowedRequestHeaders(entry: PathEntry): string[] {
  const writes = [...entry.methods].some((m) => !SAFE.has(m));
  return writes || entry.credentials ? [...READ_HEADERS, ...WRITE_HEADERS] : READ_HEADERS;
}

function preflightHeaders(allow: string, requestHeaders: string[]) {
  return Object.freeze({
    "access-control-allow-methods": allow,
    "access-control-allow-headers": requestHeaders.join(", "),
    "access-control-max-age": "86400",
    allow,
  });
}
