// The desk's routes: signing in (invite link, passkey) and out, the session's own API under
// /desk/api, and image uploads. A session acts for its publication through the same services
// as that publication's API key (http/authoring/): the same validation, If-Match, write limit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { DeskSettings } from "../config/desk.js";
import { ApiError } from "../errors.js";
import type { AuthoringServices } from "../http/authoring/index.js";
import { fieldCompiler } from "../http/edge/field-validation.js";
import { etagOf, ifMatch } from "../http/authoring/if-match.js";
import { ownPage } from "../http/authoring/own-routes.js";
import { SITE_HEADERS } from "../site/routes.js";
import type { PostPreview } from "../site/index.js";
import { toWirePost } from "../http/wire/post.js";
import { apiStatus } from "../posts/lifecycle.js";
import { EXTENSIONS, processImage } from "../media/images.js";
import { idempotencyRequest } from "../posts/idempotency.js";
import type { DeskSessionRecord, PostStore } from "../store/post-store.js";
import { requireSameOrigin, sessionOf, type CookieJar } from "./guard.js";
import * as docs from "./docs.js";
import type { DeskPages } from "./pages.js";
import type { Passkeys } from "./passkeys.js";
import type { DeskSessions, Started } from "./sessions.js";
import type { DeskAssets } from "./assets.js";
import { writersList } from "./list.js";

export interface DeskRoutesOptions {
  store: PostStore;
  sessions: DeskSessions;
  passkeys: Passkeys;
  jar: CookieJar;
  pages: DeskPages;
  siteOrigin: string;
  authoring: AuthoringServices;
  settings: DeskSettings;
  maxBodyBytes: number;
  /** Real time: sessions and challenges. */
  clock: () => number;
  /** The time that decides what readers see (drafts, schedules): the app's clock. */
  now: () => number;
  assets: DeskAssets;
  preview: PostPreview;
}

const FORM_BYTES = 16 * 1024;
const PRIVATE = {
  "cache-control": "private, no-store",
  "cross-origin-resource-policy": "same-origin",
};
const desk = { config: { desk: true } } as const;
const deskPage = { config: { desk: "page" } } as const;

