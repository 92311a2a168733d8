// Talking HTTP by hand on a socket: what a hostile client sends, byte for byte.
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import { build } from "./app.js";
import { sqliteFactory } from "./stores.js";

export interface RawExchange {
  /** Everything the server wrote, as latin1 text. */
  data: string;
  /** The server ended the connection (rather than our own safety timer). */
  closedByServer: boolean;
  /** Bytes of the request actually written before the connection closed. */
  written: number;
}

/** A fixture app listening on a free port, with limits from `env`. */
export async function listening(t: TestContext, env: Record<string, string> = {}) {
  const { app } = await build(t, sqliteFactory, env);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** Writes `chunks` (pausing `gapMs` between them) and reads until the server closes. */
export function exchange(
  port: number,
  chunks: (string | Buffer)[],
  { gapMs = 0, waitMs = 5000 } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const result: RawExchange = { data: "", closedByServer: false, written: 0 };
    let gaveUp = false;
    const timer = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, waitMs);
    socket.on("data", (d: Buffer) => (result.data += d.toString("latin1")));
    // A reset from the server is a close by the server too.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      result.closedByServer = !gaveUp;
      resolve(result);
    });
    socket.on("connect", async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        result.written += chunk.length;
        if (gapMs > 0) await sleep(gapMs);
      }
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what the server wrote into responses (Content-Length framing only). */
export function responses(data: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = data;
  while (rest.startsWith("HTTP/")) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) break;
    const [statusLine = "", ...lines] = rest.slice(0, end).split("\r\n");
    const headers = Object.fromEntries(
      lines.map((l) => [
        l.slice(0, l.indexOf(":")).toLowerCase(),
        l.slice(l.indexOf(":") + 1).trim(),
      ]),
    );
    const length = Number(headers["content-length"] ?? 0);
    out.push({
      status: Number(statusLine.split(" ")[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

export async function stillServes(app: FastifyInstance): Promise<number> {
  const { port } = app.server.address() as { port: number };
  return (await fetch(`http://127.0.0.1:${port}/v1/posts/pst_1`)).status;
}
