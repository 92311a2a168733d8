// One attempt's safety: non-public targets refused after DNS, no redirects,
// the answer's body read only up to a small limit, a timeout on the whole attempt; and a
// signature the independent `standardwebhooks` package accepts.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { isForbiddenAddress } from "../../src/webhooks/address-guard.js";
import { checkUrl } from "../../src/webhooks/endpoints.js";
import { UNREACHABLE_TARGET, publicReason } from "../../src/webhooks/failure.js";
import { MAX_BODY_BYTES, createSender } from "../../src/webhooks/sender.js";
import { newSecret, webhookHeaders } from "../../src/webhooks/signature.js";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function server(t: { after(f: () => void): void }, handler: Handler) {
  let hits = 0;
  const s = createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  t.after(() => {
    s.closeAllConnections();
    s.close();
  });
  return { port: (s.address() as AddressInfo).port, hits: () => hits };
}

const sender = (t: { after(f: () => void): void }) => {
  const send = createSender(4);
  t.after(() => send.close());
  return send;
};
const request = (url: string, allowPrivate = true, timeoutMs = 2000) => ({
  url,
  body: "{}",
  headers: {},
  timeoutMs,
  allowPrivate,
});

test("loopback, private, link-local and metadata addresses are non-public; public ones are not", () => {
  const refused = [
    "127.0.0.1",
    "10.1.2.3",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.100.100.200",
    "0.0.0.0",
    "::1",
    "fe80::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "224.0.0.1",
    "not-an-ip",
    // IPv6 that a translator turns into a private IPv4 address, and documentation ranges.
    "64:ff9b::10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "64:FF9B:0:0:0:0:7f00:1",
    "2002:c0a8:0101::1",
    "2002:a00:1::",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:db8::1",
    "192.0.2.10",
    "203.0.113.5",
  ];
  const allowed = ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"].concat([
    "64:ff9b::8.8.8.8",
    "2002:0808:0808::1",
    "1:2:3:4:5:6:8.8.8.8",
  ]);
  for (const a of refused) assert.equal(isForbiddenAddress(a), true, a);
  for (const a of allowed) assert.equal(isForbiddenAddress(a), false, a);
});

test("IPv4-compatible and IPv4-translated addresses are judged by the IPv4 address they carry", () => {
  const refused = [
    "::127.0.0.1",
    "::7f00:1",
    "::10.0.0.1",
    "::169.254.169.254",
    "::ffff:0:127.0.0.1",
    "::ffff:0:7f00:1",
    "0:0:0:0:ffff:0:a9fe:a9fe",
    "::ffff:0:192.168.0.1",
  ];
  for (const a of refused) assert.equal(isForbiddenAddress(a), true, a);
  for (const a of ["::8.8.8.8", "::ffff:0:8.8.8.8", "::808:808"]) {
    assert.equal(isForbiddenAddress(a), false, a);
  }
  // As a person writes them in a URL (the URL parser rewrites both into hexadecimal groups).
  for (const host of ["[::127.0.0.1]", "[::ffff:0:127.0.0.1]", "[::ffff:0:10.1.2.3]"]) {
    assert.throws(() => checkUrl(`http://${host}:8080/`, false), /refused/, host);
  }
  assert.equal(checkUrl("http://[::8.8.8.8]/", false), "http://[::808:808]/");
});

test("a name resolving to a non-public address is refused when connecting; a literal before", async (t) => {
  const target = await server(t, (_q, r) => r.end());
  const send = sender(t);
  const byName = await send(request(`http://localhost:${target.port}/`, false));
  assert.ok(
    "error" in byName &&
      /localhost resolves to (127\.0\.0\.1|::1), a non-public address/.test(byName.error),
    JSON.stringify(byName),
  );
  const literal = await send(request(`http://127.0.0.1:${target.port}/`, false));
  assert.deepEqual(literal, {
    error: "refused: 127.0.0.1 is a non-public address",
    kind: "refused",
  });
  assert.equal("kind" in byName && byName.kind, "refused");
  assert.match("error" in byName ? byName.error : "", /^refused: localhost resolves to/);
  assert.equal(target.hits(), 0);
  assert.throws(() => checkUrl(`http://[::ffff:127.0.0.1]/`, false), /refused/);
  assert.equal(
    checkUrl(`http://127.0.0.1:${target.port}/x`, true),
    `http://127.0.0.1:${target.port}/x`,
  );
});

test("a name that does not resolve is told apart from a refused one, for the operator only", async (t) => {
  const result = await sender(t)(request("http://folio-nowhere.invalid/", false));
  assert.ok("kind" in result && result.kind === "unresolved", JSON.stringify(result));
  assert.match(result.error, /^unresolved: .*folio-nowhere\.invalid/);
  // What a key holder reads of it, of a refusal, of an earlier row and of a receiver's answer.
  const refusal = "refused: db.internal resolves to 10.0.0.5, a non-public address";
  const earlier = "db.internal resolves to 10.0.0.5, a non-public address";
  for (const stored of [result.error, refusal, earlier, "getaddrinfo ENOTFOUND db.internal"]) {
    assert.equal(publicReason(stored), UNREACHABLE_TARGET, stored);
  }
  for (const own of [
    "HTTP 500: resolves to nothing",
    "redirect not followed",
    "no answer within 5 ms",
  ]) {
    assert.equal(publicReason(own), own);
  }
});

test("a redirect is not followed", async (t) => {
  const elsewhere = await server(t, (_q, r) => r.end());
  const target = await server(t, (_q, r) =>
    r.writeHead(307, { location: `http://127.0.0.1:${elsewhere.port}/` }).end(),
  );
  const result = await sender(t)(request(`http://127.0.0.1:${target.port}/`));
  assert.deepEqual({ ...result, text: "" }, { status: 307, text: "" });
  assert.equal(elsewhere.hits(), 0);
});

test("an endless answer is read only up to the limit, and the attempt ends", async (t) => {
  const target = await server(t, (_q, r) => {
    r.writeHead(500);
    const chunk = "x".repeat(1024);
    const more = () => r.write(chunk) && setImmediate(more);
    r.on("drain", more);
    more();
  });
  const result = await sender(t)(request(`http://127.0.0.1:${target.port}/`, true, 30_000));
  assert.ok("status" in result, JSON.stringify(result).slice(0, 200));
  assert.equal(result.status, 500);
  assert.ok(result.text.length <= MAX_BODY_BYTES);
});

test("a receiver that never answers ends the attempt at its timeout", async (t) => {
  const target = await server(t, () => {});
  const result = await sender(t)(request(`http://127.0.0.1:${target.port}/`, true, 200));
  assert.deepEqual(result, { error: "no answer within 200 ms", kind: "network" });
});

test("the signature verifies with the standardwebhooks package, and fails on any change", () => {
  const secret = newSecret();
  const body = JSON.stringify({ type: "post.published", data: { post: { id: "p" } } });
  const headers = webhookHeaders(secret, "msg_1", Date.now(), body);
  assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
  assert.throws(() => new Webhook(secret).verify(body.replace("p", "q"), headers));
  assert.throws(() => new Webhook(newSecret()).verify(body, headers));
  assert.throws(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_2" }));
});
