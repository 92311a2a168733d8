// Webhooks in a serving process: the delivery worker and the go-live scheduler, started
// together and stopped together. On SQLite the serving process is the one that
// delivers; on PostgreSQL every node does, each claim held by one of them.
import type { WebhookSettings } from "../config/webhooks.js";
import type { PostStore } from "../store/post-store.js";
import { DeliveryCounters } from "./counters.js";
import { GoLiveScheduler } from "./scheduler.js";
import { createSender, type Sender } from "./sender.js";
import { DeliveryWorker } from "./worker.js";

interface WebhookRuntimeOptions {
  store: PostStore;
  settings: WebhookSettings;
  /** Where go-lives are heard of (posts/go-live.ts). */
  goLive: { onGoLive(listener: () => void): void };
  warn: (message: string, error: unknown) => void;
  /** Tests may send elsewhere; the default sends over HTTP(S). */
  send?: Sender;
}

export class WebhookRuntime {
  readonly counters = new DeliveryCounters();
  private readonly worker: DeliveryWorker | undefined;
  private readonly scheduler: GoLiveScheduler;
  private readonly sender: ReturnType<typeof createSender> | undefined;

  constructor(o: WebhookRuntimeOptions) {
    const { store, settings, warn } = o;
    if (settings.deliver) {
      this.sender = o.send === undefined ? createSender(settings.concurrency) : undefined;
      const send = o.send ?? this.sender!;
      this.worker = new DeliveryWorker({ store, settings, send, counters: this.counters, warn });
    }
    const onRecorded = this.poke;
    this.scheduler = new GoLiveScheduler({ store, sweepMs: settings.sweepMs, onRecorded, warn });
    o.goLive.onGoLive(this.scheduler.sweep);
  }

  /** A write may have queued deliveries. */
  readonly poke = (): void => this.worker?.poke();

  start(): void {
    this.scheduler.sweep();
    this.poke();
  }

  async stop(): Promise<void> {
    this.scheduler.stop();
    await this.worker?.stop();
    this.sender?.close();
  }
}
