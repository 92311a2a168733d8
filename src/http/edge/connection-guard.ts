// What a client that stops reading may hold. Node's socket timeout cannot
// say this: it only covers a connection's first request, and one large write shows no
// activity until it completes, even to a client reading it slowly. So a sweep watches the
// bytes the kernel takes from each socket that has an answer to send, and cuts a socket
// that took none for SEND_TIMEOUT_MS. Each client address also gets a bounded share of
// the connections: a socket past MAX_CONNECTIONS_PER_CLIENT has its request read and answered
// 503 with Retry-After, then closed. Not reset on accept: behind a carrier-grade NAT or an
// office proxy one address is many readers, and a reset tells them nothing.
import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";
import type { LimitSettings } from "../../config/limits.js";
import { clientKey } from "./rate-limit.js";

type Limits = Pick<LimitSettings, "sendTimeoutMs" | "maxConnectionsPerClient">;

export function guardConnections(server: Server, limits: Limits): void {
  if (limits.maxConnectionsPerClient > 0) capPerClient(server, limits.maxConnectionsPerClient);
  if (limits.sendTimeoutMs > 0) cutStalledSends(server, limits.sendTimeoutMs);
}

/** Sockets accepted past their address's cap: each is to get one 503 and be closed. */
const overCap = new WeakSet<Socket>();

/** The request came on a connection past its address's cap (`turnAway` answers it). */
export function pastClientCap(request: IncomingMessage): boolean {
  return overCap.has(request.socket);
}

/** Seconds a client turned away is asked to wait: connections here last a request or two. */
export const CAP_RETRY_AFTER_S = 1;

function capPerClient(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    // Counted as the rate limiter counts a client: an IPv6 host by its /64.
    const key = clientKey(socket.remoteAddress ?? "unknown");
    const count = open.get(key) ?? 0;
    // Not counted: it holds no more than one request's worth of time (Node's header and
    // request timeouts) and leaves once answered.
    if (count >= cap) return void overCap.add(socket);
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
}

/** Bytes of this socket's output the kernel has not taken yet. */
function unsent(socket: Socket): number {
  // libuv's queue (an internal of Node's TCP handle, long stable); without it, the stream's.
  const queued = (socket as { _handle?: { writeQueueSize?: unknown } })._handle?.writeQueueSize;
  return typeof queued === "number" ? queued : socket.writableLength;
}

interface Progress {
  taken: number;
  since: number;
}

function cutStalledSends(server: Server, timeoutMs: number): void {
  const sending = new Map<Socket, Progress>();
  server.on("connection", (socket: Socket) => {
    sending.set(socket, { taken: -1, since: 0 });
    socket.once("close", () => sending.delete(socket));
  });
  const sweep = () => {
    const now = Date.now();
    for (const [socket, progress] of sending) {
      if (socket.writableLength === 0) {
        progress.taken = -1; // nothing to send: other timeouts govern an idle connection
        continue;
      }
      const taken = socket.bytesWritten - unsent(socket);
      if (taken !== progress.taken) Object.assign(progress, { taken, since: now });
      else if (now - progress.since >= timeoutMs) socket.destroy();
    }
  };
  const timer = setInterval(sweep, Math.max(50, Math.min(1000, timeoutMs / 4))).unref();
  server.once("close", () => clearInterval(timer));
}