export async function deskRoutes(app: FastifyInstance, o: DeskRoutesOptions) {
  const { sessions, jar, pages } = o;
  bodies(app, o.maxBodyBytes);
  // Parameters by the field rules, as the authoring API's; bodies are the services' to check.
  app.setValidatorCompiler(fieldCompiler);
  const begin = (reply: FastifyReply, started: Started) =>
    jar.set(reply, started.secret, started.session.expiresAt);

  app.get("/desk/signin", async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    if (token === undefined) return pages.signInNeeded(reply, "/desk", 200);
    if (typeof token !== "string" || token === "") return pages.badLink(reply);
    return pages.signIn(reply, token);
  });

  app.post("/desk/signin", { schema: docs.signInDocs }, async (request, reply) => {
    requireSameOrigin(request, o.siteOrigin);
    const token = formField(request, "token");
    const started = token === undefined ? undefined : await sessions.redeem(token);
    if (started === undefined) return pages.badLink(reply);
    begin(reply, started);
    return reply.code(303).headers({ location: "/desk", "cache-control": "no-store" }).send();
  });

  app.get("/desk", deskPage, async (request, reply) => {
    const session = sessionOf(request);
    const [user, publication, passkeys] = await Promise.all([
      o.store.findUser({ id: session.userId }),
      o.store.findPublication({ id: session.publicationId }),
      o.store.listPasskeys(session.userId),
    ]);
    const who = {
      ...{ user: user?.name ?? session.userId, publication: publication?.name ?? "" },
      passkeys: passkeys.length,
    };
    const listing = await writersList(
      o.authoring.own,
      session.publicationId,
      request.query,
      o.now(),
    );
    return pages.list(reply, who, session.csrf, listing);
  });

  app.post("/desk/signout", { ...desk, schema: docs.signOutDocs }, async (request, reply) => {
    await sessions.revoke(sessionOf(request).id);
    jar.clear(reply);
    return pages.signedOut(reply);
  });

  app.get("/desk/api/session", { ...desk, schema: docs.sessionDocs }, async (request, reply) => {
    const session = sessionOf(request);
    const passkeys = await o.store.listPasskeys(session.userId);
    return reply
      .headers(PRIVATE)
      .send({ ...describe(session), csrfToken: session.csrf, passkeys: passkeys.length });
  });

  // Passkeys: registering needs a session; signing in with one starts a session.
  const registrationOptions = { ...desk, schema: docs.registrationOptionsDocs };
  app.post("/desk/api/passkeys/options", registrationOptions, async (request, reply) =>
    reply.headers(PRIVATE).send(await o.passkeys.registrationOptions(sessionOf(request))),
  );
  app.post("/desk/api/passkeys", { ...desk, schema: docs.registerDocs }, async (request, reply) => {
    const body = request.body as RegistrationResponseJSON;
    const passkey = await o.passkeys.register(sessionOf(request), body);
    return reply.code(201).headers(PRIVATE).send({ id: passkey.id, createdAt: passkey.createdAt });
  });
  const signInOptions = { schema: docs.authenticationOptionsDocs };
  app.post("/desk/passkey/options", signInOptions, async (request, reply) => {
    requireSameOrigin(request, o.siteOrigin);
    return reply.headers(PRIVATE).send(await o.passkeys.authenticationOptions());
  });
  app.post("/desk/passkey/signin", { schema: docs.passkeySignInDocs }, async (request, reply) => {
    requireSameOrigin(request, o.siteOrigin);
    const principal = await o.passkeys.authenticate(request.body as AuthenticationResponseJSON);
    const started = await sessions.start(principal, "passkey");
    begin(reply, started);
    return reply
      .headers(PRIVATE)
      .send({ ...describe(started.session), csrfToken: started.session.csrf });
  });

  editorRoutes(app, o);
  postRoutes(app, o);
  o.assets.routes(app);
  app.register(uploadRoutes, o);
}

/** The editor on a new or an own post, and its preview as the reader's site shows it. */
function editorRoutes(app: FastifyInstance, o: DeskRoutesOptions) {
  const { own } = o.authoring;
  const publicationOf = async (request: FastifyRequest) => {
    const publication = await o.store.findPublication({ id: sessionOf(request).publicationId });
    if (publication === undefined) throw new ApiError("not_found", "Publication not found");
    return publication;
  };
  const postOf = (request: FastifyRequest) => {
    const { postId } = request.params as { postId: string };
    return own.find(sessionOf(request).publicationId, postId, true);
  };

  app.get("/desk/posts/new", deskPage, async (request, reply) => {
    const publication = await publicationOf(request);
    return o.pages.editor(reply, publication, undefined, sessionOf(request).csrf, o.now());
  });
  app.get("/desk/posts/:postId", deskPage, async (request, reply) => {
    const post = await postOf(request);
    if (post === undefined) return o.pages.notFound(reply);
    const publication = await publicationOf(request);
    const session = sessionOf(request);
    return o.pages.editor(
      reply,
      publication,
      { ...post, etag: etagOf(post) },
      session.csrf,
      o.now(),
    );
  });
  app.get("/desk/posts/:postId/preview", deskPage, async (request, reply) => {
    const post = await postOf(request);
    if (post === undefined) return o.pages.notFound(reply);
    const html = await o.preview.render(await publicationOf(request), toWirePost(post, true));
    return reply
      .headers({ ...SITE_HEADERS, ...PRIVATE, "x-robots-tag": "noindex" })
      .type("text/html; charset=utf-8")
      .send(html);
  });
  // One post with its content and ETag: what the editor reloads when another tab saved first.
  app.get("/desk/api/posts/:postId", { ...desk, schema: docs.readDocs }, async (request, reply) => {
    const post = await postOf(request);
    if (post === undefined) throw new ApiError("not_found", "Post not found");
    const etag = etagOf(post);
    return reply
      .headers({ ...PRIVATE, etag })
      .send({ ...toWirePost(post, true), status: apiStatus(post, o.now()), etag });
  });
}

