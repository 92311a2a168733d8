// Malformed HTTP straight on a socket, against a listening server: every one is answered
// with a 4xx (the JSON envelope, also for what Node's parser refuses) or closed, and the
// server keeps serving.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { exchange, listening, responses, stillServes } from "../helpers/raw-http.js";

const HOST = "Host: x\r\n";
const cases: Record<string, { request: string; status?: number; error?: string }> = {
  "a request line that is not HTTP": { request: "GARBAGE\r\n\r\n", status: 400 },
  "a NUL byte in the target": {
    request: `GET /v1/posts/pst\x001 HTTP/1.1\r\n${HOST}\r\n`,
    status: 400,
  },
  "a CR inside a header value (header injection)": {
    request: `GET /v1/posts/pst_1 HTTP/1.1\r\n${HOST}X-Request-Id: a\rSet-Cookie: x=y\r\n\r\n`,
    status: 400,
  },
  "headers over MAX_HEADER_BYTES": {
    request: `GET /v1/posts/pst_1 HTTP/1.1\r\n${HOST}X-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    status: 431,
    error: "headers_too_large",
  },
  "Content-Length together with Transfer-Encoding (smuggling)": {
    request: `GET /v1/posts/pst_1 HTTP/1.1\r\n${HOST}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    status: 400,
  },
  "two different Content-Lengths": {
    request: `GET /v1/posts/pst_1 HTTP/1.1\r\n${HOST}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
    status: 400,
  },
  "invalid chunked encoding": {
    request: `GET /v1/posts/pst_1 HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\nzz\r\nhi\r\n0\r\n\r\n`,
    status: 400,
  },
  "a huge method": { request: `${"A".repeat(100_000)} / HTTP/1.1\r\n${HOST}\r\n`, status: 400 },
  // Node reads a request line without a version as HTTP/0.9: answered once, then closed.
  "an HTTP/0.9-style request": { request: "GET /v1/posts/pst_1\r\n\r\n" },
  "a target over 8 KiB but under the header limit": {
    request: `GET /v1/posts/${"a".repeat(12_000)} HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`,
    status: 414,
    error: "uri_too_long",
  },
  "a target over the header limit": {
    request: `GET /v1/posts/${"a".repeat(20_000)} HTTP/1.1\r\n${HOST}\r\n`,
    status: 431,
    error: "headers_too_large",
  },
};

describe("malformed HTTP on a socket", () => {
  for (const [name, { request, status, error }] of Object.entries(cases)) {
    test(`${name}: a 4xx envelope or a close, and the server is unaffected`, async (t) => {
      const { app, port } = await listening(t, { HEADERS_TIMEOUT_MS: "1000" });
      const answer = await exchange(port, [request]);
      assert.ok(answer.closedByServer, "the server closed the connection");
      const [first, ...more] = responses(answer.data);
      for (const res of [first, ...more].filter((r) => r !== undefined)) {
        assert.ok(res.status < 500, `no 5xx (got ${res.status})`);
      }
      if (status !== undefined) {
        assert.equal(first?.status, status);
        assert.equal(first.headers["content-type"], "application/json; charset=utf-8");
        assert.equal(first.headers["access-control-allow-origin"], "*");
        assert.equal(first.headers["x-content-type-options"], "nosniff");
        assert.equal(first.headers["cache-control"], "no-store");
        const body = JSON.parse(first.body) as Record<string, unknown>;
        assert.equal(body.success, false);
        assert.equal(body.error, error ?? "invalid_parameter");
        assert.equal(body.requestId, first.headers["x-request-id"]);
        assert.doesNotMatch(answer.data, /set-cookie/i);
      }
      assert.equal(await stillServes(app), 200);
    });
  }

  test("a request id with LF, unicode or 200 characters is replaced, never echoed", async (t) => {
    const { port } = await listening(t);
    for (const id of ["abc\nSet-Cookie: x=y", "\xe9t\xe9", "a".repeat(200), "a b", "<script>"]) {
      const request = `GET /v1/posts/pst_1 HTTP/1.1\r\n${HOST}X-Request-Id: ${id}\r\nConnection: close\r\n\r\n`;
      const answer = await exchange(port, [Buffer.from(request, "latin1")]);
      const [res] = responses(answer.data);
      assert.ok(res !== undefined && res.status < 500, JSON.stringify(id));
      assert.match(res.headers["x-request-id"]!, /^[0-9a-f-]{36}$/);
      assert.doesNotMatch(answer.data, /set-cookie|<script>|aaaaaaaaaa/i);
    }
  });
});
