// What one page costs the theme engine alone: each page template rendered with the theme's
// own sample, in this checkout and (BENCH_BEFORE, another checkout with dist built) in an
// older one, alternated in one run. Prints µs per render and the load average around it.
// Run: npm run build && node dist/bench/theme-render.js
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const PAGES = ["post", "publication", "front"] as const;
const RENDERS = 10_000;
const ROUNDS = 2;

interface Renderer {
  render(name: string, model: object): string;
}

async function load(root: string) {
  const url = (file: string) => pathToFileURL(resolve(root, "dist/src/site", file)).href;
  const theme = await import(url("theme.js"));
  const sample = await import(url("theme-sample.js"));
  const loaded = theme.Theme.load(theme.DEFAULT_THEME_DIR) as Renderer & { cssPath: string };
  return { theme: loaded, samples: sample.sampleModels(loaded.cssPath) as Record<string, object> };
}

function timeOne(theme: Renderer, name: string, model: object): number {
  for (let i = 0; i < RENDERS / 4; i++) theme.render(name, model);
  const start = performance.now();
  for (let i = 0; i < RENDERS; i++) theme.render(name, model);
  return ((performance.now() - start) / RENDERS) * 1000;
}

const roots = [["this checkout", "."]];
if (process.env.BENCH_BEFORE !== undefined) roots.push(["before", process.env.BENCH_BEFORE]);
const builds = await Promise.all(
  roots.map(async ([label, root]) => ({ label, ...(await load(root!)) })),
);
console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
for (let round = 1; round <= ROUNDS; round++) {
  for (const { label, theme, samples } of builds) {
    const times = PAGES.map(
      (name) => `${name} ${timeOne(theme, name, samples[name]!).toFixed(1)} µs`,
    );
    console.log(`round ${round}, ${label}: ${times.join(", ")}`);
  }
}
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
