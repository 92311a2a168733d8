// A node starts whether or not its database answers: until the store has been reached and
// migrated, this wrapper refuses what needs it with StoreUnavailableError (the API says
// 503, readiness says no), while start() keeps trying with capped backoff.
import { setTimeout as sleep } from "node:timers/promises";
import { StoreUnavailableError } from "../errors.js";
import type {
  ChangeListener,
  DerivedUpdate,
  ImportTransaction,
  PostRecord,
  PostStore,
  ReadOptions,
  SchemaState,
} from "./post-store.js";

export interface StartOptions {
  /** One line per failed attempt. */
  log: (line: string) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Past this many failures the last StoreUnavailableError is thrown. */
  maxAttempts?: number;
}

export class StartingStore implements PostStore {
  private started = false;
  private readonly closing = new AbortController();

  constructor(readonly inner: PostStore) {}

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

  async findPostById(id: string, options: ReadOptions): Promise<PostRecord | undefined> {
    this.gate();
    return this.inner.findPostById(id, options);
  }

  async findPostBySlugs(publicationSlug: string, postSlug: string, options: ReadOptions) {
    this.gate();
    return this.inner.findPostBySlugs(publicationSlug, postSlug, options);
  }

  async countPosts(): Promise<number> {
    this.gate();
    return this.inner.countPosts();
  }

  async beginImport(): Promise<ImportTransaction> {
    this.gate();
    return this.inner.beginImport();
  }

  async listPostSources(afterId: string, limit: number, belowVersion?: number) {
    this.gate();
    return this.inner.listPostSources(afterId, limit, belowVersion);
  }

  async updateDerived(updates: readonly DerivedUpdate[]): Promise<void> {
    this.gate();
    return this.inner.updateDerived(updates);
  }

  /** Not gated: a watcher set up before the store is reached hears about it later. */
  watchChanges(listener: ChangeListener): Promise<() => Promise<void>> {
    return this.inner.watchChanges(listener);
  }

  async ping(): Promise<void> {
    this.gate();
    return this.inner.ping();
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
