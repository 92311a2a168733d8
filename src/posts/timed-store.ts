// A PostStore that reports how long each read takes, for the store latency histogram.
// A decorator over any backend, so the backends stay free of metrics.
import type { PostStore } from "../store/post-store.js";

export type QueryObserver = (operation: string, seconds: number) => void;

export function timedStore(store: PostStore, observe: QueryObserver): PostStore {
  const time =
    <A extends unknown[], R>(operation: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await run(...args);
      } finally {
        observe(operation, (performance.now() - started) / 1000);
      }
    };
  return {
    kind: store.kind,
    findPostById: time("findPostById", (id, options) => store.findPostById(id, options)),
    findPostBySlugs: time("findPostBySlugs", (pub, slug, options) =>
      store.findPostBySlugs(pub, slug, options),
    ),
    ping: time("ping", () => store.ping()),
    schemaState: time("schemaState", () => store.schemaState()),
    countPosts: () => store.countPosts(),
    beginImport: () => store.beginImport(),
    listPostSources: (afterId, limit, below) => store.listPostSources(afterId, limit, below),
    updateDerived: (updates) => store.updateDerived(updates),
    watchChanges: (listener) => store.watchChanges(listener),
    migrate: () => store.migrate(),
    close: () => store.close(),
  };
}
