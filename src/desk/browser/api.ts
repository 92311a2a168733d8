// The desk API as the editor calls it: same-origin fetches carrying the session's CSRF token,
// each answer read once into what the caller needs (status, ETag, JSON or the error's words).

export interface Answer<T = unknown> {
  status: number;
  etag: string | undefined;
  json: T | undefined;
  /** The error envelope's `msg`, when the desk refused. */
  message: string | undefined;
  retryAfter: number | undefined;
}

/** The fields a write sends (the authoring API's body). */
export interface PostBody {
  title?: string;
  subtitle?: string;
  slug?: string;
  categories?: string;
  imageUrl?: string;
  json?: unknown;
  status?: "draft" | "published" | "archived";
  scheduledAt?: number | null;
}

/** A post as GET /desk/api/posts/{id} answers it. */
export interface ServerPost {
  id: string;
  title: string;
  subtitle?: string;
  slug: string;
  categories: string[];
  imageUrl?: string;
  status: string;
  publishedAt?: string;
  updatedAt?: string;
  json: string;
  staticHtml: string;
  etag: string;
}

export interface Media {
  src: string;
  width: number;
  height: number;
}

/** The network failed (offline, server gone): nothing is known of the write. */
export class Unreachable extends Error {}

export class DeskApi {
  constructor(private readonly csrf: string) {}

  post(id: string) {
    return this.call<ServerPost>("GET", `/desk/api/posts/${encodeURIComponent(id)}`);
  }

  create(body: PostBody, idempotencyKey: string) {
    return this.call<{ id: string; status: string }>("POST", "/desk/api/posts", body, {
      "idempotency-key": idempotencyKey,
    });
  }

  update(id: string, body: PostBody, etag: string | undefined) {
    const headers: Record<string, string> = etag === undefined ? {} : { "if-match": etag };
    return this.call("PUT", `/desk/api/posts/${encodeURIComponent(id)}`, body, headers);
  }

  remove(id: string, etag: string | undefined) {
    const headers: Record<string, string> = etag === undefined ? {} : { "if-match": etag };
    return this.call("DELETE", `/desk/api/posts/${encodeURIComponent(id)}`, undefined, headers);
  }

  upload(file: Blob) {
    return this.call<Media>("POST", "/desk/api/media", file);
  }

  /** Registration options for a new passkey of the signed-in writer. */
  passkeyOptions() {
    return this.call<unknown>("POST", "/desk/api/passkeys/options", {});
  }

  addPasskey(response: unknown) {
    return this.call<{ id: string }>("POST", "/desk/api/passkeys", response);
  }

  /** Sign-in options; asked without a session (the API is made with no CSRF token). */
  signInOptions() {
    return this.call<unknown>("POST", "/desk/passkey/options", {});
  }

  signIn(response: unknown) {
    return this.call<{ id: string }>("POST", "/desk/passkey/signin", response);
  }

  private async call<T>(
    method: string,
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: "application/json", ...extra };
    if (method !== "GET" && this.csrf !== "") headers["x-csrf-token"] = this.csrf;
    let payload: BodyInit | undefined;
    if (body instanceof Blob) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: payload, credentials: "same-origin" });
    } catch (error) {
      throw new Unreachable(String(error));
    }
    const type = res.headers.get("content-type") ?? "";
    const json = type.startsWith("application/json") ? ((await res.json()) as unknown) : undefined;
    const retry = Number(res.headers.get("retry-after"));
    return {
      status: res.status,
      etag: res.headers.get("etag") ?? undefined,
      json: res.ok ? (json as T) : undefined,
      message: res.ok ? undefined : ((json as { msg?: string } | undefined)?.msg ?? res.statusText),
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
    };
  }
}
