// Connection limits: a slow client loses its connection, idle keep-alive sockets are
// closed, connections beyond MAX_CONNECTIONS are refused, and the settings are validated.
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, test } from "node:test";
import { ConfigError, loadConfig } from "../../src/config/index.js";
import { parseTrustProxy } from "../../src/config/limits.js";
import { exchange, listening, responses, stillServes } from "../helpers/raw-http.js";

const REQUEST = "GET /v1/posts/pst_1 HTTP/1.1\r\nHost: x\r\nX-Padding: slow-client\r\n\r\n";

describe("connection limits", () => {
  test("slowloris: headers trickled byte by byte are cut off by HEADERS_TIMEOUT_MS", async (t) => {
    const { app, port } = await listening(t, {
      HEADERS_TIMEOUT_MS: "300",
      REQUEST_TIMEOUT_MS: "600",
    });
    const bytes = [...REQUEST].map((c) => Buffer.from(c));
    const answer = await exchange(port, bytes, { gapMs: 50, waitMs: 20_000 });
    assert.ok(answer.closedByServer, "the server closed the connection");
    assert.ok(answer.written < REQUEST.length, "before the client finished its headers");
    const [res] = responses(answer.data);
    assert.equal(res?.status, 408);
    assert.equal(JSON.parse(res.body).error, "request_timeout");
    assert.equal(await stillServes(app), 200);
  });

  test("a connection that never sends a byte is closed too", async (t) => {
    const { port } = await listening(t, { HEADERS_TIMEOUT_MS: "200", REQUEST_TIMEOUT_MS: "400" });
    const answer = await exchange(port, [], { waitMs: 20_000 });
    assert.ok(answer.closedByServer);
  });

  test("an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS", async (t) => {
    const { port } = await listening(t, { KEEP_ALIVE_TIMEOUT_MS: "200" });
    const answer = await exchange(port, [REQUEST], { waitMs: 20_000 });
    assert.ok(answer.closedByServer);
    const [res, ...more] = responses(answer.data);
    assert.equal(res?.status, 200);
    assert.match(res.headers["keep-alive"]!, /^timeout=\d+$/);
    assert.equal(more.length, 0);
  });

  test("connections beyond MAX_CONNECTIONS are dropped; a freed slot serves again", async (t) => {
    const { app, port } = await listening(t, { MAX_CONNECTIONS: "2" });
    const open = async () => {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => {});
      await once(socket, "connect");
      return socket;
    };
    const held: Socket[] = [await open(), await open()];
    const connections = async () => {
      await sleep(10); // getConnections answers on nextTick: give I/O a turn between polls
      return new Promise<number>((r) => app.server.getConnections((_e, n) => r(n)));
    };
    // The server counts a connection once it has accepted it.
    while ((await connections()) < 2);
    const third = await open();
    const closed = once(third, "close");
    third.write(REQUEST);
    await closed;
    assert.equal(third.bytesRead, 0, "the third connection got no answer");
    held.forEach((s) => s.destroy());
    while ((await connections()) > 0);
    assert.equal(await stillServes(app), 200);
  });
});

describe("limit settings", () => {
  test("defaults are safe and documented", () => {
    const { limits } = loadConfig({});
    assert.deepEqual(
      { ...limits },
      {
        trustProxy: false,
        maxHeaderBytes: 16384,
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 72_000,
        sendTimeoutMs: 30_000,
        maxConnections: 10_000,
        maxConnectionsPerClient: 256,
        maxEventLoopDelayMs: 1_000,
        shutdownTimeoutMs: 10_000,
      },
    );
  });

  test("bad values are refused with a message naming the variable", () => {
    const bad: Record<string, string>[] = [
      { MAX_HEADER_BYTES: "10" },
      { HEADERS_TIMEOUT_MS: "0" },
      { HEADERS_TIMEOUT_MS: "5000", REQUEST_TIMEOUT_MS: "1000" },
      { MAX_CONNECTIONS: "-1" },
      { MAX_CONNECTIONS_PER_CLIENT: "many" },
      { SEND_TIMEOUT_MS: "-5" },
      { MAX_EVENT_LOOP_DELAY_MS: "soon" },
      { SHUTDOWN_TIMEOUT_MS: "" },
      { TRUST_PROXY: "10.0.0.0/33" },
      { TRUST_PROXY: "example.com" },
    ];
    for (const env of bad) {
      const name = Object.keys(env).at(-1)!;
      assert.throws(
        () => loadConfig(env),
        (e: Error) => e instanceof ConfigError && e.message.includes(name.split("_")[0]!),
        JSON.stringify(env),
      );
    }
  });

  test("TRUST_PROXY: false, true, a hop count or a list of addresses and CIDRs", () => {
    assert.equal(parseTrustProxy("false"), false);
    assert.equal(parseTrustProxy("TRUE"), true);
    assert.equal(parseTrustProxy("2"), 2);
    assert.deepEqual(parseTrustProxy("10.0.0.0/8, ::1,loopback"), [
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
  });
});
