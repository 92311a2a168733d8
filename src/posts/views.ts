// Page views: counted in memory, written in batches — one store write per flush,
// never one per view — and on a graceful stop. Every node adds its own counts to the stored
// totals, so the totals are the sum over nodes. A crash loses what was counted since the
// last flush (at most one interval, VIEWS_FLUSH_MS); a failed flush keeps its counts for the
// next one, up to a bound.
import type { ViewStore } from "../store/post-store.js";

interface ViewCounterOptions {
  flushMs: number;
  /** Distinct posts held before a flush is started early (memory stays bounded). */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

export class ViewCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly maxPending: number;

  constructor(
    private readonly store: ViewStore,
    private readonly options: ViewCounterOptions,
  ) {
    this.maxPending = options.maxPending ?? 10_000;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  count(postId: string): void {
    this.pending.set(postId, (this.pending.get(postId) ?? 0) + 1);
    if (this.pending.size >= this.maxPending) void this.flush();
  }

  /** Writes what was counted so far; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    const batch = this.pending;
    if (batch.size === 0) return;
    this.pending = new Map();
    try {
      await this.store.addViews(batch);
    } catch (error) {
      this.options.onError?.(error);
      this.keep(batch);
    }
  }

  /** Puts a batch the store refused back, unless memory is already at its bound. */
  private keep(batch: Map<string, number>): void {
    for (const [id, n] of batch) {
      if (this.pending.size >= this.maxPending * 2 && !this.pending.has(id)) return;
      this.pending.set(id, (this.pending.get(id) ?? 0) + n);
    }
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
