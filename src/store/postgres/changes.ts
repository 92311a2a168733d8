// Change notices on PostgreSQL: the import transaction calls pg_notify before COMMIT, so
// the notice is delivered, to every node LISTENing, exactly when the write becomes visible.
// Each node listens on one dedicated connection that reconnects by itself; after a
// reconnect it says "everything changed", since notices sent meanwhile were lost. A store's
// watchers hear its own process's commits at once, without waiting for the NOTIFY.
import pg from "pg";
import { isEmpty, toNotice, type ChangeSet } from "../change-notice.js";
import type { ChangeListener, ChangeNotice } from "../post-store.js";

export const CHANNEL = "folio_changes";

/** NOTIFY payloads must stay under 8000 bytes; past this a notice says "everything". */
const MAX_PAYLOAD_BYTES = 7000;
const EVERYTHING = JSON.stringify({ all: true, postIds: [] });

export function noticePayload(changed: ChangeSet): string | undefined {
  if (isEmpty(changed)) return undefined;
  if (changed.all) return EVERYTHING;
  const payload = JSON.stringify(toNotice(changed));
  return Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES ? EVERYTHING : payload;
}

function parseNotice(payload: string | undefined): ChangeNotice {
  try {
    const value = JSON.parse(payload ?? "") as Partial<ChangeNotice>;
    if (value.all === false && Array.isArray(value.postIds)) {
      const notice: ChangeNotice = { all: false, postIds: strings(value.postIds) };
      // Absent lists mean "not said" (an older node), not "none" (see ChangeNotice).
      if (Array.isArray(value.publicationIds))
        notice.publicationIds = strings(value.publicationIds);
      if (Array.isArray(value.tags)) notice.tags = strings(value.tags);
      return notice;
    }
  } catch {
    // A payload we cannot read still says something changed.
  }
  return { all: true, postIds: [] };
}

const strings = (values: unknown[]) => values.filter((v): v is string => typeof v === "string");

interface ListenOptions {
  connectionString: string;
  onLog?: (message: string) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
}

export class ChangeListenerConnection {
  private readonly listeners = new Set<ChangeListener>();
  private client: pg.Client | undefined;
  private stopped = false;
  private attempts = 0;
  private initial = true;
  private listening = false;
  private timer: NodeJS.Timeout | undefined;

  /** Settles after the first attempt to listen, whether it worked or not. */
  readonly firstAttempt: Promise<void>;

  constructor(private readonly options: ListenOptions) {
    this.firstAttempt = this.connect();
  }

  add(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  /** True when nobody listens any more. */
  remove(listener: ChangeListener): boolean {
    this.listeners.delete(listener);
    return this.listeners.size === 0;
  }

  private emit(notice: ChangeNotice): void {
    for (const listener of this.listeners) listener(notice);
  }

  private async connect(): Promise<void> {
    const initial = this.initial;
    this.initial = false;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: "folio-listen",
    });
    this.client = client;
    client.on("notification", (message) => {
      if (message.channel === CHANNEL) this.emit(parseNotice(message.payload));
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      this.lost(client);
      return;
    }
    // Any attempt but the first may have missed notices: say everything changed.
    if (!initial) {
      this.options.onLog?.("change notices: listening");
      this.emit({ all: true, postIds: [] });
    }
    this.listening = true;
    this.attempts = 0;
  }

  /** Drops a broken connection (once) and schedules the next attempt with capped backoff. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners("notification");
    client.on("error", () => {});
    void client.end().catch(() => {});
    if (this.stopped) return;
    // One line when an established connection goes, not one per failed retry.
    if (this.listening) this.options.onLog?.("change notices: connection lost; reconnecting");
    this.listening = false;
    const { minDelayMs = 250, maxDelayMs = 5000 } = this.options;
    const delay = Math.min(maxDelayMs, minDelayMs * 2 ** this.attempts++);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.listeners.clear();
    if (client) await client.end().catch(() => {});
  }
}

/**
 * What a store's watchers hear: this process's own commits at once, and every node's through
 * one LISTEN connection, opened with the first watcher and closed with the last.
 */
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
