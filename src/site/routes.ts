// The reader's site: HTML pages at /, /@pub, /@pub/slug, tags, authors, search, sitemaps and
// robots.txt, and the same pages at the root of a publication's custom domain. Every page is
// an Answer in the site's cache (ETag, 304, codings, surrogate keys as the API's answers),
// and every failure is one of the theme's error pages, never JSON and never a stack.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Answer, type Sendable } from "../http/wire/answer.js";
import { negotiate } from "../http/edge/encoding.js";
import type { Coding } from "../http/wire/representation.js";
import { ApiError, StoreUnavailableError } from "../errors.js";
import { sendAnswer } from "../http/edge/send-answer.js";
import type { CachedAnswers, Produced } from "../posts/cached-answers.js";
import { CursorError } from "../posts/cursor.js";
import type { Clock } from "../posts/post-service.js";
import type { ViewCounter } from "../posts/views.js";
import type { RepresentationService } from "../http/edge/send-post.js";
import type { PublicationRecord } from "../store/post-store.js";
import type { SiteHosts } from "./hosts.js";
import { HTML_TYPE, type Cursor, type Pages, type Where } from "./pages.js";
import { robots, type Sitemaps } from "./sitemap.js";
import type { Theme } from "./theme.js";
import { customOrigin, type SiteUrls } from "./urls.js";

const XML_TYPE = "application/xml; charset=utf-8";
const TEXT_TYPE = "text/plain; charset=utf-8";

/** No script of any kind; styles and images only from where a page needs them. */
const SITE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  // No script of the page's own can use it; tools that read the site from inside a page do
  // (Lighthouse fetches /robots.txt that way, and a policy without it fails its SEO audit).
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const SITE_HEADERS = Object.freeze({
  "content-security-policy": SITE_CSP,
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
});

export interface SiteContext {
  pages: Pages;
  sitemaps: Sitemaps;
  hosts: SiteHosts;
  urls: SiteUrls;
  theme: Theme;
  answers: CachedAnswers<Answer>;
  posts: RepresentationService;
  views: ViewCounter | undefined;
  clock: Clock;
  cacheControl: string;
  /** The API's answer for an unknown route, for clients that did not ask for HTML. */
  apiNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

type Params = Record<string, string>;
type Query = Record<string, string | string[] | undefined>;

export function siteRoutes(context: SiteContext) {
  return async (app: FastifyInstance) => {
    const { pages, hosts, urls } = context;
    const page = pageReply(context);

    app.setErrorHandler((error: FastifyError, request, reply) =>
      sendFailure(context, error, request, reply),
    );

    app.get("/_folio/:file", async (request, reply) => {
      const { file } = request.params as Params;
      if (`/_folio/${file}` !== context.theme.cssPath) return sendNotFound(context, request, reply);
      return reply
        .headers({
          ...SITE_HEADERS,
          "cache-control": "public, max-age=31536000, immutable",
          vary: "Accept-Encoding",
        })
        .type("text/css; charset=utf-8")
        .send(context.theme.css);
    });

    app.get("/", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      if (where.main) return page(request, reply, "front", (now) => pages.front(now));
      return publicationHome(request, reply, where, where.publication);
    });

    app.get("/search", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      const q = single((request.query as Query).q) ?? "";
      const scope = where.main ? "main" : where.publication.id;
      const key = `search:${scope}:${q.slice(0, 1000)}`;
      return page(request, reply, key, (now) => pages.search(where, q.slice(0, 1000), now));
    });

