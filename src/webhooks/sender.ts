// One delivery attempt over HTTP(S): a POST, no redirects followed (node:http follows none),
// the whole attempt bounded by a timeout, the answer's body read only up to a few hundred
// bytes (enough to say why it failed), the connection's address checked (address-guard.ts).
import http from "node:http";
import https from "node:https";
import { ForbiddenTargetError, guardedLookup, literalRefusal } from "./address-guard.js";
import { failure, type Failure } from "./failure.js";

interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
}

/** The receiver's status, or why there was none. */
export type SendResult = { status: number; text: string } | Failure;

export type Sender = (request: SendRequest) => Promise<SendResult>;

/** How much of an answer's body is read: the rest is never fetched. */
export const MAX_BODY_BYTES = 512;
const USER_AGENT = "Folio-Webhooks/1";

export function createSender(maxSockets: number): Sender & { close(): void } {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets }),
    "https:": new https.Agent({ keepAlive: true, maxSockets }),
  };
  const send: Sender = (request) => attempt(request, agents);
  return Object.assign(send, {
    close: () => Object.values(agents).forEach((agent) => agent.destroy()),
  });
}

function attempt(r: SendRequest, agents: Record<string, http.Agent>): Promise<SendResult> {
  const url = new URL(r.url);
  const refusal = r.allowPrivate ? undefined : literalRefusal(url.hostname);
  if (refusal !== undefined) return Promise.resolve(failure("refused", refusal));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: "POST",
      agent: agents[url.protocol],
      headers: {
        ...r.headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(r.body)),
        "user-agent": USER_AGENT,
      },
      ...(r.allowPrivate ? {} : { lookup: guardedLookup }),
      ...(r.signal ? { signal: r.signal } : {}),
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${r.timeoutMs} ms`)),
      r.timeoutMs,
    );
    const done = (result: SendResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    request.on("error", (error) => done(classify(error)));
    request.on("response", (response) =>
      readSome(response, (text) => done({ status: response.statusCode ?? 0, text })),
    );
    request.end(r.body);
  });
}

/** Reads at most MAX_BODY_BYTES, then drops the connection rather than read more. */
function readSome(response: http.IncomingMessage, then: (text: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    then(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString("utf8"));
  };
  response.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY_BYTES) {
      finish();
      response.destroy();
    }
  });
  response.on("end", finish);
  response.on("error", finish);
  response.on("close", finish);
}

/** DNS answers these when a name has no address (or none could be had). */
const LOOKUP_FAILURES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "ENODATA"]);

function classify(error: Error): Failure {
  if (error instanceof ForbiddenTargetError) return failure("refused", error.message);
  const { code, syscall } = error as NodeJS.ErrnoException;
  const lookup = syscall === "getaddrinfo" || (code !== undefined && LOOKUP_FAILURES.has(code));
  return failure(lookup ? "unresolved" : "network", describe(error));
}

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (error.name === "AbortError") return "aborted";
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
