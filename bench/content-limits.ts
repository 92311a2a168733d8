// Peak memory and time of `folio import` on the hostile documents of issue 16 item 3:
// Markdown "a\n\n" repeated to 1 MiB and 16 MiB, and a 25 MB table of colspan-1000
// cells. Each import runs in its own process under /usr/bin/time (peak RSS), with a
// time limit, so one case cannot take the others (or the machine) down with it.
// Usage: node dist/bench/content-limits.js [case…]   (cases: md1, md16, colspan)
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

const CASES: Record<string, () => Record<string, unknown>> = {
  md1: () => ({ markdown: "a\n\n".repeat(MiB / 3) }),
  md16: () => ({ markdown: "a\n\n".repeat((16 * MiB) / 3) }),
  colspan: () => ({ json: colspanTable(25_000_000) }),
};

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
