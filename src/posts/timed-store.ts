// A PostStore that reports how long each call takes, for the store latency histogram.
// A decorator over any backend, so the backends stay free of metrics.
import type { PostStore } from "../store/post-store.js";
import { wrapMethods } from "../store/wrap-methods.js";

type QueryObserver = (operation: string, seconds: number) => void;

export function timedStore(store: PostStore, observe: QueryObserver): PostStore {
  const timed = wrapMethods(store, (operation, run) => async (...args) => {
    const started = performance.now();
    try {
      return await run(...args);
    } finally {
      observe(operation, (performance.now() - started) / 1000);
    }
  });
  return { ...timed, kind: store.kind } as PostStore;
}
