// request.log is made on its first line: until then no pino child exists, and its lines are a
// child's lines (the request's id bound, the parent's level kept).
import { test } from "node:test";
import assert from "node:assert/strict";
import pino from "pino";
import { RequestLogger } from "../../src/http/edge/request-logger.js";

function parentLogger(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const parent = pino({ level }, stream);
  let children = 0;
  const child = parent.child;
  // Counted wherever it is called from: a child's own children inherit this method.
  parent.child = function (this: pino.Logger, ...args: Parameters<typeof child>) {
    children++;
    return child.apply(this, args);
  } as never;
  return { parent, lines, children: () => children };
}

test("no child is made for a request that writes no line of its own", () => {
  const { parent, children } = parentLogger();
  const log = new RequestLogger(parent, { reqId: "r1" }, {});
  assert.equal(log.level, "info");
  assert.equal(children(), 0);
});

test("a line carries the request's id and is written at the parent's level", () => {
  const { parent, lines, children } = parentLogger("warn");
  const log = new RequestLogger(parent, { reqId: "r2" }, {});
  log.info("not written");
  log.warn({ status: 503 }, "store unavailable");
  log.error("failed");
  assert.equal(children(), 1);
  assert.deepEqual(
    lines.map((l) => [l.reqId, l.level, l.msg, l.status]),
    [
      ["r2", 40, "store unavailable", 503],
      ["r2", 50, "failed", undefined],
    ],
  );
});

test("a route's own level is kept, and a grandchild keeps both bindings", () => {
  const { parent, lines } = parentLogger("info");
  const log = new RequestLogger(parent, { reqId: "r3" }, { level: "error" });
  assert.equal(log.level, "error");
  log.warn("not written");
  log.child({ step: "x" }).error("written");
  assert.deepEqual(
    lines.map((l) => [l.reqId, l.step, l.msg]),
    [["r3", "x", "written"]],
  );
});
