// Delivers what the outbox holds: claims due deliveries (one node at a time, under a lease),
// sends each, records the outcome (outcome.ts). At most `concurrency` attempts are in flight,
// each bounded by its timeout, and all of it is asynchronous I/O: a slow or dead receiver
// holds a slot, never a request or a write. Woken by writes (poke), else by a timer.
import { setMaxListeners } from "node:events";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { WebhookSettings } from "../config/webhooks.js";
import { bodyFor } from "../store/event-payload.js";
import type { ClaimedDelivery, WebhookDeliveryStore } from "../store/post-store.js";
import type { DeliveryCounters } from "./counters.js";
import { recordAttempt } from "./outcome.js";
import type { Sender } from "./sender.js";
import { webhookHeaders } from "./signature.js";

interface WorkerOptions {
  store: Pick<WebhookDeliveryStore, "claimDeliveries" | "finishAttempt">;
  settings: WebhookSettings;
  send: Sender;
  counters: DeliveryCounters;
  /** Store failures and refused targets (never secrets, never bodies, never whole URLs). */
  warn: (message: string, error: unknown) => void;
  clock?: () => number;
}

export class DeliveryWorker {
  /** Names this process in leases. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private inFlight = 0;
  private claiming = false;
  private again = false;
  private stopped = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly aborting = new AbortController();
  private readonly attempts = new Set<Promise<void>>();
  private readonly clock: () => number;
  /** Endpoints whose refusal this process has logged: once each, not once per attempt. */
  private readonly toldRefused = new Set<string>();

  constructor(private readonly o: WorkerOptions) {
    this.clock = o.clock ?? Date.now;
    // Every attempt in flight listens on the one stop signal: as many as the concurrency.
    setMaxListeners(o.settings.concurrency + 10, this.aborting.signal);
  }

  /** Looks for due deliveries now (a write may have made some). */
  readonly poke = (): void => {
    if (this.stopped) return;
    if (this.claiming) this.again = true;
    else this.later(0);
  };

  private later(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.claim(), ms);
    this.timer.unref();
  }

  private async claim(): Promise<void> {
    this.claiming = true;
    let wait = this.o.settings.pollMs;
    try {
      await this.claimWhileRoom();
      this.failures = 0;
    } catch (error) {
      this.o.warn("webhook deliveries: cannot claim", error);
      wait = Math.min(wait, 250 * 2 ** this.failures++);
    } finally {
      this.claiming = false;
    }
    if (this.stopped) return;
    if (this.again) [this.again, wait] = [false, 0];
    this.later(wait);
  }

  private async claimWhileRoom(): Promise<void> {
    const { concurrency, leaseMs } = this.o.settings;
    while (!this.stopped && this.inFlight < concurrency) {
      const limit = concurrency - this.inFlight;
      const claimed = await this.o.store.claimDeliveries({
        owner: this.owner,
        now: this.clock(),
        leaseMs,
        limit,
      });
      for (const delivery of claimed) this.start(delivery);
      if (claimed.length < limit) return;
    }
  }

  private start(delivery: ClaimedDelivery): void {
    this.inFlight++;
    const running = this.deliver(delivery).finally(() => {
      this.inFlight--;
      this.attempts.delete(running);
      this.poke();
    });
    this.attempts.add(running);
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const { timeoutMs, allowPrivate } = this.o.settings;
    const body = bodyFor(d.payload, d.content);
    const headers = webhookHeaders(d.secret, d.eventId, this.clock(), body);
    const signal = this.aborting.signal;
    const result = await this.o.send({
      url: d.url,
      body,
      headers,
      timeoutMs,
      allowPrivate,
      signal,
    });
    if ("kind" in result && result.kind === "refused") this.tellRefused(d.endpointId, result.error);
    await recordAttempt(this.o, this.owner, d, result, this.clock(), this.stopped);
  }

  /**
   * A refused target is retried until it is given up on, and without a word its deliveries
   * only sit pending: the operator is told once which endpoint and why, and what allows it.
   */
  private tellRefused(endpointId: string, reason: string): void {
    if (this.toldRefused.has(endpointId)) return;
    this.toldRefused.add(endpointId);
    const allow = `WEBHOOK_ALLOW_PRIVATE=true in the serving process allows non-public targets`;
    this.o.warn(`webhook endpoint ${endpointId}: delivery ${reason}; ${allow}`, undefined);
  }

  /**
   * Stops claiming, cuts attempts in flight short and hands them back due now, so another
   * node (or this one, restarted) sends them without waiting for the lease to run out.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.aborting.abort();
    await Promise.all(this.attempts);
  }
}
