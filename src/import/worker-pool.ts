// A set of worker threads that run one kind of task: the import and rerender derive content
// on every core with it. The workers start with the first task, since each costs its thread
// the loading of the content code (about half a second of CPU), which a run that never sends
// a task should not pay. Tasks go to the least busy worker. A worker that dies fails every task
// and the pool with it, so a crash ends the run with an error instead of leaving it waiting
// forever; idle workers never hold the process open.
import { Worker } from "node:worker_threads";

interface Pending<R> {
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

interface Slot<R> {
  worker: Worker;
  pending: Map<number, Pending<R>>;
}

/** What a worker script answers: the task's id with its result, or why it could not run it. */
export interface WorkerReply<R> {
  id: number;
  result?: R;
  error?: { message: string; stack?: string };
}

/** A worker died or broke its protocol: the pool is unusable and the run must stop. */
export class WorkerPoolError extends Error {}

export class WorkerPool<T, R> {
  private readonly slots: Slot<R>[] = [];
  private next = 0;
  private broken: WorkerPoolError | undefined;
  private closing = false;

  readonly size: number;

  constructor(
    private readonly script: URL,
    size: number,
    private readonly workerData?: unknown,
  ) {
    this.size = Math.max(1, size);
  }

  /** Workers started so far: none until the first task, then all of them. */
  get started(): number {
    return this.slots.length;
  }

  run(task: T): Promise<R> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.closing) return Promise.reject(new WorkerPoolError("the worker pool is closed"));
    while (this.slots.length < this.size) this.slots.push(this.start());
    const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = ++this.next;
    return new Promise<R>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      if (slot.pending.size === 1) slot.worker.ref();
      try {
        slot.worker.postMessage({ id, task });
      } catch (error) {
        // Never sent, so never answered: nothing may keep waiting for it.
        slot.pending.delete(id);
        if (slot.pending.size === 0) slot.worker.unref();
        reject(error as Error);
      }
    });
  }

  /** Tasks sent to a worker and not yet answered. */
  get pending(): number {
    return this.slots.reduce((sum, slot) => sum + slot.pending.size, 0);
  }

  /** Stops every worker; tasks still running fail. */
  async close(): Promise<void> {
    this.closing = true;
    this.fail(new WorkerPoolError("the worker pool was closed with tasks running"));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private start(): Slot<R> {
    const worker = new Worker(this.script, { workerData: this.workerData });
    const slot: Slot<R> = { worker, pending: new Map() };
    worker.on("message", (reply: WorkerReply<R>) => this.settle(slot, reply));
    worker.on("error", (error) => this.crash(`failed: ${error.message}`, error));
    worker.on("messageerror", (error) => this.crash(`sent an unreadable message: ${error}`));
    worker.on("exit", (code) => this.crash(`exited with code ${code}`));
    // After the listeners: adding a message listener refs the worker again.
    worker.unref();
    return slot;
  }

  private settle(slot: Slot<R>, { id, result, error }: WorkerReply<R>): void {
    const pending = slot.pending.get(id);
    if (pending === undefined) return this.crash(`answered task ${id}, which it was not given`);
    slot.pending.delete(id);
    // Only a worker with tasks keeps the event loop alive: the run waits for it, nothing else.
    if (slot.pending.size === 0) slot.worker.unref();
    if (error === undefined) pending.resolve(result as R);
    else pending.reject(Object.assign(new Error(error.message), { stack: error.stack }));
  }

  private crash(why: string, cause?: Error): void {
    if (this.closing || this.broken) return;
    this.broken = new WorkerPoolError(`a worker thread ${why}`, { cause });
    this.fail(this.broken);
    // The others are of no use to a broken run; stopping them lets the process exit.
    for (const slot of this.slots) void slot.worker.terminate();
  }

  private fail(error: WorkerPoolError): void {
    for (const slot of this.slots) {
      for (const { reject } of slot.pending.values()) reject(error);
      slot.pending.clear();
      slot.worker.unref();
    }
  }
}
