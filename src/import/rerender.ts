// Re-deriving stored content after a renderer change: streams every post's source through
// deriveContent in batches, each batch written in one transaction; with `threads` > 1 a
// batch's posts are derived on that many worker threads (IMPORT_THREADS).
import type { PostStore } from "../store/post-store.js";
import { RENDERER_VERSION } from "../content/index.js";
import { importPool, type ImportPool } from "./threads.js";
import { rerenderOne, type RerenderOutcome } from "./work.js";

interface RerenderOptions {
  /** Re-render every post, not only those rendered by an older renderer. */
  all?: boolean;
  batchSize?: number;
  /** Worker threads deriving the posts; 1 or unset: this thread. */
  threads?: number;
  onProgress?: (done: number) => void;
}

interface RerenderSummary {
  rendered: number;
  /** Of those rendered, the posts whose stored content came out different (and was written). */
  changed: number;
  /** Batches left as they were because a post in them failed. */
  skippedBatches: number;
  failed: { id: string; reason: string }[];
  seconds: number;
}

export async function rerenderAll(store: PostStore, options: RerenderOptions = {}) {
  const started = performance.now();
  const summary: RerenderSummary = {
    ...{ rendered: 0, changed: 0, skippedBatches: 0 },
    ...{ failed: [], seconds: 0 },
  };
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
  const size = options.batchSize ?? 200;
  const read = async (after: string) => {
    const sources = await store.listPostSources(after, size, below);
    return { sources, outcomes: deriveAll(sources, pool) };
  };
  let batch = await read("");
  while (batch.sources.length > 0) {
    const { sources } = batch;
    // On the pool, the next batch is read and sent before this one is written, so the
    // workers derive while the store writes (its ids are past this batch's: no overlap).
    const after = sources[sources.length - 1]!.id;
    const next = pool === undefined ? undefined : await read(after);
    const outcomes = await batch.outcomes;
    const updates = [];
    const failuresBefore = summary.failed.length;
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
    } else {
      summary.changed += await store.updateDerived(updates);
      summary.rendered += updates.length;
      options.onProgress?.(summary.rendered);
    }
    // In-thread nothing could derive a batch read ahead: the next is read after this one is written.
    batch = next ?? (await read(after));
  }
}

/**
 * In source order whichever thread derived them, so failures are listed as in-thread. In-thread
 * the work is left for when the batch's turn comes; a failure waits unobserved till then.
 */
function deriveAll(sources: { json: string }[], pool: ImportPool | undefined) {
  const outcomes: Promise<RerenderOutcome[]> =
    pool === undefined
      ? Promise.resolve().then(() => sources.map((s) => rerenderOne(s.json)))
      : (Promise.all(sources.map((s) => pool.run({ rerender: s.json }))) as Promise<
          RerenderOutcome[]
        >);
  outcomes.catch(() => undefined);
  return outcomes;
}
