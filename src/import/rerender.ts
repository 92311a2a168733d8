// Re-deriving stored content after a renderer change: streams every post's source through
// deriveContent in batches, each batch written in one transaction.
import type { PostStore } from "../store/post-store.js";
import { ContentError, RENDERER_VERSION, deriveContent } from "../content/index.js";

export interface RerenderOptions {
  /** Re-render every post, not only those rendered by an older renderer. */
  all?: boolean;
  batchSize?: number;
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
  const below = options.all ? undefined : RENDERER_VERSION;
  let after = "";
  for (;;) {
    const sources = await store.listPostSources(after, options.batchSize ?? 200, below);
    if (sources.length === 0) break;
    after = sources[sources.length - 1]!.id;
    const updates = [];
    const failuresBefore = summary.failed.length;
    for (const source of sources) {
      try {
        // A post saved with no body has an empty source; it stays empty.
        const derived = source.json === "" ? undefined : deriveContent({ json: source.json });
        updates.push({
          id: source.id,
          json: derived?.json ?? "",
          staticHtml: derived?.staticHtml ?? "",
          markdown: derived?.markdown ?? "",
          rendererVersion: RENDERER_VERSION,
        });
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        summary.failed.push({ id: source.id, reason: `${error.path}: ${error.message}` });
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
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
