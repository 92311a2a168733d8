// Clients that request a large post and never read it must not hold the
// server's connections: a stalled response is cut after SEND_TIMEOUT_MS, and one address
// holds at most MAX_CONNECTIONS_PER_CLIENT connections (one past it is answered 503 and closed,
// not reset). Attackers and the newcomer use
// distinct loopback addresses (all of 127/8 is this machine).
import assert from "node:assert/strict";
import { once } from "node:events";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { describe, test, type TestContext } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { build } from "../helpers/app.js";
import { PAST } from "../helpers/fixtures.js";
import { sqliteFactory } from "../helpers/stores.js";

/** 3 × 4 MB of content: far more than loopback's socket buffers take from a non-reader. */
const FIELD_BYTES = 4_000_000;
/** How long a test waits for the server to act, far above the SEND_TIMEOUT_MS used here. */
const PATIENCE_MS = 15_000;
const BIG_POST = "/v1/posts/pst_big?includeContent=true";
const CLOSE = { connection: "close" };

async function serverWithBigPost(t: TestContext, limits: Record<string, string>) {
  // Load shedding off: a loaded machine's 503 would end the answer before any stall.
  const env = { MAX_EVENT_LOOP_DELAY_MS: "0", ...limits };
  const { app, store } = await build(t, sqliteFactory, env);
  const text = "a".repeat(FIELD_BYTES);
  const json = JSON.stringify({ type: "doc", content: [{ type: "text", text }] });
  const content = { json, staticHtml: `<p>${text}</p>`, markdown: text };
  const record = {
    ...{ type: "post" as const, id: "pst_big", publicationId: "pub_1", slug: "big" },
    ...{ title: "Big", status: "published" as const, publishedAt: PAST, updatedAt: PAST },
    ...{ categories: [], authorIds: [], content, rendererVersion: 1 },
  };
  const write = await store.beginWrite();
  assert.deepEqual(await write.apply([{ line: 1, record }]), []);
  await write.commit();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  // One reader fills the cache, so every attacker is sent the same body at once.
  const warm = await fetch(`http://127.0.0.1:${port}${BIG_POST}`, { headers: CLOSE });
  assert.equal((await warm.arrayBuffer()).byteLength > 3 * FIELD_BYTES, true);
  return { app, port };
}

/** Asks for the big post from `from` and never reads a byte of the answer. */
async function stalled(port: number, from: string): Promise<Socket> {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  socket.on("error", () => {});
  socket.pause();
  await once(socket, "connect");
  socket.write(`GET ${BIG_POST} HTTP/1.1\r\nHost: x\r\n\r\n`);
  return socket;
}

/** A newcomer's plain GET from its own address: the status, or the network error. */
function newcomer(port: number, from: string): Promise<number | string> {
  return new Promise((resolve) => {
    const options = { port, host: "127.0.0.1", localAddress: from, agent: false };
    const req = request({ ...options, path: "/v1/posts/pst_1" }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

const connections = (app: FastifyInstance) =>
  new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)));

/** Polls until `done` holds or PATIENCE_MS pass; true when it held. */
async function eventually(done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await sleep(50);
  }
  return false;
}

