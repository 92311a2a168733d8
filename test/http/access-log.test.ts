// The templated access line is the same JSON line pino would write for it.
import assert from "node:assert/strict";
import { hostname } from "node:os";
import { test } from "node:test";
import { accessTemplate } from "../../src/http/edge/access-log.js";

const line = {
  reqId: "req-1.a:b",
  method: "GET",
  route: "/v1/posts/:postId",
  status: 200,
  ms: 0.031,
};

test("the template writes one JSON line with pino's fields and ours", () => {
  const written: string[] = [];
  const log = accessTemplate({ write: (l) => written.push(l) });
  log({ ...line, cache: "hit" });
  log({ ...line, status: 404, cache: null });
  assert.equal(written.length, 2);
  assert.ok(written.every((l) => l.endsWith("}\n") && !l.slice(0, -1).includes("\n")));
  const [hit, miss] = written.map((l) => JSON.parse(l));
  assert.deepEqual(
    { ...hit, time: 0 },
    {
      level: 30,
      time: 0,
      pid: process.pid,
      hostname: hostname(),
      ...line,
      cache: "hit",
      msg: "request",
    },
  );
  assert.ok(Math.abs(hit.time - Date.now()) < 60_000);
  assert.equal("cache" in miss, false);
  assert.equal(miss.status, 404);
});
