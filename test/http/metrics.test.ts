// /metrics: Prometheus text with requests by route pattern, cache, store and import totals.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loadConfig, ConfigError } from "../../src/config/index.js";
import { importNdjson } from "../../src/import/run-import.js";
import { build } from "../helpers/app.js";
import { ndjson } from "../helpers/fixtures.js";
import { serve } from "../helpers/served.js";
import { storeFactories } from "../helpers/stores.js";

/** The value of one sample line, e.g. `name{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const byIdOk = 'route="/v1/posts/:postId",method="GET",status="200"';
/** /metrics on the API's port only when asked. */
const ON_API_PORT = { METRICS_ON_API_PORT: "true" };

for (const factory of await storeFactories()) {
  describe(`metrics (${factory.name})`, () => {
    test("counts requests by route pattern and status, never by raw URL", async (t) => {
      const { app } = await build(t, factory, ON_API_PORT);
      await app.inject("/v1/posts/pst_1");
      await app.inject("/v1/posts/pst_1");
      await app.inject("/v1/posts/pst_draft");
      // Deeper than any site page: a path no route matches (`/:postSlug` is a custom domain's post).
      await app.inject("/secret-path-xyz/no/route");
      const res = await app.inject("/metrics");
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers["content-type"]), /^text\/plain; version=0\.0\.4/);
      const text = res.body;
      assert.equal(sample(text, `folio_http_requests_total{${byIdOk}}`), 2);
      assert.equal(sample(text, `folio_http_requests_total{${byIdOk.replace("200", "404")}}`), 1);
      assert.equal(sample(text, `folio_http_request_duration_seconds_count{${byIdOk}}`), 2);
      assert.equal(
        sample(text, 'folio_http_requests_total{route="(unmatched)",method="GET",status="404"}'),
        1,
      );
      assert.doesNotMatch(text, /secret-path-xyz|pst_1/);
    });

    test("reports the cache's own counts, store latency and default process metrics", async (t) => {
      const { app } = await build(t, factory, ON_API_PORT);
      for (let i = 0; i < 3; i++) await app.inject("/v1/posts/pst_1");
      const text = (await app.inject("/metrics")).body;
      const stats = app.postCache.snapshot();
      assert.equal(stats.hits, 2);
      assert.equal(sample(text, "folio_cache_hits_total"), stats.hits);
      assert.equal(sample(text, "folio_cache_misses_total"), stats.misses);
      // The post and its slug key: both counted against the bound.
      assert.equal(sample(text, "folio_cache_entries"), 2);
      assert.equal(sample(text, "folio_cache_bytes"), stats.bytes);
      // The post's body, in a slab the cache holds.
      assert.ok(stats.held > 0);
      assert.equal(sample(text, "folio_cache_slab_bytes"), stats.held);
      assert.equal(sample(text, "folio_cache_evictions_total"), 0);
      assert.equal(
        sample(text, 'folio_store_query_duration_seconds_count{operation="findStoredById"}'),
        1,
      );
      assert.match(text, /^process_cpu_user_seconds_total /m);
      assert.match(text, /^nodejs_heap_size_used_bytes /m);
    });

    test("counts records of in-process imports", async (t) => {
      const { app, store } = await build(t, factory, ON_API_PORT);
      const before = (await app.inject("/metrics")).body;
      const good = { type: "publication", id: "pub_m", slug: "metrics", name: "M" };
      const bad = { type: "publication", id: "pub_x", slug: "" };
      await importNdjson(store, ndjson([good, bad]), { partial: true });
      const after = (await app.inject("/metrics")).body;
      const delta = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
      assert.equal(delta("folio_import_runs_total"), 1);
      assert.equal(delta("folio_import_records_read_total"), 2);
      assert.equal(delta("folio_import_records_written_total"), 1);
      assert.equal(delta("folio_import_records_rejected_total"), 1);
    });

    test("each app has its own registry", async (t) => {
      const first = await build(t, factory, ON_API_PORT);
      const second = await build(t, factory, ON_API_PORT);
      await first.app.inject("/v1/posts/pst_1");
      const text = (await second.app.inject("/metrics")).body;
      assert.equal(sample(text, `folio_http_requests_total{${byIdOk}}`), undefined);
    });

    test("the API's port has no /metrics unless METRICS_ON_API_PORT=true", async (t) => {
      for (const env of [{}, { METRICS_PORT: "9464" }, { METRICS_ON_API_PORT: "false" }]) {
        const { app } = await build(t, factory, env);
        const res = await app.inject("/metrics");
        assert.equal(res.statusCode, 404, JSON.stringify(env));
        assert.doesNotMatch(res.body, /folio_|process_cpu/);
      }
      const { app } = await build(t, factory, { METRICS_PORT: "9464", ...ON_API_PORT });
      assert.equal((await app.inject("/metrics")).statusCode, 200);
    });

    test("served nowhere, nothing is observed; on METRICS_PORT alone, all of it", async (t) => {
      const { app: unserved } = await build(t, factory, {});
      assert.equal(unserved.metrics, undefined);
      assert.equal((await unserved.inject("/v1/posts/pst_1")).statusCode, 200);
      // A worker shares METRICS_PORT with its primary, which serves what the worker observed.
      const { app: served } = await build(t, factory, { METRICS_PORT: "9464" });
      await served.inject("/v1/posts/pst_1");
      const text = await served.metrics!.registry.metrics();
      assert.equal(sample(text, `folio_http_requests_total{${byIdOk}}`), 1);
      assert.match(text, /^folio_store_query_duration_seconds_count\{operation="\w+"\} [1-9]/m);
    });
  });
}

test("METRICS_PORT and METRICS_ON_API_PORT are validated; unset means no metrics served", () => {
  assert.equal(loadConfig({}).metricsPort, undefined);
  assert.equal(loadConfig({}).metricsOnApiPort, false);
  assert.equal(loadConfig({ METRICS_ON_API_PORT: "TRUE" }).metricsOnApiPort, true);
  assert.throws(() => loadConfig({ METRICS_ON_API_PORT: "yes please" }), ConfigError);
  assert.equal(loadConfig({ METRICS_PORT: "" }).metricsPort, undefined);
  assert.equal(loadConfig({ METRICS_PORT: "9464" }).metricsPort, 9464);
  assert.throws(() => loadConfig({ METRICS_PORT: "metrics" }), ConfigError);
  assert.throws(() => loadConfig({ METRICS_PORT: "70000" }), ConfigError);
});

test("folio serve with METRICS_PORT serves /metrics there and only there", async (t) => {
  const { base, server } = await serve(t, { env: { METRICS_PORT: "0" } });
  const match = /Metrics: (http:\/\/\S+)\/metrics/.exec(server.output());
  assert.ok(match, server.output());
  const metricsBase = match[1]!;
  assert.notEqual(metricsBase, base);
  assert.equal((await fetch(`${base}/v1/posts/pst_welcome`)).status, 200);
  const res = await fetch(`${metricsBase}/metrics`);
  assert.equal(res.status, 200);
  assert.equal(sample(await res.text(), `folio_http_requests_total{${byIdOk}}`), 1);
  assert.equal((await fetch(`${metricsBase}/other`)).status, 404);
  assert.equal((await fetch(`${base}/metrics`)).status, 404);
});
