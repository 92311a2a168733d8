// Rate limiting per client address, load shedding under event-loop delay, and the
// security headers on every kind of answer.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { build } from "../helpers/app.js";
import { sqliteFactory } from "../helpers/stores.js";

const get = (app: FastifyInstance, remoteAddress: string, headers = {}) =>
  app.inject({ url: "/v1/posts/pst_1", remoteAddress, headers });

function assertEnvelope(res: Awaited<ReturnType<FastifyInstance["inject"]>>, error: string) {
  assert.equal(res.json().error, error);
  assert.equal(res.json().requestId, res.headers["x-request-id"]);
  assert.equal(res.headers["access-control-allow-origin"], "*");
  assert.equal(res.headers["cache-control"], "no-store");
}

describe("rate limiting", () => {
  test("the 6th request in a minute at RATE_LIMIT=5 is a 429 envelope with its headers", async (t) => {
    const { app } = await build(t, sqliteFactory, { RATE_LIMIT: "5" });
    for (let i = 0; i < 5; i++) {
      const res = await get(app, "10.0.0.1");
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["ratelimit-remaining"], String(4 - i));
    }
    const limited = await get(app, "10.0.0.1", { "x-request-id": "over-the-limit" });
    assert.equal(limited.statusCode, 429);
    assertEnvelope(limited, "rate_limited");
    assert.equal(limited.headers["x-request-id"], "over-the-limit");
    assert.match(String(limited.headers["retry-after"]), /^\d+$/);
    assert.equal(limited.headers["ratelimit-limit"], "5");
    assert.equal(limited.headers["ratelimit-remaining"], "0");
    assert.match(String(limited.headers["ratelimit-reset"]), /^\d+$/);
    assert.equal(
      limited.headers["content-security-policy"],
      "default-src 'none'; frame-ancestors 'none'",
    );
    assert.equal((await get(app, "10.0.0.2")).statusCode, 200, "another client is not limited");
  });

  test("without TRUST_PROXY a spoofed X-Forwarded-For does not escape the limit", async (t) => {
    const { app } = await build(t, sqliteFactory, { RATE_LIMIT: "2" });
    const spoofed = (n: number) => get(app, "10.0.0.1", { "x-forwarded-for": `192.0.2.${n}` });
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await spoofed(n)).statusCode);
    assert.deepEqual(statuses, [200, 200, 429, 429]);
  });

  test("with TRUST_PROXY the forwarded address is the client", async (t) => {
    const { app } = await build(t, sqliteFactory, { RATE_LIMIT: "2", TRUST_PROXY: "10.0.0.0/8" });
    const via = (client: string) => get(app, "10.0.0.1", { "x-forwarded-for": client });
    assert.deepEqual(
      [(await via("192.0.2.1")).statusCode, (await via("192.0.2.1")).statusCode],
      [200, 200],
    );
    assert.equal((await via("192.0.2.1")).statusCode, 429);
    assert.equal((await via("192.0.2.2")).statusCode, 200, "a different client behind the proxy");
    // A proxy outside the trusted range cannot choose the client address.
    const untrusted = (client: string) => get(app, "203.0.113.9", { "x-forwarded-for": client });
    const results = [];
    for (let n = 0; n < 3; n++) results.push((await untrusted(`192.0.2.${10 + n}`)).statusCode);
    assert.deepEqual(results, [200, 200, 429]);
  });

  test("RATE_LIMIT=0 turns it off; routes with config.rateLimit false are exempt", async (t) => {
    const off = await build(t, sqliteFactory, { RATE_LIMIT: "0" });
    for (let i = 0; i < 20; i++) assert.equal((await get(off.app, "10.0.0.1")).statusCode, 200);
    assert.equal((await get(off.app, "10.0.0.1")).headers["ratelimit-limit"], undefined);

    const { app } = await build(t, sqliteFactory, { RATE_LIMIT: "1" });
    app.get("/probe", { config: { rateLimit: false } }, async () => ({ ok: true }));
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ url: "/probe", remoteAddress: "10.0.0.1" });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["ratelimit-limit"], undefined);
    }
  });
});

describe("load shedding", () => {
  test("a node's own start, however long it blocked the loop, sheds none of its first requests", async (t) => {
    const { app } = await build(t, sqliteFactory, { MAX_EVENT_LOOP_DELAY_MS: "50" });
    await app.ready();
    await sleep(50);
    // A slow start: loading and compiling for longer than a sampling interval, then the
    // sample that follows it, before the node listens.
    const until = Date.now() + 1200;
    while (Date.now() < until);
    await sleep(20);
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    assert.equal(app.isUnderPressure(), false);
    assert.equal((await fetch(`${base}/v1/posts/pst_1`)).status, 200);
  });

  test("after the event loop is blocked past MAX_EVENT_LOOP_DELAY_MS: 503 with Retry-After, then recovery", async (t) => {
    const { app } = await build(t, sqliteFactory, { MAX_EVENT_LOOP_DELAY_MS: "50" });
    // Over real HTTP too: every request takes the one path, which sheds.
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    assert.equal((await app.inject("/v1/posts/pst_1")).statusCode, 200);
    assert.equal(app.isUnderPressure(), false);
    // Node's delay histogram records from its second tick on: let it tick before blocking
    // (a start that happens to do no I/O would otherwise hide the whole stall).
    await sleep(50);
    // Busy for longer than one sampling interval (1 s), so the next sample sees the delay.
    const until = Date.now() + 1200;
    while (Date.now() < until);
    let res = await app.inject("/v1/posts/pst_1");
    for (let i = 0; i < 100 && res.statusCode === 200; i++) {
      await sleep(20);
      res = await app.inject("/v1/posts/pst_1");
    }
    assert.equal(res.statusCode, 503);
    assertEnvelope(res, "unavailable");
    assert.match(String(res.headers["retry-after"]), /^\d+$/);
    assert.equal(app.isUnderPressure(), true);
    const overHttp = await fetch(`${base}/v1/posts/pst_1`);
    // The state is sampled on a timer: assert only if it held across the request.
    if (app.isUnderPressure()) assert.equal(overHttp.status, 503);
    for (let i = 0; i < 200 && res.statusCode === 503; i++) {
      await sleep(20);
      res = await app.inject("/v1/posts/pst_1");
    }
    assert.equal(res.statusCode, 200, "recovered once the loop is free again");
  });
});
