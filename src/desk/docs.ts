// The desk's routes in the OpenAPI document, under the tag "desk": their parameters, bodies and
// answers (which also serialize them), and the two security schemes a session's requests carry,
// its cookie and its CSRF token. The post routes take the authoring API's schemas: a session
// writes what a key writes. Bodies are checked by the services, not here (fieldCompiler).
import { Type } from "../posts/typebox.js";
import * as s from "../http/authoring/schemas.js";
import { CreatePostBody, UpdatePostBody } from "../posts/write-fields.js";
import { MEDIA_FORMATS } from "../store/media.js";
import { COOKIE, CSRF_FIELD, SECURE_COOKIE } from "./guard.js";

const SESSION_SCHEME = "deskSession";
const CSRF_SCHEME = "deskCsrf";

/** What the document's root gains: the tag and the security schemes. */
export const DESK_OPENAPI = {
  tags: [
    {
      name: "desk",
      description:
        "The writer's desk, for the site's own pages: signing in, the session's posts, passkeys and images",
    },
  ],
  securitySchemes: {
    [SESSION_SCHEME]: {
      type: "apiKey",
      in: "cookie",
      name: SECURE_COOKIE,
      description: `The desk session, set by signing in (an invite link or a passkey): \`${SECURE_COOKIE}\` when SITE_URL is HTTPS, \`${COOKIE}\` on plain HTTP. HttpOnly and SameSite=Strict, so a browser sends it only with requests from the site itself. Idle and absolute expiry; revoked on every node at once.`,
    },
    [CSRF_SCHEME]: {
      type: "apiKey",
      in: "header",
      name: "X-CSRF-Token",
      description: `The session's CSRF token (\`csrfToken\` of GET /desk/api/session), on every state-changing request (or a form's \`${CSRF_FIELD}\` field). Such a request must also come from the site itself: \`Sec-Fetch-Site\`, when sent, is \`same-origin\` and \`Origin\`, when sent, is SITE_URL's; one of them must be sent. Otherwise 403 before anything is written.`,
    },
  },
};

const tags = ["desk"];
const reading = [{ [SESSION_SCHEME]: [] }];
const writing = [{ [SESSION_SCHEME]: [], [CSRF_SCHEME]: [] }];

const header = (description: string) => ({ type: "string", description });
const error = (description: string) => ({
  $ref: "Error#",
  description,
  headers: { "Cache-Control": header("Always `no-store`") },
});
const html = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers && { headers }),
  content: { "text/html": { schema: { type: "string" } } },
});
const form = (fields: Record<string, string>) => ({
  content: {
    "application/x-www-form-urlencoded": {
      schema: Type.Object(
        Object.fromEntries(
          Object.entries(fields).map(([name, description]) => [name, Type.String({ description })]),
        ),
      ),
    },
  },
});
const setCookie = {
  "Set-Cookie": header(`The session cookie: \`${SECURE_COOKIE}=…\` (\`${COOKIE}\` on plain HTTP)`),
};
const PRIVATE = "`private, no-store`: the answer is this session's alone";

const sessionErrors = {
  401: error("unauthorized: no live session (none, ended, revoked or signed out)"),
  429: error("rate_limited: over the per-address limit (`Retry-After`)"),
  503: error("unavailable: the store is unreachable or overloaded"),
};
const guardErrors = {
  ...sessionErrors,
  403: error(
    "forbidden: not from the site itself (`Sec-Fetch-Site`, `Origin`), or the CSRF token is missing or wrong; nothing was written",
  ),
};
const writeErrors = {
  ...guardErrors,
  400: error("invalid_parameter: a field breaks a rule; `msg` names it (`title: must be …`)"),
  413: error("payload_too_large: the body is over MAX_BODY_BYTES"),
  415: error("unsupported_media_type: the body is not JSON"),
  429: error(
    "rate_limited: over the per-address limit, or over WRITE_RATE_LIMIT, counted per session",
  ),
};
const targetErrors = {
  404: error("not_found: no such post in the session's publication (another publication's too)"),
  412: error("precondition_failed: If-Match no longer names the current version; nothing changed"),
};
const originErrors = {
  403: error("forbidden: not from the site itself (`Sec-Fetch-Site`, `Origin`)"),
  429: sessionErrors[429],
  503: sessionErrors[503],
};

const millis = (description: string) => Type.Integer({ description: `${description} (ms)` });
const sessionFields = {
  id: Type.String({ description: "The session's id (`npx folio desk sessions list`)" }),
  publicationId: Type.String({ description: "The publication it writes for" }),
  userId: Type.String({ description: "The writer, an author of that publication" }),
  method: Type.Union([Type.Literal("invite"), Type.Literal("passkey")], {
    description: "How it signed in",
  }),
  createdAt: millis("When it signed in"),
  expiresAt: millis("Its absolute end, however active"),
  csrfToken: Type.String({ description: "To repeat as `X-CSRF-Token` on state-changing requests" }),
};
const StartedSession = Type.Object(sessionFields);
const SessionAnswer = Type.Object({
  ...sessionFields,
  passkeys: Type.Integer({ minimum: 0, description: "How many passkeys the writer has" }),
});