describe("clients that never read", () => {
  test("stalled responses are cut after SEND_TIMEOUT_MS; new clients are served", async (t) => {
    const env = { MAX_CONNECTIONS: "6", MAX_CONNECTIONS_PER_CLIENT: "0", SEND_TIMEOUT_MS: "500" };
    const { app, port } = await serverWithBigPost(t, env);
    const held = await Promise.all([2, 3, 4, 5, 6, 7].map((n) => stalled(port, `127.0.0.${n}`)));
    t.after(() => held.forEach((s) => s.destroy()));
    assert.ok(await eventually(async () => (await connections(app)) === 6), "all slots taken");
    const cut = await eventually(async () => (await connections(app)) === 0);
    assert.ok(cut, `stalled connections still held after ${PATIENCE_MS} ms`);
    assert.equal(await newcomer(port, "127.0.0.9"), 200);
  });

  test("one address holds at most MAX_CONNECTIONS_PER_CLIENT; others still get in", async (t) => {
    const env = { MAX_CONNECTIONS: "6", MAX_CONNECTIONS_PER_CLIENT: "2", SEND_TIMEOUT_MS: "0" };
    const { app, port } = await serverWithBigPost(t, env);
    let accepted = 0;
    app.server.on("connection", () => accepted++);
    const held = await Promise.all(Array.from({ length: 6 }, () => stalled(port, "127.0.0.2")));
    t.after(() => held.forEach((s) => s.destroy()));
    assert.ok(await eventually(async () => accepted === 6), "the server saw every connection");
    const closed = await eventually(async () => (await connections(app)) === 2);
    assert.ok(closed, "those over the per-client cap were answered and closed");
    assert.equal(await newcomer(port, "127.0.0.3"), 200);
  });

  test("past the per-client cap a request is read, answered 503 with Retry-After, closed", async (t) => {
    const env = {
      MAX_CONNECTIONS_PER_CLIENT: "2",
      SEND_TIMEOUT_MS: "0",
      MAX_EVENT_LOOP_DELAY_MS: "0",
    };
    const { app } = await build(t, sqliteFactory, env);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    let accepted = 0;
    app.server.on("connection", () => accepted++);
    // Two idle connections hold the address's whole share.
    const held = await Promise.all([1, 2].map(() => idle(port, "127.0.0.2")));
    // Closed here, not after the test: a closing server no longer times out an idle socket,
    // so the app's own close would wait for them.
    try {
      assert.ok(await eventually(async () => accepted === 2), "both held");
      const burst = 8;
      const answers = await Promise.all(
        Array.from({ length: burst }, () => oneRequest(port, "127.0.0.2", "/v1/posts/pst_1")),
      );
      for (const { data, closedByServer } of answers) {
        const [head = "", body = ""] = data.split("\r\n\r\n");
        assert.match(head, /^HTTP\/1\.1 503 /, data || "no answer: the socket was reset");
        assert.match(head, /\r\nretry-after: 1\r\n/i);
        assert.match(head, /\r\nconnection: close\r\n/i);
        assert.match(head, /\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
        const envelope = JSON.parse(body) as Record<string, unknown>;
        assert.deepEqual(Object.keys(envelope).sort(), ["error", "msg", "requestId", "success"]);
        assert.equal(envelope.error, "unavailable");
        assert.ok(closedByServer, "closed by the server once answered");
      }
      assert.equal(await newcomer(port, "127.0.0.3"), 200, "other addresses are served");
      // The turned-away connections took none of the share: freeing one lets the address in.
      held[0]!.destroy();
      assert.ok(await eventually(async () => (await connections(app)) === 1), "one released");
      assert.equal(await newcomer(port, "127.0.0.2"), 200);
    } finally {
      held.forEach((socket) => socket.destroy());
    }
  });
});

/** A connection from `from` that sends nothing. */
async function idle(port: number, from: string): Promise<Socket> {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  socket.on("error", () => {});
  await once(socket, "connect");
  return socket;
}

/** One keep-alive GET from `from`; everything the server wrote until it closed (or 10 s). */
function oneRequest(port: number, from: string, path: string) {
  return new Promise<{ data: string; closedByServer: boolean }>((resolve) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    let data = "";
    let gaveUp = false;
    const timer = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, 10_000);
    socket.on("data", (chunk: Buffer) => (data += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ data, closedByServer: !gaveUp });
    });
    socket.on("connect", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
  });
}

test("a slow reader is not cut: only a send that makes no progress is", async (t) => {
  const { port } = await serverWithBigPost(t, { SEND_TIMEOUT_MS: "1000" });
  const socket = connect({ port, host: "127.0.0.1" });
  t.after(() => socket.destroy());
  socket.write(`GET ${BIG_POST} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  // Pauses of 400 ms every 2 MB: longer in all than SEND_TIMEOUT_MS, each well under it.
  let received = 0;
  let nextPause = 2_000_000;
  socket.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received < nextPause) return;
    nextPause += 2_000_000;
    socket.pause();
    setTimeout(() => socket.resume(), 400);
  });
  const started = Date.now();
  await once(socket, "close");
  assert.ok(received > 3 * FIELD_BYTES, `got all of it (${received} bytes)`);
  t.diagnostic(`read in ${Date.now() - started} ms with SEND_TIMEOUT_MS=1000`);
});
