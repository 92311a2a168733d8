// Writes the benchmark data set as an NDJSON file, for timing `folio import` as a user runs it:
//   node dist/bench/make-ndjson.js 100000 bench/data/posts-100k.ndjson [markdown]
// `markdown`: posts carry a ~5 KB Markdown body (bench/import-threads.ts) instead of a document.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { lines } from "./data.js";

const [count = "100000", file = "bench/data/posts.ndjson", kind] = process.argv.slice(2);
const out = createWriteStream(file);
for (const line of lines(Number(count), kind === "markdown")) {
  if (!out.write(line + "\n")) await once(out, "drain");
}
out.end();
await once(out, "finish");
console.log(`wrote ${count} posts to ${file}`);
