// Scheduled posts go live with no write at that moment, so no change notice tells anyone.
// This watch knows the next go-live time and calls its listeners when it passes, on every
// node alike: caches drop what "not found" they hold, lists start showing the post.
import type { PostReader } from "../store/post-store.js";

type GoLiveListener = (at: number) => void;

/** setTimeout's ceiling (about 24.8 days); a later go-live is re-checked then. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** After a failed lookup (store down), the next try. */
const RETRY_MS = 1000;

export class GoLiveWatch {
  private next: number | undefined;
  /** False until a lookup has succeeded, and after one fails: then nothing is trusted. */
  private known = false;
  private refreshing = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<GoLiveListener>();
  private stopped = false;

  constructor(
    private readonly store: Pick<PostReader, "nextGoLive">,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  onGoLive(listener: GoLiveListener): void {
    this.listeners.add(listener);
  }

  /**
   * Until when an answer computed now stays true: the next go-live, or now itself while the
   * next one is being looked up (a write may have just scheduled a post).
   */
  validUntil(now: number): number {
    if (this.refreshing > 0 || !this.known) return now;
    return this.next ?? Number.POSITIVE_INFINITY;
  }

  /** Looks the next go-live up again: at start, after every change notice, after each go-live. */
  async refresh(): Promise<void> {
    this.refreshing++;
    try {
      this.next = await this.store.nextGoLive(this.now());
      this.known = true;
    } catch (error) {
      this.known = false;
      this.onError(error);
    } finally {
      this.refreshing--;
    }
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped || (this.known && this.next === undefined)) return;
    const wait = this.known ? this.next! - this.now() : RETRY_MS;
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, wait));
    this.timer = setTimeout(() => this.fire(), delay);
    this.timer.unref();
  }

  private fire(): void {
    const at = this.now();
    if (this.known && this.next !== undefined && this.next <= at) {
      for (const listener of this.listeners) listener(at);
    }
    void this.refresh();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
