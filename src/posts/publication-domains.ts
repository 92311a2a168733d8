// Publications with a domain of their own, held in memory: a post's canonical address is on
// that domain, and the synchronous part of a read (a Representation's `Link`, built from
// stored bytes) must know it without a store read. Read at start and again after every
// "everything changed" notice, which is how a publication write is told; a read that fails
// (the store out of reach, at start or later) is tried again until one succeeds.
import type { PublicationReader, PublicationRecord } from "../store/post-store.js";

const PAGE = 1000;
/** After a failed read, the next try. */
const RETRY_MS = 1000;

/** A custom domain as an origin (scheme and host; any path or trailing slash dropped). */
export function customOrigin(p: Pick<PublicationRecord, "customDomain">): string | undefined {
  if (p.customDomain === undefined || !URL.canParse(p.customDomain)) return undefined;
  return new URL(p.customDomain).origin;
}

interface DomainsOptions {
  /** After each read that took effect: whatever was made from the map before may be stale. */
  onLoaded?: () => void;
  /** Each failed read; another follows after `retryMs`. */
  onError?: (error: unknown) => void;
  retryMs?: number;
}

export class PublicationDomains {
  /** Publication slug → its domain's origin. */
  private origins = new Map<string, string>();
  /** The latest read started: an earlier one finishing after it is of an older state. */
  private latest = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly store: Pick<PublicationReader, "listPublications">,
    private readonly options: DomainsOptions = {},
  ) {}

  /**
   * Reads every publication's domain, a page at a time; the old map serves until done. Never
   * rejects: a failure is told to `onError` and the read is tried again.
   */
  async refresh(): Promise<void> {
    clearTimeout(this.timer);
    const read = ++this.latest;
    try {
      const origins = await this.readAll();
      if (read !== this.latest || this.stopped) return;
      this.origins = origins;
      this.options.onLoaded?.();
    } catch (error) {
      if (read !== this.latest || this.stopped) return;
      this.options.onError?.(error);
      this.timer = setTimeout(() => void this.refresh(), this.options.retryMs ?? RETRY_MS);
      this.timer.unref();
    }
  }

  originOf(publicationSlug: string): string | undefined {
    return this.origins.get(publicationSlug);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async readAll(): Promise<Map<string, string>> {
    const origins = new Map<string, string>();
    for (let after = ""; ;) {
      const page = await this.store.listPublications(after, PAGE);
      for (const publication of page) {
        const origin = customOrigin(publication);
        if (origin !== undefined) origins.set(publication.slug, origin);
      }
      if (page.length < PAGE) return origins;
      after = page.at(-1)!.id;
    }
  }
}