/** WebAuthn's JSON, as @simplewebauthn/server makes and reads it; the browser fills in the rest. */
const open = { additionalProperties: true };
const base64url = (description: string) =>
  Type.String({ description: `${description}, base64url` });
const RegistrationOptions = Type.Object(
  {
    challenge: base64url("The challenge to sign, answered once within five minutes"),
    rp: Type.Object({ id: Type.String(), name: Type.String() }, open),
    user: Type.Object(
      { id: base64url("The writer's id"), name: Type.String(), displayName: Type.String() },
      open,
    ),
  },
  { ...open, description: "For navigator.credentials.create() (`publicKey`)" },
);
const AuthenticationOptions = Type.Object(
  { challenge: base64url("The challenge to sign, answered once within five minutes") },
  {
    ...open,
    description: "For navigator.credentials.get() (`publicKey`): a discoverable credential",
  },
);
const credential = (response: Record<string, ReturnType<typeof Type.String>>) =>
  Type.Object(
    {
      id: base64url("The credential's id"),
      rawId: base64url("The same id"),
      type: Type.Literal("public-key"),
      response: Type.Object(response, open),
      clientExtensionResults: Type.Object({}, open),
    },
    open,
  );
const RegistrationResponse = credential({
  clientDataJSON: base64url("clientDataJSON"),
  attestationObject: base64url("attestationObject"),
});
const AuthenticationResponse = credential({
  clientDataJSON: base64url("clientDataJSON"),
  authenticatorData: base64url("authenticatorData"),
  signature: base64url("signature"),
});

const MediaAnswer = Type.Object({
  id: Type.String({ description: "The image's id (`med_…`)" }),
  publicationId: Type.String(),
  format: Type.Union(
    MEDIA_FORMATS.map((f) => Type.Literal(f)),
    { description: "As the content says, kept" },
  ),
  width: Type.Integer({ description: "Its own width, upright" }),
  height: Type.Integer(),
  createdAt: millis("When it was uploaded"),
  widths: Type.Array(Type.Integer(), { description: "Every width it is served at, ascending" }),
  src: Type.String({ description: "Its full-size URL on this site (`/media/{id}/{width}.{ext}`)" }),
  srcset: Type.String({ description: "Every width, for an <img srcset>" }),
});

export const signInDocs = {
  summary: "Sign in with an invite link's token",
  description: `The form of the page an invite link opens (\`npx folio desk invite\`): a GET of
the link only shows it, so a link scanner spends nothing. Starts a session and sends the desk.
Takes the origin check alone: there is no session yet.`,
  tags,
  operationId: "deskSignIn",
  body: form({ token: "The invite link's `token`: works once, until DESK_INVITE_TTL_MS" }),
  response: {
    303: {
      description: "Signed in: on to the desk",
      headers: { Location: header("`/desk`"), ...setCookie },
    },
    400: html("A page saying the link was used, expired or mistyped"),
    ...originErrors,
  },
};

export const signOutDocs = {
  summary: "Sign out",
  description: "The desk's sign-out form: the session ends on every node, the cookie is cleared.",
  tags,
  operationId: "deskSignOut",
  security: writing,
  body: form({ [CSRF_FIELD]: "The session's CSRF token (or send it as `X-CSRF-Token`)" }),
  response: {
    200: html("A page saying so", { "Set-Cookie": header("Clears the cookie (`Max-Age=0`)") }),
    ...guardErrors,
  },
};

export const sessionDocs = {
  summary: "The session",
  description: "Who is signed in, for which publication, until when; its CSRF token.",
  tags,
  operationId: "deskSession",
  security: reading,
  response: {
    200: {
      ...SessionAnswer,
      description: "The session",
      headers: { "Cache-Control": header(PRIVATE) },
    },
    ...sessionErrors,
  },
};

export const listDocs = {
  summary: "List the session's publication's posts",
  description: "As GET /v1/posts with the publication's API key: any status, with views and ETags.",
  tags,
  operationId: "deskListPosts",
  security: reading,
  querystring: s.OwnPostsQuery,
  response: {
    200: { ...s.OwnPostsAnswer, description: "A page of posts" },
    400: error("invalid_parameter: a bad status, limit, includeContent or cursor"),
    ...sessionErrors,
  },
};

export const readDocs = {
  summary: "Read one of the publication's posts",
  description: `The post as GET /v1/posts/{postId}?includeContent=true gives it, with its \`status\`
and its \`etag\` (also the \`ETag\` header): what the editor reloads when another tab saved first.`,
  tags,
  operationId: "deskReadPost",
  security: reading,
  params: s.PostIdParams,
  response: {
    200: {
      ...Type.Object(
        {
          id: Type.String(),
          status: Type.String({ description: "draft, scheduled, published or archived" }),
          etag: Type.String({ description: "Send it as If-Match on the next write" }),
        },
        { additionalProperties: true },
      ),
      description: "The post, with its content",
      headers: { ETag: header("The post's validator"), "Cache-Control": header(PRIVATE) },
    },
    400: error("invalid_parameter: the id breaks the id rule"),
    404: targetErrors[404],
    ...sessionErrors,
  },
};

