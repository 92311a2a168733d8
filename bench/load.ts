// One load run, in its own process so the loader never shares an event loop with a server.
// Prints one JSON line: requests per second, latency percentiles, errors.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

interface LoadSpec {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  seconds: number;
  connections: number;
}

const spec = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as LoadSpec;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  headers: spec.headers,
  requests: spec.paths.map((path) => ({ method: "GET", path })),
});
const statuses = {
  ok: result["2xx"],
  notFound: result["4xx"],
  errors: result.errors + result["5xx"] + result.timeouts,
};
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...statuses,
  }),
);
