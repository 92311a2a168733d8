// Re-deriving stored content after a renderer change: streams every post's source through
// deriveContent in batches, each batch written in one transaction; with `threads` > 1 a
// batch's posts are derived on that many worker threads (IMPORT_THREADS).
import type { PostStore } from "../store/post-store.js";
import { RENDERER_VERSION } from "../content/index.js";
import { importPool, type ImportPool } from "./threads.js";
import { rerenderOne, type RerenderOutcome } from "./work.js";

export interface RerenderOptions {
  /** Re-render every post, not only those rendered by an older renderer. */
  all?: boolean;
  batchSize?: number;
  /** Worker threads deriving the posts; 1 or unset: this thread. */
  threads?: number;
  onProgress?: (done: number) => void;
}

export interface RerenderSummary {
  rendered: number;
  /** Batches left as they were because a post in them failed. */
  skippedBatches: number;
  failed: { id: string; reason: string }[];
  seconds: number;
}

export async function rerenderAll(store: PostStore, options: RerenderOptions = {}) {
  const started = performance.now();
  const summary: RerenderSummary = { rendered: 0, skippedBatches: 0, failed: [], seconds: 0 };
  const pool = importPool(options.threads ?? 1);
  try {
    await rerenderBatches(store, options, summary, pool);
  } finally {
    await pool?.close();
  }
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

async function rerenderBatches(
  store: PostStore,
  options: RerenderOptions,
  summary: RerenderSummary,
  pool: ImportPool | undefined,
) {
  const below = options.all ? undefined : RENDERER_VERSION;
  let after = "";
  for (;;) {
    const sources = await store.listPostSources(after, options.batchSize ?? 200, below);
    if (sources.length === 0) break;
    after = sources[sources.length - 1]!.id;
    const updates = [];
    const failuresBefore = summary.failed.length;
    const outcomes = await deriveAll(
      sources.map((s) => s.json),
      pool,
    );
    for (const [i, source] of sources.entries()) {
      const outcome = outcomes[i]!;
      if ("failed" in outcome) {
        summary.failed.push({ id: source.id, reason: outcome.failed });
      } else {
        const { derived } = outcome;
        updates.push({
          id: source.id,
          json: derived?.json ?? "",
          staticHtml: derived?.staticHtml ?? "",
          markdown: derived?.markdown ?? "",
          rendererVersion: RENDERER_VERSION,
        });
      }
    }
    if (summary.failed.length > failuresBefore) {
      summary.skippedBatches++;
      continue;
    }
    await store.updateDerived(updates);
    summary.rendered += updates.length;
    options.onProgress?.(summary.rendered);
  }
}

/** In source order whichever thread derived them, so failures are listed as in-thread. */
async function deriveAll(sources: string[], pool: ImportPool | undefined) {
  if (pool === undefined) return sources.map((json) => rerenderOne(json));
  const outcomes = sources.map((json) => pool.run({ rerender: json }));
  return (await Promise.all(outcomes)) as RerenderOutcome[];
}
