// @folio/client: a typed client of the Folio read API for Node (20+) and browsers. It needs
// nothing but fetch. Every failure is a FolioError: an error answer of the API, a request
// refused before it is sent, or a server out of reach.
import type { ErrorCode, ErrorEnvelope, Post, PostWithContent } from "./types.js";

export type {
  Author,
  ContentFields,
  ErrorCode,
  ErrorEnvelope,
  Post,
  PostWithContent,
  Social,
} from "./types.js";

export type PostRef = { id: string } | { publicationSlug: string; postSlug: string };

export interface GetPostOptions {
  includeContent?: boolean;
  /** Aborting rejects with the signal's reason (an AbortError), not a FolioError. */
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** Where the API is served, e.g. `https://api.example.com` (a path prefix is kept). */
  baseUrl: string;
  fetch?: typeof fetch;
}

/**
 * `unknown`: an answer that was not the API's envelope (a proxy's error page);
 * `unreachable`: no answer at all (refused, reset, DNS) — status 0, `cause` says why.
 */
export type FolioErrorCode = ErrorCode | "unknown" | "unreachable";

/** Why a request failed: the HTTP status (0 when none), the code, the message, the request id. */
export class FolioError extends Error {
  override readonly name = "FolioError";
  constructor(
    readonly status: number,
    readonly code: FolioErrorCode,
    readonly msg: string,
    readonly requestId: string | undefined,
    options?: { cause?: unknown },
  ) {
    const request = requestId === undefined ? "" : ` (request ${requestId})`;
    super(`${status === 0 ? "" : `${status} `}${code}: ${msg}${request}`, options);
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
      const url = `${base}${pathOf(ref)}${query}`;
      const response = await send(fetchImpl, url, signal);
      if (!response.ok) throw await errorOf(response);
      return (await response.json()) as PostWithContent;
    },
  };
}

async function send(fetchImpl: typeof fetch, url: string, signal?: AbortSignal) {
  try {
    return await fetchImpl(url, { headers: { accept: "application/json" }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
    throw new FolioError(0, "unreachable", `cannot reach ${url} (${reason})`, undefined, {
      cause: error,
    });
  }
}

function pathOf(ref: PostRef): string {
  if ("id" in ref) return `/v1/posts/${segment("id", ref.id)}`;
  const publication = segment("publicationSlug", ref.publicationSlug);
  return `/v1/publications/slug/${publication}/posts/slug/${segment("postSlug", ref.postSlug)}`;
}

function segment(name: string, value: string): string {
  // URL parsers resolve "." and ".." (even percent-encoded) before the request is sent,
  // so such a value cannot name a post: refuse it rather than fetch another path.
  if (typeof value !== "string" || value === "" || value === "." || value === "..") {
    const shown = typeof value === "string" ? `'${value}'` : typeof value;
    throw new FolioError(0, "invalid_parameter", `${name} ${shown} cannot name a post`, undefined);
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
