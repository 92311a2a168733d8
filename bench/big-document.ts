// Imports one post with a ~10 MB document through `folio import` while a reader polls a
// served post, and reports how long the import took and the reader's worst latency.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startFolio } from "./servers.js";

const FOLIO = fileURLToPath(new URL("../../bin/folio.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "folio-bigdoc-"));
const db = join(dir, "folio.db");
const paragraph = (i: number) => ({
  type: "paragraph",
  content: [
    { type: "text", text: `Paragraph ${i}: ` },
    { type: "text", text: "bold words ".repeat(8), marks: [{ type: "bold" }] },
    { type: "text", text: "and plain text. ".repeat(6) },
  ],
});
const content = [];
let size = 0;
for (let i = 0; size < 10 * 1024 * 1024; i++) {
  const p = paragraph(i);
  size += JSON.stringify(p).length;
  content.push(p);
}
const file = join(dir, "big.ndjson");
writeFileSync(
  file,
  [
    { type: "publication", id: "pub_big", slug: "big", name: "Big" },
    {
      type: "post",
      id: "pst_big",
      publicationId: "pub_big",
      slug: "big",
      title: "Big",
      json: { type: "doc", content },
    },
  ]
    .map((r) => JSON.stringify(r))
    .join("\n"),
);
spawnSync(process.execPath, [FOLIO, "demo"], { env: { ...process.env, DATABASE_URL: db } });
const folio = await startFolio(db, 18690, { LOG_LEVEL: "warn" });
// Warm the reader's connection and the server's cache first: only the import is measured.
for (let i = 0; i < 50; i++)
  await (await fetch(`${folio.url}/v1/posts/pst_welcome?includeContent=true`)).arrayBuffer();
let worst = 0;
let reads = 0;
let polling = true;
const poller = (async () => {
  while (polling) {
    const started = performance.now();
    await (
      await fetch(`${folio.url}/v1/posts/pst_welcome?includeContent=true`, {
        headers: { "cache-control": "no-cache" },
      })
    ).arrayBuffer();
    worst = Math.max(worst, performance.now() - started);
    reads++;
    await new Promise((r) => setTimeout(r, 5));
  }
})();
const started = performance.now();
// Asynchronous: a spawnSync here would stall this process's own reader, not Folio.
const importer = spawn(process.execPath, [FOLIO, "import", file], {
  env: { ...process.env, DATABASE_URL: db },
  stdio: ["ignore", "pipe", "inherit"],
});
let summary = "";
importer.stdout.on("data", (d: Buffer) => (summary += d));
await new Promise((resolve) => importer.once("exit", resolve));
const importMs = performance.now() - started;
polling = false;
await poller;
const res = await fetch(`${folio.url}/v1/posts/pst_big?includeContent=true`);
const body = Buffer.from(await res.arrayBuffer());
await folio.stop();
rmSync(dir, { recursive: true, force: true });
console.log(summary.trim());
console.log(
  `document ${(size / 1048576).toFixed(1)} MB JSON; import ${(importMs / 1000).toFixed(2)} s; served body ${(body.length / 1048576).toFixed(1)} MB (status ${res.status})`,
);
console.log(`reader during the import: ${reads} reads, worst latency ${worst.toFixed(1)} ms`);
