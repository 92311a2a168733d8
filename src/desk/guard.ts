// The desk's cookie, the session check on every route that declares `config: { desk: true }`,
// and the CSRF defence on every state-changing desk request: the request must come from the
// site's own origin (Sec-Fetch-Site, else Origin; one of them must be there) and repeat the
// session's token (header `X-CSRF-Token`, or form field `_csrf`).
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.js";
import type { DeskSessionRecord } from "../store/post-store.js";
import type { DeskSessions } from "./sessions.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route needs a live desk session (guard.ts); a `page` shows a writer without one the
     * sign-in page instead of the API's refusal.
     */
    desk?: true | "page";
  }
  interface FastifyRequest {
    deskSession: DeskSessionRecord | null;
  }
}

export const CSRF_HEADER = "x-csrf-token";
export const CSRF_FIELD = "_csrf";
/** The session cookie's name on plain HTTP, and on HTTPS (where the prefix binds it to the host). */
export const COOKIE = "folio_desk";
export const SECURE_COOKIE = `__Host-${COOKIE}`;
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export interface CookieJar {
  name: string;
  set(reply: FastifyReply, secret: string, expiresAt: number): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

/**
 * Secure whenever the site is served over HTTPS, and then with the `__Host-` prefix, which a
 * browser only accepts from a secure origin, for the whole host (no Domain, Path=/).
 */
export function cookieJar(siteUrl: string): CookieJar {
  const secure = new URL(siteUrl).protocol === "https:";
  const name = secure ? SECURE_COOKIE : COOKIE;
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
  return {
    name,
    set(reply, secret, expiresAt) {
      const expires = new Date(expiresAt).toUTCString();
      reply.header("set-cookie", `${name}=${secret}; ${attributes}; Expires=${expires}`);
    },
    clear(reply) {
      reply.header("set-cookie", `${name}=; ${attributes}; Max-Age=0`);
    },
    read(request) {
      const header = request.headers.cookie;
      if (header === undefined) return undefined;
      for (const part of header.split(";")) {
        const at = part.indexOf("=");
        if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
      }
      return undefined;
    },
  };
}

/** True when the browser says the request comes from the site itself. */
export function fromSite(request: FastifyRequest, siteOrigin: string): boolean {
  const site = request.headers["sec-fetch-site"];
  const origin = request.headers.origin;
  if (site === undefined && origin === undefined) return false;
  if (site !== undefined && site !== "same-origin") return false;
  return origin === undefined || origin === siteOrigin;
}

export function requireSameOrigin(request: FastifyRequest, siteOrigin: string): void {
  if (!fromSite(request, siteOrigin)) {
    throw new ApiError("forbidden", "Cross-site request refused: send it from the desk itself");
  }
}

/** What a page answers a request without a live session. */
export type SignInPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export function installGuard(
  app: FastifyInstance,
  sessions: DeskSessions,
  jar: CookieJar,
  siteOrigin: string,
  signInPage: SignInPage,
) {
  app.decorateRequest("deskSession", null);
  // The API's CORS headers let any origin read it; the desk is read by its own pages alone.
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.removeHeader("access-control-allow-origin").removeHeader("access-control-expose-headers");
    done(null, payload);
  });
  app.addHook("onRoute", (route) => {
    const kind = route.config?.desk;
    if (kind === undefined) return;
    route.onRequest = [
      ...[route.onRequest ?? []].flat(),
      async (request: FastifyRequest, reply: FastifyReply) => {
        const secret = jar.read(request);
        const session = secret === undefined ? undefined : await sessions.authenticate(secret);
        if (session === undefined) {
          if (kind === "page") return signInPage(request, reply);
          throw new ApiError("unauthorized", "Sign in to the desk first (your session ended)");
        }
        request.deskSession = session;
        if (!SAFE.has(request.method)) requireSameOrigin(request, siteOrigin);
      },
    ];
    // After the body is read: a form's token is in the body.
    route.preHandler = [
      ...[route.preHandler ?? []].flat(),
      async (request: FastifyRequest) => {
        if (SAFE.has(request.method)) return;
        const expected = sessionOf(request).csrf;
        if (!sameSecret(csrfGiven(request), expected)) {
          throw new ApiError("forbidden", "The desk's CSRF token is missing or wrong");
        }
      },
    ];
  });
}

function csrfGiven(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === "string") return header;
  const body = request.body as Record<string, unknown> | undefined;
  const field = body !== null && typeof body === "object" ? body[CSRF_FIELD] : undefined;
  return typeof field === "string" ? field : undefined;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's session; only reachable on routes the guard covers. */
export function sessionOf(request: FastifyRequest): DeskSessionRecord {
  if (request.deskSession === null) throw new ApiError("unauthorized");
  return request.deskSession;
}
