// Publications with a domain of their own, held in memory: a post's canonical address is on
// that domain, and the synchronous part of a read (a Representation's `Link`, built from
// stored bytes) must know it without a store read. Loaded at start and again after every
// "everything changed" notice, which is how a publication write is told.
import type { PublicationReader, PublicationRecord } from "../store/post-store.js";

const PAGE = 1000;

/** A custom domain as an origin (scheme and host; any path or trailing slash dropped). */
export function customOrigin(p: Pick<PublicationRecord, "customDomain">): string | undefined {
  if (p.customDomain === undefined || !URL.canParse(p.customDomain)) return undefined;
  return new URL(p.customDomain).origin;
}

export class PublicationDomains {
  /** Publication slug → its domain's origin. */
  private origins = new Map<string, string>();

  constructor(private readonly store: Pick<PublicationReader, "listPublications">) {}

  /** Reads every publication's domain, a page at a time; the old map serves until done. */
  async load(): Promise<void> {
    const origins = new Map<string, string>();
    for (let after = ""; ;) {
      const page = await this.store.listPublications(after, PAGE);
      for (const publication of page) {
        const origin = customOrigin(publication);
        if (origin !== undefined) origins.set(publication.slug, origin);
      }
      if (page.length < PAGE) break;
      after = page.at(-1)!.id;
    }
    this.origins = origins;
  }

  originOf(publicationSlug: string): string | undefined {
    return this.origins.get(publicationSlug);
  }
}