    app.get("/robots.txt", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      const origin = where.main ? urls.siteUrl : customOrigin(where.publication)!;
      const answer = new Answer(Buffer.from(robots(origin)), TEXT_TYPE, []);
      return sendPage(context, request, reply, answer);
    });

    app.get("/sitemap.xml", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      const key = where.main ? "sitemap:main" : `sitemap:${where.publication.id}`;
      return page(request, reply, key, async (now) => {
        const made = where.main
          ? await context.sitemaps.siteIndex(now)
          : await context.sitemaps.publicationIndex(where.publication, now);
        return xmlAnswer(made);
      });
    });

    app.get("/sitemaps/:publicationSlug.xml", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      const publication = await hosts.publicationBySlug(
        (request.params as Params).publicationSlug!,
      );
      // A publication's sitemap is served on the host its pages are on, and only there.
      if (publication === undefined || !sameSite(where, publication)) {
        return sendNotFound(context, request, reply);
      }
      const cursor = single((request.query as Query).cursor);
      const key = `sitemap:${publication.id}:${cursor ?? ""}`;
      return page(request, reply, key, async (now) =>
        xmlAnswer(await context.sitemaps.sitemap(publication, cursor, now)),
      );
    });

    // Folio's own site: /@pub, /@pub/slug, /@pub/tag/name, /@pub/author/id.
    app.get("/@:publicationSlug", async (request, reply) => {
      const found = await onMainSite(context, request, reply, (p) => urls.home(p));
      if (found === undefined) return reply;
      return publicationHome(request, reply, { main: true }, found);
    });

    app.get("/@:publicationSlug/:postSlug", async (request, reply) => {
      const { postSlug } = request.params as Params;
      const found = await onMainSite(context, request, reply, (p) => urls.post(p, postSlug!));
      if (found === undefined) return reply;
      return postPage(request, reply, { main: true }, found, postSlug!);
    });

    app.get("/@:publicationSlug/tag/:tag", async (request, reply) => {
      const { tag } = request.params as Params;
      const found = await onMainSite(context, request, reply, (p) => urls.tag(p, tag!));
      if (found === undefined) return reply;
      return tagPage(request, reply, { main: true }, found, tag!);
    });

    app.get("/@:publicationSlug/author/:authorId", async (request, reply) => {
      const { authorId } = request.params as Params;
      const found = await onMainSite(context, request, reply, (p) => urls.author(p, authorId!));
      if (found === undefined) return reply;
      return authorPage(request, reply, { main: true }, found, authorId!);
    });

    // A custom domain: /slug, /tag/name, /author/id at its root. On Folio's own host these
    // paths are nobody's: the API's unknown route (or the 404 page, for a browser).
    app.get("/:postSlug", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      if (where.main) return unknownRoute(context, request, reply);
      const { postSlug } = request.params as Params;
      return postPage(request, reply, where, where.publication, postSlug!);
    });

    app.get("/tag/:tag", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      if (where.main) return unknownRoute(context, request, reply);
      return tagPage(request, reply, where, where.publication, (request.params as Params).tag!);
    });

    app.get("/author/:authorId", async (request, reply) => {
      const where = await hosts.where(request.headers.host);
      if (where.main) return unknownRoute(context, request, reply);
      const { authorId } = request.params as Params;
      return authorPage(request, reply, where, where.publication, authorId!);
    });

    async function publicationHome(
      request: FastifyRequest,
      reply: FastifyReply,
      where: Where,
      publication: Where extends never ? never : Parameters<Pages["publication"]>[1],
    ) {
      const cursor = cursorParams(request.query as Query);
      const key = `home:${publication.id}:${cursorKey(cursor)}`;
      const answer = await cachedOrAlone(
        context,
        request,
        key,
        (now) => pages.publication(where, publication, cursor, now),
        (now, coding) => pages.publicationIn(where, publication, cursor, now, coding),
      );
      if (answer === undefined) return sendNotFound(context, request, reply, where);
      return sendPage(context, request, reply, answer);
    }

    async function postPage(
      request: FastifyRequest,
      reply: FastifyReply,
      where: Where,
      publication: PublicationRecord,
      postSlug: string,
    ) {
      const publicationSlug = publication.slug;
      const key = `post:${publicationSlug}\0${postSlug}`;
      const answer = await cachedOrAlone(
        context,
        request,
        key,
        (now) => pages.post(where, publication, postSlug, now),
        (now, coding) => pages.postIn(where, publication, postSlug, now, coding),
      );
      if (answer !== undefined) {
        // A view, counted in memory: the page's answer knows its post.
        if (request.method === "GET" && "postId" in answer) context.views?.count(answer.postId);
        return sendPage(context, request, reply, answer);
      }
      const moved = await context.posts.movedSlug(publicationSlug, postSlug);
      if (moved === undefined) return sendNotFound(context, request, reply, where);
      return redirect(context, reply, urls.post(publication, moved) + queryOf(request));
    }

    async function tagPage(
      request: FastifyRequest,
      reply: FastifyReply,
      where: Where,
      publication: Parameters<Pages["tag"]>[1],
      tag: string,
    ) {
      const cursor = cursorParams(request.query as Query);
      const key = `tag:${publication.id}\0${tag}\0${cursorKey(cursor)}`;
      return page(request, reply, key, (now) => pages.tag(where, publication, tag, cursor, now));
    }

    async function authorPage(
      request: FastifyRequest,
      reply: FastifyReply,
      where: Where,
      publication: Parameters<Pages["author"]>[1],
      authorId: string,
    ) {
      const key = `author:${publication.id}\0${authorId}`;
      return page(request, reply, key, (now) => pages.author(where, publication, authorId, now));
    }
  };
}

/** Answers a page from the cache or by making it; the 404 page when there is nothing to show. */
function pageReply(context: SiteContext) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: (now: number) => Promise<Produced<Answer> | undefined>,
  ) => {
    const answer = await context.answers.get(key, produce, request);
    if (answer === undefined) return sendNotFound(context, request, reply);
    return sendPage(context, request, reply, answer);
  };
}

/**
 * On Folio's own host, the publication of `/@slug…`; a publication with its own domain
 * answers a permanent redirect there, and an unknown one the 404 page (both: undefined).
 */
