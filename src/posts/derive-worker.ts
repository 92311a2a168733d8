// A worker thread that derives content (derive.ts sends it the large documents), so that
// rendering a big post never stalls the requests of the event loop.
import { parentPort } from "node:worker_threads";
import { ContentError, deriveContent, type ContentSource } from "../content/index.js";

interface Task {
  id: number;
  source: ContentSource;
}

parentPort?.on("message", ({ id, source }: Task) => {
  try {
    parentPort!.postMessage({ id, derived: deriveContent(source) });
  } catch (error) {
    const content = error instanceof ContentError;
    const { message } = error as Error;
    parentPort!.postMessage({ id, error: { message, path: content ? error.path : undefined } });
  }
});
