// The soak's table and verdict: least-squares slope of RSS and open fds over time.

/** Posts in the soak's store; the load picks among them. */
export const GENERATED_POSTS = 2000;

export interface Sample {
  t: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  rssMb: number;
  fds: number;
  errors: number;
  status5xx: number;
}

/** Least-squares slope of y over x. */
export function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

export function table(samples: Sample[]): string {
  const head = ["t (s)", "req/s", "p50 ms", "p99 ms", "max ms", "RSS MB", "fds", "errors", "5xx"];
  return [
    row(head),
    row(head.map(() => "---")),
    ...samples.map((s) =>
      row([
        s.t,
        Math.round(s.rps),
        s.p50,
        s.p99,
        s.max,
        s.rssMb.toFixed(1),
        s.fds,
        s.errors,
        s.status5xx,
      ]),
    ),
  ].join("\n");
}

/** Growth is judged after the first minute: caches and JIT fill up first, by design. */
export function verdict(samples: Sample[]): string[] {
  const settled = samples.filter((s) => s.t > 60);
  const use = settled.length >= 3 ? settled : samples;
  const ts = use.map((s) => s.t / 60);
  const rssSlope = slope(
    ts,
    use.map((s) => s.rssMb),
  );
  const fdSlope = slope(
    ts,
    use.map((s) => s.fds),
  );
  const minutes = (use.at(-1)!.t - use[0]!.t) / 60;
  const medianRss = [...use.map((s) => s.rssMb)].sort((a, b) => a - b)[use.length >> 1]!;
  const rssGrowth = rssSlope * minutes;
  const rssFlat = Math.abs(rssGrowth) < Math.max(5, medianRss * 0.1);
  const fdFlat = Math.abs(fdSlope * minutes) < 5;
  const fivexx = samples.reduce((n, s) => n + s.status5xx, 0);
  const first = samples[0]!;
  const last = samples.at(-1)!;
  return [
    `RSS ${first.rssMb.toFixed(1)} MB at start, ${last.rssMb.toFixed(1)} MB at end; ` +
      `slope after the first minute ${rssSlope.toFixed(3)} MB/min ` +
      `(${rssGrowth.toFixed(1)} MB over ${minutes.toFixed(1)} min): ${rssFlat ? "flat" : "GROWING"}`,
    `open fds ${first.fds} → ${last.fds}; slope ${fdSlope.toFixed(3)}/min: ${fdFlat ? "flat" : "GROWING"}`,
    `p99 ${first.p99} ms in the first window, ${last.p99} ms in the last`,
    `5xx answers: ${fivexx}`,
    `verdict: ${rssFlat && fdFlat && fivexx === 0 ? "PASS — no leak, no 5xx" : "FAIL"}`,
  ];
}
