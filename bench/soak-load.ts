// The soak's load generator, run as its own process so its CPU and memory stay out of the
// server's figures: back-to-back autocannon windows of mixed traffic (hits, misses, bad
// input), one JSON line per window on stdout. Usage: soak-load.js BASE_URL SECONDS WINDOW RATE
import { createRequire } from "node:module";
import { GENERATED_POSTS } from "./soak-report.js";

interface Histogram {
  p50: number;
  p99: number;
  max: number;
}
interface Result {
  requests: { total: number; average: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface LoadRequest {
  path?: string;
  setupRequest?: (request: LoadRequest) => LoadRequest;
}
type Autocannon = (options: Record<string, unknown>) => Promise<Result>;

// autocannon ships CommonJS without types of its own.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const [base = "", seconds = "600", windowSeconds = "10", rate = "0"] = process.argv.slice(2);

const pick = (n: number) => Math.floor(Math.random() * n);
const withPath = (make: () => string) => ({
  setupRequest: (request: LoadRequest) => ({ ...request, path: make() }),
});

/** One pass through this list per connection, over and over: about 60 % hits. */
const requests: LoadRequest[] = [
  withPath(() => `/v1/posts/pst_gen_${pick(GENERATED_POSTS)}`),
  withPath(() => `/v1/posts/pst_gen_${pick(GENERATED_POSTS)}?includeContent=true`),
  withPath(() => `/v1/publications/slug/generated/posts/slug/generated-${pick(GENERATED_POSTS)}`),
  withPath(() => `/v1/publications/slug/@generated/posts/slug/generated-${pick(50)}`),
  withPath(() => `/v1/posts/pst_gen_${pick(50)}?includeContent=1`),
  withPath(() => `/v1/posts/pst_gen_${pick(50)}`),
  // Misses with ever new ids: the miss cache must stay bounded.
  withPath(() => `/v1/posts/pst_missing_${pick(1_000_000_000)}`),
  { path: "/v1/posts/pst_gen_1?includeContent=maybe" },
  { path: "/v1/posts/%zz" },
  { path: `/v1/posts/${"x".repeat(9000)}` },
  { path: "/nowhere" },
  // No HEAD: autocannon's parser waits for a body after a HEAD answer and stalls.
];

const windows = Math.max(1, Math.round(Number(seconds) / Number(windowSeconds)));
for (let i = 0; i < windows; i++) {
  const result = await autocannon({
    url: base,
    connections: 16,
    duration: Number(windowSeconds),
    requests,
    ...(Number(rate) > 0 ? { overallRate: Number(rate) } : {}),
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  const line = {
    window: i,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
  console.log(JSON.stringify(line));
}
