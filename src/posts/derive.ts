// Content for an API write, derived exactly as the import derives it (content/index.ts), on
// a worker thread where there is a core to spare: the event loop, which a create otherwise
// spends most of its time deriving, keeps serving reads and the store's writes meanwhile.
// On one core only large documents go to the worker, so that they cannot stall the loop.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import {
  ContentError,
  deriveContent,
  type ContentSource,
  type DerivedContent,
} from "../content/index.js";

/** On one core, above this many characters of source a document is derived off the event loop. */
const ONE_CORE_OFF_THREAD_CHARS = 32 * 1024;
const OFF_THREAD_CHARS = availableParallelism() > 1 ? 0 : ONE_CORE_OFF_THREAD_CHARS;

interface Reply {
  id: number;
  derived?: DerivedContent;
  error?: { message: string; path?: string };
}

interface Waiting {
  resolve: (derived: DerivedContent) => void;
  reject: (error: Error) => void;
}

let forProcess: ContentDeriver | undefined;

export class ContentDeriver {
  /**
   * The process's own deriver, shared by every app it builds: a worker costs a quarter of a
   * second of CPU to start (the editor's schema, the Markdown parser), once per process rather
   * than once per app. Idle, its workers do not keep the process alive.
   */
  static forProcess(): ContentDeriver {
    return (forProcess ??= new ContentDeriver());
  }

  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;

  constructor(
    private readonly maxWorkers = Math.max(1, Math.min(2, availableParallelism() - 1)),
    private readonly offThreadChars = OFF_THREAD_CHARS,
  ) {}

  async derive(source: ContentSource): Promise<DerivedContent> {
    if (this.offThreadChars > 0 && sizeOf(source) < this.offThreadChars)
      return deriveContent(source);
    const id = ++this.next;
    const worker = this.worker(id);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.holdOpen();
      try {
        worker.postMessage({ id, source });
      } catch (error) {
        // Never sent, so never answered: nothing may keep waiting for it.
        this.waiting.delete(id);
        this.holdOpen();
        reject(error as Error);
      }
    });
  }

  /** Tasks sent to a worker and not yet answered. */
  get pending(): number {
    return this.waiting.size;
  }

  /** Workers start on first need and take turns. */
  private worker(id: number): Worker {
    if (this.workers.length < this.maxWorkers) {
      const worker = new Worker(new URL("./derive-worker.js", import.meta.url));
      worker.on("message", (reply: Reply) => this.settle(reply));
      worker.on("error", (error) => this.failAll(error));
      worker.unref();
      this.workers.push(worker);
      return worker;
    }
    return this.workers[id % this.workers.length]!;
  }

  /** A worker with work keeps the process alive until it answers; an idle one does not. */
  private holdOpen(): void {
    for (const worker of this.workers) {
      if (this.waiting.size > 0) worker.ref();
      else worker.unref();
    }
  }

  private settle({ id, derived, error }: Reply): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    this.holdOpen();
    if (derived !== undefined) waiting?.resolve(derived);
    else if (error?.path !== undefined)
      waiting?.reject(new ContentError(error.path, error.message));
    else waiting?.reject(new Error(error?.message ?? "content worker failed"));
  }

  /** A worker that died takes its tasks with it: they fail, and the pool starts afresh. */
  private failAll(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
    void this.close();
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function sizeOf(source: ContentSource): number {
  if ("markdown" in source) return source.markdown.length;
  return typeof source.json === "string" ? source.json.length : JSON.stringify(source.json).length;
}
