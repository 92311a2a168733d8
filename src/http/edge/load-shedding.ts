// Load shedding: while the event loop's mean delay over the last sample is above the
// limit, requests are answered 503 at once rather than queued behind the backlog.
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

/** How often the delay is sampled; a shed client retries after about this long. */
const SAMPLE_INTERVAL_MS = 1000;
/** The histogram's timer: each sample's delay includes it, so it is taken off the mean. */
const RESOLUTION_MS = 10;

export class EventLoopMonitor {
  private readonly histogram: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;
  private overloaded = false;

  constructor(private readonly maxDelayMs: number) {
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    this.timer = setInterval(() => this.sample(), SAMPLE_INTERVAL_MS);
    this.timer.unref();
  }

  /** True while the last sample's mean delay was over the limit. */
  isUnderPressure = (): boolean => this.overloaded;

  private sample(): void {
    const meanMs = this.histogram.mean / 1e6 - RESOLUTION_MS;
    this.histogram.reset();
    this.overloaded = this.maxDelayMs > 0 && meanMs > this.maxDelayMs;
  }

  /**
   * Forgets what was measured so far. The app's own start (compiling its schemas, loading its
   * theme) blocks the loop for longer than any limit: counted, it would shed the first
   * requests of a node that has just come up.
   */
  restart(): void {
    this.histogram.reset();
    this.overloaded = false;
    this.timer.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
