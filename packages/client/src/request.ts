// One request to the API: the URL, the key, a JSON body; every failure a FolioError.
import type { ErrorEnvelope } from "./types.js";
import { FolioError } from "./error.js";

export interface Transport {
  base: string;
  fetch: typeof fetch;
  apiKey?: string;
}

export interface Call {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

export async function call(t: Transport, c: Call): Promise<Response> {
  const url = t.base + c.path + queryOf(c.query);
  const headers: Record<string, string> = { accept: "application/json" };
  if (t.apiKey !== undefined) headers.authorization = `Bearer ${t.apiKey}`;
  if (c.body !== undefined) headers["content-type"] = "application/json";
  for (const [name, value] of Object.entries(c.headers ?? {})) {
    if (value !== undefined) headers[name] = value;
  }
  const init: RequestInit = { method: c.method ?? "GET", headers };
  if (c.body !== undefined) init.body = JSON.stringify(c.body);
  if (c.signal !== undefined) init.signal = c.signal;
  let response: Response;
  try {
    response = await t.fetch(url, init);
  } catch (error) {
    if (c.signal?.aborted) throw error;
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
    throw new FolioError(0, "unreachable", `cannot reach ${url} (${reason})`, undefined, {
      cause: error,
    });
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

export async function json<T>(t: Transport, c: Call): Promise<T> {
  return (await (await call(t, c)).json()) as T;
}

function queryOf(query: Call["query"]): string {
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined);
  if (pairs.length === 0) return "";
  return `?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}`;
}

/** A path segment; "." and ".." are resolved away by URL parsers, so they name nothing. */
export function segment(name: string, value: string): string {
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
