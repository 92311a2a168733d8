// Which site a request is for, from its Host: a publication's custom domain, else Folio's
// own. Publications are remembered by host and by slug until a change notice says
// "everything changed" (how publication writes are told), so a page from the cache costs
// no store read to place.
import type { ChangeNotice, PublicationReader, PublicationRecord } from "../store/post-store.js";
import { memoized } from "../memo.js";
import type { Where } from "./pages.js";

/** Hosts and slugs remembered, at most: past it the memory starts over. */
const MAX_REMEMBERED = 10_000;

export class SiteHosts {
  private readonly byHost = new Map<string, PublicationRecord | null>();
  private readonly bySlug = new Map<string, PublicationRecord | null>();
  private generation = 0;
  private readonly mainHost: string;

  constructor(
    private readonly store: Pick<PublicationReader, "findPublication">,
    siteUrl: string,
  ) {
    this.mainHost = new URL(siteUrl).hostname;
  }

  /** Where a request with this Host header goes. */
  async where(hostHeader: string | undefined): Promise<Where> {
    const host = hostName(hostHeader);
    if (host === undefined || host === this.mainHost) return { main: true };
    const publication = await this.remembered(this.byHost, host, () =>
      this.store.findPublication({ domainHost: host }),
    );
    return publication === undefined ? { main: true } : { main: false, publication };
  }

  publicationBySlug(slug: string): Promise<PublicationRecord | undefined> {
    return this.remembered(this.bySlug, slug, () => this.store.findPublication({ slug }));
  }

  apply(notice: ChangeNotice): void {
    if (!notice.all) return;
    this.generation++;
    this.byHost.clear();
    this.bySlug.clear();
  }

  private async remembered(
    memory: Map<string, PublicationRecord | null>,
    key: string,
    read: () => Promise<PublicationRecord | undefined>,
  ): Promise<PublicationRecord | undefined> {
    const known = memory.get(key);
    if (known !== undefined) return known ?? undefined;
    const generation = this.generation;
    const found = await read();
    // A read that straddles a change may have seen the old publication: not kept.
    if (generation === this.generation) {
      if (memory.size >= MAX_REMEMBERED) memory.clear();
      memory.set(key, found ?? null);
    }
    return found;
  }
}

/** The host of a Host header, lower case, without its port; undefined when it is not one. */
function hostName(header: string | undefined): string | undefined {
  if (header === undefined || header === "" || header.length > 255) return undefined;
  return parsedHost(header);
}

// Clients send a handful of distinct Host headers, and URL parsing is dear per request.
const parsedHost = memoized((header: string): string | undefined => {
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return undefined;
  }
}, 1000);
