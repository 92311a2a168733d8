import { createReadStream } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../config/index.js";
import type { PostStore } from "../store/post-store.js";
import { parse } from "./args.js";
import { printSummary, runImport } from "./import.js";
import { openMigratedStore } from "./store.js";

/** The bundled demo data set, shipped with the package (demo/demo.ndjson). */
export const DEMO_FILE = fileURLToPath(new URL("../../../demo/demo.ndjson", import.meta.url));

/** Two requests that answer on the demo data: printed by serve, used in the README. */
export const DEMO_EXAMPLES = [
  "/v1/publications/slug/field-notes/posts/slug/hello-folio",
  "/v1/posts/pst_welcome?includeContent=true",
];

export async function loadDemo(store: PostStore) {
  return runImport(store, createReadStream(DEMO_FILE), false);
}

export const demoCommand = {
  help: `Usage: folio demo

Loads the demo data set bundled with Folio into the store (DATABASE_URL).
Its records are upserts, so loading it twice changes nothing.`,
  async run(args: string[]): Promise<number> {
    parse(args, {}, 0);
    const store = await openMigratedStore(loadConfig());
    try {
      const summary = await loadDemo(store);
      printSummary(summary);
      return summary.committed ? 0 : 1;
    } finally {
      await store.close();
    }
  },
};