const written = (description: string, schema: object) => ({
  ...schema,
  description,
  headers: {
    ETag: header("The post's new validator: send it as If-Match on the next write"),
    "Cache-Control": header(PRIVATE),
  },
});

export const createDocs = {
  summary: "Create a post",
  description: `As POST /v1/posts with the publication's API key (the same fields, rules and
\`Idempotency-Key\`), answered 201.`,
  tags,
  operationId: "deskCreatePost",
  security: writing,
  body: CreatePostBody,
  response: {
    201: written("The post's id and its status", s.CreatedAnswer),
    409: error("conflict: the slug is taken, or the Idempotency-Key was used with another body"),
    ...writeErrors,
  },
};

export const updateDocs = {
  summary: "Update a post",
  description: "As PUT /v1/posts/{postId}: send the ETag you hold as `If-Match`.",
  tags,
  operationId: "deskUpdatePost",
  security: writing,
  params: s.PostIdParams,
  body: UpdatePostBody,
  response: {
    200: written("Updated", s.SuccessAnswer),
    409: error("conflict: the new slug is taken, or the post cannot be scheduled in its state"),
    ...targetErrors,
    ...writeErrors,
  },
};

export const deleteDocs = {
  summary: "Delete a post",
  description: "As DELETE /v1/posts/{postId}; `If-Match` as on updates.",
  tags,
  operationId: "deskDeletePost",
  security: writing,
  params: s.PostIdParams,
  response: {
    200: { ...s.SuccessAnswer, description: "Deleted" },
    ...targetErrors,
    ...guardErrors,
  },
};

export const uploadDocs = {
  summary: "Upload an image",
  description: `The image's bytes as the body, whatever \`Content-Type\` says: the content decides.
JPEG, PNG, WebP, GIF or AVIF, at most MEDIA_MAX_BYTES and MEDIA_MAX_PIXELS (read from its header
before any pixel is decoded). Stored upright without metadata, at its own width and each
narrower responsive width.`,
  tags,
  operationId: "deskUploadImage",
  security: writing,
  body: {
    content: {
      "application/octet-stream": { schema: { type: "string", contentMediaType: "image/*" } },
    },
  },
  response: {
    201: {
      ...MediaAnswer,
      description: "Stored",
      headers: { Location: header("Its full-size URL"), "Cache-Control": header(PRIVATE) },
    },
    ...guardErrors,
    400: error("invalid_parameter: no bytes, or pixels that do not decode"),
    413: error("payload_too_large: over MEDIA_MAX_BYTES, or over MEDIA_MAX_PIXELS (named)"),
    415: error("unsupported_media_type: not one of the five formats, by its content"),
  },
};

export const registrationOptionsDocs = {
  summary: "Start registering a passkey",
  description: "Options for the browser; the challenge belongs to this session.",
  tags,
  operationId: "deskPasskeyRegistrationOptions",
  security: writing,
  response: { 200: { ...RegistrationOptions, description: "The options" }, ...guardErrors },
};

export const registerDocs = {
  summary: "Register a passkey",
  description: `The browser's answer to the options (RegistrationResponseJSON, as
@simplewebauthn/browser gives it). The passkey signs in this session's writer and publication.`,
  tags,
  operationId: "deskPasskeyRegister",
  security: writing,
  body: RegistrationResponse,
  response: {
    201: {
      ...Type.Object({ id: base64url("The credential's id"), createdAt: millis("Registered") }),
      description: "Registered",
    },
    409: error("conflict: this passkey is registered already"),
    ...guardErrors,
    403: error(
      "forbidden: not from the site itself, a wrong CSRF token, or an answer that does not verify (another origin or site, a challenge not this session's, spent or expired)",
    ),
  },
};

export const authenticationOptionsDocs = {
  summary: "Start signing in with a passkey",
  description: "No session: options for the browser, with a challenge answered once.",
  tags,
  operationId: "deskPasskeySignInOptions",
  response: { 200: { ...AuthenticationOptions, description: "The options" }, ...originErrors },
};

export const passkeySignInDocs = {
  summary: "Sign in with a passkey",
  description: `The browser's answer (AuthenticationResponseJSON). Starts a session for the
passkey's writer and publication, and answers as GET /desk/api/session does.`,
  tags,
  operationId: "deskPasskeySignIn",
  body: AuthenticationResponse,
  response: {
    200: { ...StartedSession, description: "Signed in", headers: setCookie },
    ...originErrors,
    403: error(
      "forbidden: not from the site itself, or an answer that does not verify (an unknown passkey, another origin or site, a challenge spent, replayed or expired)",
    ),
  },
};
