// A node starts whether or not its database answers: until the store has been reached and
// migrated, this wrapper refuses what needs it with StoreUnavailableError (the API says
// 503, readiness says no), while start() keeps trying with capped backoff.
import { setTimeout as sleep } from "node:timers/promises";
import { StoreUnavailableError } from "../errors.js";
import type { ChangeListener, PostStore, SchemaState } from "./post-store.js";
import { wrapMethods } from "./wrap-methods.js";

interface StartOptions {
  /** One line per failed attempt. */
  log: (line: string) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Past this many failures the last StoreUnavailableError is thrown. */
  maxAttempts?: number;
}

// Declaration merging: the gated methods are made in the constructor, not written out.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface StartingStore extends PostStore {}

/** Gated: everything but these (a watcher set up early hears about the store later). */
const UNGATED = ["watchChanges", "migrate", "schemaState", "close"];

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class StartingStore {
  private started = false;
  private readonly closing = new AbortController();

  constructor(readonly inner: PostStore) {
    const gated = wrapMethods(
      inner,
      (_name, method) =>
        async (...args) => {
          this.gate();
          return method(...args);
        },
      UNGATED,
    );
    Object.assign(this, gated);
  }

  watchChanges(listener: ChangeListener): Promise<() => Promise<void>> {
    return this.inner.watchChanges(listener);
  }

  get kind() {
    return this.inner.kind;
  }

  get ready(): boolean {
    return this.started;
  }

  /**
   * Migrates the store, retrying while it is unavailable. Resolves true once it is ready,
   * false if the store is closed first; rejects on anything retrying cannot fix.
   */
  async start(options: StartOptions): Promise<boolean> {
    const { log, minDelayMs = 250, maxDelayMs = 5000, maxAttempts = Infinity } = options;
    for (let attempt = 1; !this.closing.signal.aborted; attempt++) {
      try {
        await this.inner.migrate();
        this.started = true;
        return true;
      } catch (error) {
        if (!(error instanceof StoreUnavailableError) || this.closing.signal.aborted) throw error;
        if (attempt >= maxAttempts) throw error;
        const delay = Math.min(maxDelayMs, minDelayMs * 2 ** (attempt - 1));
        log(`${error.message} (attempt ${attempt}); retrying in ${delay / 1000} s`);
        await sleep(delay, undefined, { signal: this.closing.signal }).catch(() => {});
      }
    }
    return false;
  }

  private gate(): void {
    if (!this.started) throw new StoreUnavailableError("the store has not been reached yet");
  }

  async migrate(): Promise<SchemaState> {
    const state = await this.inner.migrate();
    this.started = true;
    return state;
  }

  schemaState(): Promise<SchemaState> {
    return this.inner.schemaState();
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.inner.close();
  }
}
