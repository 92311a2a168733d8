// folio/client: a typed client of the read API for Node and browsers. It needs nothing but
// fetch; the types come from the server's own TypeBox schemas and vanish when compiled.
import type { Static } from "typebox";
import type { ErrorCode } from "../errors.js";
import type { ErrorSchema, PostSchema } from "../http/schemas.js";

export type Post = Static<typeof PostSchema>;
export type Author = Post["authors"][number];
export type ContentFields = "markdown" | "json" | "staticHtml";
/** A post asked for with includeContent: its three content fields are always there. */
export type PostWithContent = Post & Required<Pick<Post, ContentFields>>;
export type ErrorEnvelope = Omit<Static<typeof ErrorSchema>, "error"> & { error: ErrorCode };
export type { ErrorCode };

export type PostRef = { id: string } | { publicationSlug: string; postSlug: string };

export interface GetPostOptions {
  includeContent?: boolean;
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** Where the API is served, e.g. `https://api.example.com` (a path prefix is kept). */
  baseUrl: string;
  fetch?: typeof fetch;
}

/** The API answered with an error: its status and the envelope, request id included. */
export class FolioError extends Error {
  override readonly name = "FolioError";
  constructor(
    readonly status: number,
    /** The envelope's stable code; `unknown` when the body was not an envelope (a proxy's page). */
    readonly code: ErrorCode | "unknown",
    readonly msg: string,
    readonly requestId: string | undefined,
  ) {
    super(`${status} ${code}: ${msg}${requestId === undefined ? "" : ` (request ${requestId})`}`);
  }
}

export interface FolioClient {
  getPost(
    ref: PostRef,
    options: GetPostOptions & { includeContent: true },
  ): Promise<PostWithContent>;
  getPost(ref: PostRef, options?: GetPostOptions): Promise<Post>;
}

export function createClient(options: ClientOptions): FolioClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    async getPost(ref: PostRef, { includeContent, signal }: GetPostOptions = {}) {
      const query = includeContent === true ? "?includeContent=true" : "";
      const init = { headers: { accept: "application/json" }, signal };
      const response = await fetchImpl(`${base}${pathOf(ref)}${query}`, init);
      if (!response.ok) throw await errorOf(response);
      return (await response.json()) as PostWithContent;
    },
  };
}

function pathOf(ref: PostRef): string {
  if ("id" in ref) return `/v1/posts/${segment(ref.id)}`;
  return `/v1/publications/slug/${segment(ref.publicationSlug)}/posts/slug/${segment(ref.postSlug)}`;
}

function segment(value: string): string {
  // URL parsers resolve "." and ".." (even percent-encoded) before the request is sent,
  // so such a value cannot name a post: refuse it rather than fetch another path.
  if (value === "" || value === "." || value === "..") {
    throw new TypeError(`'${value}' cannot be a path segment`);
  }
  return encodeURIComponent(value);
}

async function errorOf(response: Response): Promise<FolioError> {
  const header = response.headers.get("x-request-id") ?? undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (isEnvelope(body))
    return new FolioError(response.status, body.error, body.msg, body.requestId);
  return new FolioError(response.status, "unknown", response.statusText, header);
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  const b = body as Partial<ErrorEnvelope> | undefined;
  return (
    typeof b?.error === "string" && typeof b.msg === "string" && typeof b.requestId === "string"
  );
}
