// Prometheus metrics of one app: its own Registry (never the global one, so a process or a
// test can hold many apps), requests by route pattern and status, store latency, and the
// cache and import totals read at scrape time rather than counted twice.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { logTotals } from "../../logging.js";
import { importTotals } from "../../posts/import-counters.js";
import type { CacheStats } from "../../posts/post-cache.js";

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

type Child = { count: Counter.Internal; duration: Histogram.Internal<string> };

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"route" | "method" | "status">;
  private readonly durations: Histogram<"route" | "method" | "status">;
  private readonly storeDurations: Histogram<"operation">;
  // Label lookups hash their values; a request only does a Map lookup on a string it builds.
  private readonly children = new Map<string, Child>();

  constructor(cacheStats: () => CacheStats) {
    const registers = [this.registry];
    const labelNames = ["route", "method", "status"] as const;
    this.requests = new Counter({
      name: "folio_http_requests_total",
      help: "HTTP requests answered",
      labelNames,
      registers,
    });
    this.durations = new Histogram({
      name: "folio_http_request_duration_seconds",
      help: "Time from request received to response sent",
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.storeDurations = new Histogram({
      name: "folio_store_query_duration_seconds",
      help: "Time the store took to answer, by operation",
      labelNames: ["operation"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    // 1 per process: summed over workers, it says how many a scrape covers.
    new Gauge({
      name: "folio_processes",
      help: "Folio processes whose metrics this answer includes",
      registers,
      collect: setGauge(() => 1),
    });
    this.cacheMetrics(cacheStats);
    this.importMetrics();
    new Counter({
      name: "folio_log_lines_dropped_total",
      help: "Log lines dropped because stdout was not taking them as fast as they came",
      registers: [this.registry],
      collect: setCounter(() => logTotals.dropped),
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** route: the route pattern (never the raw URL, which would be unbounded). */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const key = `${route} ${method} ${status}`;
    let child = this.children.get(key);
    if (child === undefined) {
      const labels = { route, method, status: String(status) };
      child = { count: this.requests.labels(labels), duration: this.durations.labels(labels) };
      this.children.set(key, child);
    }
    child.count.inc();
    child.duration.observe(seconds);
  }

  readonly observeStoreQuery = (operation: string, seconds: number): void => {
    this.storeDurations.labels(operation).observe(seconds);
  };

  private cacheMetrics(stats: () => CacheStats): void {
    const registers = [this.registry];
    const total = (name: string, help: string, read: (s: CacheStats) => number) =>
      new Counter({ name, help, registers, collect: setCounter(() => read(stats())) });
    const gauge = (name: string, help: string, read: (s: CacheStats) => number) =>
      new Gauge({ name, help, registers, collect: setGauge(() => read(stats())) });
    total("folio_cache_hits_total", "Lookups answered from the response cache", (s) => s.hits);
    total("folio_cache_misses_total", "Lookups that went to the store", (s) => s.misses);
    total(
      "folio_cache_evictions_total",
      "Entries evicted to stay within the byte budget",
      (s) => s.evictions,
    );
    const held =
      "the response caches hold (posts, misses, slug keys, lists; CACHE_MAX_BYTES bounds all)";
    gauge("folio_cache_bytes", `Bytes ${held}`, (s) => s.bytes);
    gauge("folio_cache_entries", `Entries ${held}`, (s) => s.entries);
    gauge(
      "folio_cache_slab_bytes",
      "Bytes of the slabs the post cache keeps bodies in, free space included",
      (s) => s.held,
    );
  }

  private importMetrics(): void {
    const registers = [this.registry];
    const total = (name: string, help: string, read: () => number) =>
      new Counter({ name, help, registers, collect: setCounter(read) });
    total("folio_import_runs_total", "Imports run in this process", () => importTotals.runs);
    total("folio_import_records_read_total", "Import records read", () => importTotals.read);
    total(
      "folio_import_records_written_total",
      "Import records written",
      () => importTotals.written,
    );
    total(
      "folio_import_records_rejected_total",
      "Import records rejected",
      () => importTotals.rejected,
    );
  }
}

// prom-client counters only go up by inc(); a total kept elsewhere is copied in at scrape.
function setCounter(read: () => number) {
  return function (this: Counter) {
    this.reset();
    this.inc(read());
  };
}

function setGauge(read: () => number) {
  return function (this: Gauge) {
    this.set(read());
  };
}