async function onMainSite(
  context: SiteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  there: (p: NonNullable<Awaited<ReturnType<SiteHosts["publicationBySlug"]>>>) => string,
) {
  const where = await context.hosts.where(request.headers.host);
  const slug = (request.params as Params).publicationSlug!;
  const publication = where.main ? await context.hosts.publicationBySlug(slug) : undefined;
  if (publication === undefined) {
    await sendNotFound(context, request, reply, where);
    return undefined;
  }
  if (customOrigin(publication) !== undefined) {
    await redirect(context, reply, there(publication) + queryOf(request));
    return undefined;
  }
  return publication;
}

async function sendPage(
  context: SiteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Sendable,
) {
  reply.headers(SITE_HEADERS);
  return sendAnswer(request, reply, answer, context.cacheControl);
}

/** The one 404 page of the host: the same bytes whatever was asked for. */
async function sendNotFound(
  context: SiteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  known?: Where,
) {
  const where = known ?? (await context.hosts.where(request.headers.host));
  const key = where.main ? "404:main" : `404:${where.publication.id}`;
  const answer = await context.answers.get(key, async () => ({
    value: context.pages.notFound(where),
    dependencies: [],
    timed: false,
  }));
  return reply
    .code(404)
    .headers({ ...SITE_HEADERS, "cache-control": "no-store" })
    .type(HTML_TYPE)
    .send(answer!.body);
}

/** A path no page has: HTML for a browser, the API's JSON envelope for everyone else. */
export function unknownRoute(context: SiteContext, request: FastifyRequest, reply: FastifyReply) {
  return wantsHtml(request) && !request.url.startsWith("/v1/")
    ? sendNotFound(context, request, reply)
    : context.apiNotFound(request, reply);
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === "string" && /\btext\/html\b/i.test(accept);
}

async function sendFailure(
  context: SiteContext,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // A parameter the site cannot read (a cursor not its own, a slug no post may have) is a
  // page that does not exist.
  const client = error instanceof CursorError || error instanceof ApiError || error.validation;
  if (client) return sendNotFound(context, request, reply);
  const unavailable = error instanceof StoreUnavailableError;
  if (unavailable) request.log.warn({ err: error }, "store unavailable");
  else request.log.error({ err: error, url: request.url }, "page failed");
  const status = unavailable ? 503 : 500;
  let body: Buffer;
  try {
    const where = await context.hosts
      .where(request.headers.host)
      .catch(() => ({ main: true }) as const);
    body = context.pages.failure(where, status).body;
  } catch {
    body = Buffer.from("<!doctype html><title>Error</title><p>Something went wrong.</p>\n");
  }
  return reply
    .code(status)
    .headers({
      ...SITE_HEADERS,
      "cache-control": "no-store",
      ...(unavailable && { "retry-after": "5" }),
    })
    .type(HTML_TYPE)
    .send(body);
}

function redirect(context: SiteContext, reply: FastifyReply, location: string) {
  return reply
    .code(308)
    .headers({ ...SITE_HEADERS, location, "cache-control": context.cacheControl })
    .send();
}

function xmlAnswer(made: { body: string; dependencies: string[] }): Produced<Answer> {
  return {
    value: new Answer(Buffer.from(made.body), XML_TYPE, []),
    dependencies: made.dependencies,
    timed: true,
  };
}

function sameSite(where: Where, publication: Parameters<typeof customOrigin>[0] & { id: string }) {
  return where.main
    ? customOrigin(publication) === undefined
    : where.publication.id === publication.id;
}

/**
 * A page from the site's cache, made by `cached` on a miss; or, when the cache keeps nothing,
 * made by `alone` for this request only, which need read only the coding it is sent in (the
 * one sendAnswer will choose for a page worth compressing).
 */
async function cachedOrAlone<A extends Sendable>(
  context: SiteContext,
  request: FastifyRequest,
  key: string,
  cached: (now: number) => Promise<Produced<Answer> | undefined>,
  alone: (now: number, coding: Coding | undefined) => Promise<A | Answer | undefined>,
): Promise<A | Answer | undefined> {
  const { answers } = context;
  if (answers.keeps) return answers.get(key, cached, request);
  request.cacheResult = "miss";
  return alone(context.clock(), negotiate(request.headers["accept-encoding"]));
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** A page's cursor; given twice, the address names no page (CursorError: the 404 page). */
function cursorParams(query: Query): Cursor {
  if (Array.isArray(query.cursor) || Array.isArray(query.from)) {
    throw new CursorError("cursor given twice");
  }
  const at = single(query.cursor);
  const from = single(query.from);
  return { ...(at !== undefined && at !== "" && { at }), ...(from !== undefined && { from }) };
}

function cursorKey(cursor: Cursor): string {
  return `${cursor.at ?? ""}\0${cursor.from ?? "\u0001"}`;
}

function queryOf(request: FastifyRequest): string {
  const { url } = request;
  const at = url.indexOf("?");
  return at === -1 ? "" : url.slice(at);
}
