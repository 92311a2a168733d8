// A webhook receiver for tests, on 127.0.0.1 only. Every delivery is verified with the
// `standardwebhooks` package (an implementation of the signature that is not ours); one that
// fails verification is kept apart and fails the test that looks. What it answers is set
// per test: a status, a delay, or no answer until released.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  timestamp: number;
  type: string;
  body: {
    type: string;
    timestamp: string;
    data: Record<string, unknown> & { post: Record<string, unknown> & { id: string } };
  };
  at: number;
  /** The status this request was (or is to be) answered with; 0 while held. */
  answered: number;
}

export interface Receiver {
  url: string;
  port: number;
  /** Verified deliveries, in arrival order. */
  received: Received[];
  /** Deliveries whose signature did not verify (should stay empty). */
  invalid: string[];
  /** The endpoint's secret, once known: every delivery is checked against it. */
  secret: string | undefined;
  /** What to answer: a status (default 204), after `delayMs`; `hold` answers nothing until released. */
  respond: {
    status: number;
    delayMs?: number;
    hold?: boolean;
    body?: string;
    headers?: Record<string, string>;
  };
  /** Answers every held request. */
  release(): void;
  /** Requests received, verified or not, answered or not. */
  hits(): number;
  /** Resolves once `test` holds of what was received (polled every 20 ms). */
  until(test: (received: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
  /** Stops listening (connections refused) and starts again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
}

export async function startReceiver(t: { after(f: () => Promise<void> | void): void }, port = 0) {
  const held: ServerResponse[] = [];
  let count = 0;
  const receiver = {} as Receiver;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    count++;
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      record(receiver, request, Buffer.concat(chunks).toString("utf8"));
      const { status, delayMs = 0, hold = false, body = "", headers = {} } = receiver.respond;
      if (hold) return void held.push(response);
      setTimeout(() => response.writeHead(status, headers).end(body), delayMs);
    });
  };
  let server: Server = createServer(handle);
  const listen = async (at: number) => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(at, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  };
  const actual = await listen(port);
  const stop = async () => {
    receiver.release();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  Object.assign(receiver, {
    url: `http://127.0.0.1:${actual}/hook`,
    port: actual,
    received: [],
    invalid: [],
    secret: undefined,
    respond: { status: 204 },
    release: () => held.splice(0).forEach((r) => r.writeHead(204).end()),
    hits: () => count,
    until: (test: (r: Received[]) => boolean, timeoutMs = 15_000) =>
      until(receiver, test, timeoutMs),
    close: stop,
    down: stop,
    up: async () => void (await listen(actual)),
  });
  t.after(stop);
  return receiver;
}

function record(receiver: Receiver, request: IncomingMessage, raw: string): void {
  const headers = request.headers as Record<string, string>;
  try {
    if (receiver.secret === undefined) throw new Error("no secret set");
    const body = new Webhook(receiver.secret).verify(raw, headers) as Received["body"];
    const id = headers["webhook-id"]!;
    receiver.received.push({
      id,
      timestamp: Number(headers["webhook-timestamp"]),
      type: body.type,
      body,
      at: Date.now(),
      answered: receiver.respond.hold === true ? 0 : receiver.respond.status,
    });
  } catch (error) {
    receiver.invalid.push(`${(error as Error).message}: ${raw.slice(0, 200)}`);
  }
}

async function until(receiver: Receiver, test: (r: Received[]) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!test(receiver.received)) {
    if (Date.now() > deadline) {
      const seen = receiver.received.map((r) => `${r.type} ${r.body.data.post.id}`);
      throw new Error(
        `receiver: condition not met in ${timeoutMs} ms; got ${seen.length}: ${seen.slice(0, 20).join(", ")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return receiver.received;
}

/** Short timers for delivery tests, and private targets allowed (the receiver is local). */
export const FAST_WEBHOOKS = {
  WEBHOOK_ALLOW_PRIVATE: "true",
  WEBHOOK_POLL_MS: "50",
  WEBHOOK_RETRY_BASE_MS: "50",
  WEBHOOK_RETRY_MAX_MS: "200",
  WEBHOOK_TIMEOUT_MS: "1000",
  WEBHOOK_LEASE_MS: "1500",
  WEBHOOK_SWEEP_MS: "1000",
};
