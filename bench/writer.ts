// The steady writer of the authoring benchmark (bench/writes.ts), in a process of its own:
// creates posts at a fixed rate (open loop: request k is due at k / rate seconds, whether or
// not earlier ones have answered) for a given time, then prints what it achieved as JSON.
// Latency counts from the moment a request was due, so a server that falls behind shows it.
// Usage: node dist/bench/writer.js SPEC.json (a WriterSpec).
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";

export interface WriterSpec {
  url: string;
  key: string;
  /** Creates per second. */
  rate: number;
  seconds: number;
  titlePrefix: string;
  /** The JSON object after the title: `"status":…,"markdown":…}`. */
  tail: string;
}

export interface WriterResult {
  sent: number;
  ok: number;
  failed: number;
  /** Completed creates per second over the run. */
  achieved: number;
  p50: number;
  p99: number;
}

const spec = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as WriterSpec;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const target = new URL("/v1/posts", spec.url);
const latencies: number[] = [];
let [sent, ok, failed] = [0, 0, 0];

function create(n: number, due: number): Promise<void> {
  const body = `{"title":${JSON.stringify(`${spec.titlePrefix} ${n}`)},${spec.tail}`;
  return new Promise((done) => {
    const req = request(
      target,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${spec.key}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.once("end", () => {
          if (res.statusCode === 200) ok++;
          else failed++;
          latencies.push(performance.now() - due);
          done();
        });
      },
    );
    req.once("error", () => (failed++, done()));
    req.end(body);
  });
}

const started = performance.now();
const pending: Promise<void>[] = [];
await new Promise<void>((finish) => {
  const timer = setInterval(() => {
    const elapsed = performance.now() - started;
    // Request k is due at k / rate seconds: the count due by now includes the one at 0.
    const due = Math.min(Math.floor((elapsed / 1000) * spec.rate) + 1, spec.rate * spec.seconds);
    while (sent < due) {
      pending.push(create(sent, started + (sent * 1000) / spec.rate));
      sent++;
    }
    if (elapsed >= spec.seconds * 1000) {
      clearInterval(timer);
      finish();
    }
  }, 5);
});
await Promise.all(pending);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) => {
  const value = latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return Math.round(value * 100) / 100;
};
const result: WriterResult = {
  sent,
  ok,
  failed,
  achieved: ok / seconds,
  p50: at(0.5),
  p99: at(0.99),
};
console.log(JSON.stringify(result));
