// Peak memory and time of `folio import` on the hostile documents src/content/limits.ts
// bounds: Markdown "a\n\n" repeated to 1 MiB and 16 MiB, and a 25 MB table of colspan-1000
// cells. Each import runs in its own process under /usr/bin/time (peak RSS), with a
// time limit, so one case cannot take the others (or the machine) down with it.
// The "at-" cases sit just inside each limit (src/content/limits.ts), so their peak is
// the bound a single post can reach; "big" is bench/big-document.ts's 10 MB post.
// Usage: node dist/bench/content-limits.js [case…]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const FOLIO = fileURLToPath(new URL("../../bin/folio.js", import.meta.url));
const LIMIT_S = Number(process.env.LIMIT_S ?? 150);
const MiB = 1024 * 1024;

function colspanTable(bytes: number): unknown {
  const cell = {
    type: "tableCell",
    attrs: { colspan: 1000 },
    content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }],
  };
  const perRow = 10;
  const rowBytes = JSON.stringify({ type: "tableRow", content: Array(perRow).fill(cell) }).length;
  const rows = Math.ceil(bytes / rowBytes);
  const row = { type: "tableRow", content: Array(perRow).fill(cell) };
  return { type: "doc", content: [{ type: "table", content: Array(rows).fill(row) }] };
}

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const bigParagraph = (i: number) => ({
  type: "paragraph",
  content: [
    { type: "text", text: `Paragraph ${i}: ` },
    { type: "text", text: "bold words ".repeat(8), marks: [{ type: "bold" }] },
    { type: "text", text: "and plain text. ".repeat(6) },
  ],
});

const CASES: Record<string, () => Record<string, unknown>> = {
  md1: () => ({ markdown: "a\n\n".repeat(MiB / 3) }),
  md16: () => ({ markdown: "a\n\n".repeat((16 * MiB) / 3) }),
  colspan: () => ({ json: colspanTable(25_000_000) }),
  "at-nodes-md": () => ({ markdown: "a\n\n".repeat(124_000) }),
  "at-nodes-json": () => ({ json: { type: "doc", content: Array(124_000).fill(paragraph("a")) } }),
  "at-tokens": () => ({ markdown: `${"&*<".repeat(100)}\n\n`.repeat(6_500) }),
  "at-text-json": () => ({
    json: { type: "doc", content: Array(1024).fill(paragraph("&".repeat(6_550))) },
  }),
  "at-lines": () => ({ markdown: `\`\`\`\n${"x\n".repeat(999_990)}\`\`\`` }),
  "at-cells": () => ({
    json: { type: "doc", content: [{ type: "table", content: colspanRows(100) }] },
  }),
  big: () => ({
    json: { type: "doc", content: Array.from({ length: 31_148 }, (_, i) => bigParagraph(i)) },
  }),
};

function colspanRows(rows: number): unknown[] {
  const cell = { type: "tableCell", attrs: { colspan: 1000 }, content: [paragraph("x")] };
  return Array(rows).fill({ type: "tableRow", content: [cell] });
}

const dir = mkdtempSync(join(tmpdir(), "folio-limits-"));
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(CASES);
for (const name of chosen) {
  const body = CASES[name]!();
  const file = join(dir, `${name}.ndjson`);
  const post = {
    type: "post",
    id: "pst_x",
    publicationId: "pub_x",
    slug: "x",
    title: "X",
    ...body,
  };
  const publication = { type: "publication", id: "pub_x", slug: "x", name: "X" };
  writeFileSync(file, `${JSON.stringify(publication)}\n${JSON.stringify(post)}\n`);
  const db = join(dir, `${name}.db`);
  const run = spawnSync(
    "/usr/bin/time",
    ["-f", "TIME %M %e", "timeout", String(LIMIT_S), process.execPath, FOLIO, "import", file],
    { env: { ...process.env, DATABASE_URL: db }, encoding: "utf8", maxBuffer: 64 * MiB },
  );
  const time = /TIME (\d+) ([\d.]+)/.exec(run.stderr);
  const said = `${run.stdout}\n${run.stderr}`
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("TIME") && !/^\s+at /.test(l))
    .slice(0, 3)
    .map((l) => l.slice(0, 160))
    .join(" / ");
  console.log(
    `${name}: line ${(Buffer.byteLength(JSON.stringify(post)) / MiB).toFixed(1)} MiB, ` +
      `exit ${run.status}${run.status === 124 ? " (timed out)" : ""}, ` +
      `peak RSS ${time ? (Number(time[1]) / 1024).toFixed(0) : "?"} MiB, ${time?.[2] ?? "?"} s — ${said}`,
  );
}
rmSync(dir, { recursive: true, force: true });