/** The authoring API's post operations, with the session's publication as the principal. */
function postRoutes(app: FastifyInstance, o: DeskRoutesOptions) {
  const { writes, own, limiter } = o.authoring;
  const write = async (request: FastifyRequest) => {
    const session = sessionOf(request);
    await limiter.take(`desk:${session.id}`);
    return session.publicationId;
  };
  const tagged = (reply: FastifyReply, post: Parameters<typeof etagOf>[0] | undefined) =>
    reply.headers(post === undefined ? PRIVATE : { ...PRIVATE, etag: etagOf(post) });

  app.get("/desk/api/posts", { ...desk, schema: docs.listDocs }, async (request, reply) => {
    const page = await ownPage(own, sessionOf(request).publicationId, request.query);
    return reply.headers(PRIVATE).type("application/json; charset=utf-8").send(page);
  });
  app.post("/desk/api/posts", { ...desk, schema: docs.createDocs }, async (request, reply) => {
    const publicationId = await write(request);
    const key = request.headers["idempotency-key"];
    const idem = idempotencyRequest(typeof key === "string" ? key : undefined, request.body);
    const created = await writes.create(publicationId, request.body, idem);
    return tagged(reply, created.post).code(201).send(created.answer);
  });
  const update = { ...desk, schema: docs.updateDocs };
  app.put("/desk/api/posts/:postId", update, async (request, reply) => {
    const publicationId = await write(request);
    const { postId } = request.params as { postId: string };
    const pre = ifMatch(request.headers);
    const written = await writes.update(publicationId, { id: postId }, request.body, pre);
    return tagged(reply, written.post).send({ success: true });
  });
  const remove = { ...desk, schema: docs.deleteDocs };
  app.delete("/desk/api/posts/:postId", remove, async (request, reply) => {
    const publicationId = await write(request);
    const { postId } = request.params as { postId: string };
    await writes.remove(publicationId, { id: postId }, ifMatch(request.headers));
    return reply.headers(PRIVATE).send({ success: true });
  });
}

/** Uploads are the image's bytes as the body, whatever Content-Type says; the content decides. */
async function uploadRoutes(app: FastifyInstance, o: DeskRoutesOptions) {
  const { mediaMaxBytes, mediaMaxPixels } = o.settings;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: mediaMaxBytes }, (_r, body, done) =>
    done(null, body),
  );
  const upload = { ...desk, bodyLimit: mediaMaxBytes, schema: docs.uploadDocs };
  app.post("/desk/api/media", upload, async (request, reply) => {
    const publicationId = sessionOf(request).publicationId;
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
      throw new ApiError("invalid_parameter", "body: send the image's bytes as the request body");
    }
    const limits = { maxBytes: mediaMaxBytes, maxPixels: mediaMaxPixels };
    const { media, variants } = await processImage(request.body, publicationId, limits, o.clock());
    await o.store.saveMedia(media, variants);
    const src = (width: number) => `/media/${media.id}/${width}.${EXTENSIONS[media.format]}`;
    const srcset = media.widths.map((w) => `${src(w)} ${w}w`).join(", ");
    return reply
      .code(201)
      .headers({ ...PRIVATE, location: src(media.width) })
      .send({ ...media, src: src(media.width), srcset });
  });
}

function describe(s: DeskSessionRecord) {
  return {
    id: s.id,
    publicationId: s.publicationId,
    userId: s.userId,
    method: s.method,
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
  };
}

function formField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body !== null && typeof body === "object" ? body[name] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** JSON for the API, urlencoded forms for the pages; nothing else is read in this scope. */
function bodies(app: FastifyInstance, jsonBytes: number) {
  const json = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: jsonBytes },
    (request, body, done) => {
      if (body === "") return done(null, undefined);
      json(request, body as string, done);
    },
  );
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
