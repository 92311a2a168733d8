// FOLIO_WORKERS=2: /metrics (on METRICS_PORT, and on the API's port when asked) reports the
// whole process, every worker summed, whichever worker or port a scrape reaches.
import assert from "node:assert/strict";
import { test } from "node:test";
import { serve } from "../helpers/served.js";

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const byIdOk = 'folio_http_requests_total{route="/v1/posts/:postId",method="GET",status="200"}';
const REQUESTS = 8;

test("two workers: every scrape counts both workers' requests", async (t) => {
  const env = { FOLIO_WORKERS: "2", METRICS_PORT: "0", METRICS_ON_API_PORT: "true" };
  const { base, server } = await serve(t, { env });
  const metricsBase = /Metrics: (http:\/\/\S+)\/metrics/.exec(server.output())?.[1];
  assert.ok(metricsBase && metricsBase !== base, server.output());
  // One connection per request: the primary hands connections to the workers in turn.
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(`${base}/v1/posts/pst_welcome`, { headers: { connection: "close" } });
    assert.equal(res.status, 200);
  }
  for (const url of [`${metricsBase}/metrics`, `${base}/metrics`, `${base}/metrics`]) {
    const res = await fetch(url, { headers: { connection: "close" } });
    assert.equal(res.status, 200, url);
    const text = await res.text();
    assert.equal(sample(text, "folio_processes"), 2, `${url}: both workers report`);
    assert.equal(sample(text, byIdOk), REQUESTS, `${url}: all requests counted`);
  }
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});
