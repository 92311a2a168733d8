// A real `folio serve` over a fresh SQLite file, stopped when the test ends.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFolio, startFolio } from "./cli.js";

export interface Served {
  base: string;
  server: ReturnType<typeof startFolio>;
}

/** Serves the demo data, or exactly `records` when given. */
export async function serve(
  t: { after(cleanup: () => void): void },
  options: { records?: readonly unknown[]; env?: NodeJS.ProcessEnv } = {},
): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), "folio-served-"));
  const env = { DATABASE_URL: join(dir, "folio.db"), ...options.env };
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  if (options.records !== undefined) {
    const file = join(dir, "records.ndjson");
    writeFileSync(file, options.records.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const imported = await runFolio(["import", file], env);
    if (imported.code !== 0) throw new Error(`import failed: ${imported.stderr}`);
  }
  const server = startFolio(options.records === undefined ? ["--demo-if-empty"] : [], env);
  t.after(() => server.child.kill("SIGKILL"));
  return { base: await server.address, server };
}
