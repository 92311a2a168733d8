// What a store's watchers hear: this process's own commits at once, and every node's through
// one LISTEN connection (changes.ts), opened with the first watcher and closed with the last.
import type { ChangeListener, ChangeNotice } from "../post-store.js";
import { ChangeListenerConnection } from "./changes.js";

export class ChangeWatch {
  /** Watchers in this process, told of its own commits without waiting for the NOTIFY. */
  private readonly local = new Set<ChangeListener>();
  private connection: ChangeListenerConnection | undefined;

  constructor(
    private readonly url: string,
    private readonly log?: (message: string) => void,
  ) {}

  readonly notifyLocal = (notice: ChangeNotice): void => {
    for (const listener of this.local) listener(notice);
  };

  async watch(listener: ChangeListener): Promise<() => Promise<void>> {
    this.local.add(listener);
    const changes = (this.connection ??= new ChangeListenerConnection({
      connectionString: this.url,
      ...(this.log ? { onLog: this.log } : {}),
    }));
    changes.add(listener);
    // Writes committed after this resolves are seen, unless PostgreSQL is down right now:
    // then the listener hears "everything changed" once it comes back.
    await changes.firstAttempt;
    return async () => {
      this.local.delete(listener);
      if (this.connection === changes && changes.remove(listener)) {
        this.connection = undefined;
        await changes.close();
      }
    };
  }

  async close(): Promise<void> {
    await this.connection?.close();
    this.connection = undefined;
  }
}
