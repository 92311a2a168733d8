// Scheduled posts' `post.published`: a sweep records them (store/go-live-events.ts)
// when the go-live watch says one went live, at start (go-lives while every node was down),
// and every `sweepMs` as a safety net. Every node sweeps; the store makes each event once.
import type { GoLiveEvents } from "../store/post-store.js";

interface SchedulerOptions {
  store: Pick<GoLiveEvents, "announceGoLives">;
  sweepMs: number;
  /** Told when a sweep recorded events, so the worker sends them at once. */
  onRecorded: () => void;
  warn: (message: string, error: unknown) => void;
  clock?: () => number;
}

/** After a failed sweep (store busy or down), the first retry; doubling up to sweepMs. */
const RETRY_MS = 250;

export class GoLiveScheduler {
  private running = false;
  private again = false;
  private stopped = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: SchedulerOptions) {}

  /** Sweeps now, or right after the sweep under way. */
  readonly sweep = (): void => {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else void this.run();
  };

  private async run(): Promise<void> {
    this.running = true;
    let wait = this.o.sweepMs;
    try {
      const recorded = await this.o.store.announceGoLives((this.o.clock ?? Date.now)());
      this.failures = 0;
      if (recorded > 0) this.o.onRecorded();
    } catch (error) {
      if (this.failures === 0) this.o.warn("webhook go-live sweep failed; retrying", error);
      wait = Math.min(wait, RETRY_MS * 2 ** this.failures++);
    } finally {
      this.running = false;
    }
    if (this.stopped) return;
    if (this.again) [this.again, wait] = [false, 0];
    clearTimeout(this.timer);
    this.timer = setTimeout(this.sweep, wait);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
