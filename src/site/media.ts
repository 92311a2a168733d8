// Images uploaded to the desk, as pages show them: every width the store keeps offered in
// `srcset`, and the image's own size as width/height so the page does not shift as it loads.
// Found by address (`/media/{id}/{width}.{ext}`, relative or on the site's origin) and looked
// up in the store when a page is made, so an image keeps its variants whatever a later
// Folio resizes new uploads to.
import type { MediaRecord, MediaStore } from "../store/post-store.js";

/** An image's responsive attributes, when Folio keeps it at several widths. */
export type ImageLookup = (src: string) => Responsive | undefined;

/** A page's images, and how many of them are this site's uploads (looked up in the store). */
export type PageImages = ImageLookup & { uploads: number };

/** What the theme's text column shows an image at: the measure, or the screen less its margins. */
const IMAGE_SIZES = "(min-width: 45rem) 42rem, calc(100vw - 2.5rem)";

const MEDIA_PATH = /^\/media\/(med_[A-Za-z0-9_-]{16})\/(\d+)\.([a-z]+)$/;
const IMG_SRC = /<img\b[^>]*?\ssrc="([^"]*)"/g;

export class SiteMedia {
  private readonly origin: string;

  constructor(
    private readonly store: Pick<MediaStore, "findMedia">,
    siteUrl: string,
  ) {
    this.origin = new URL(siteUrl).origin;
  }

  /** The id of the uploaded image at `url`, when it is one of this site's. */
  idOf(url: string): string | undefined {
    const path = url.startsWith(`${this.origin}/`) ? url.slice(this.origin.length) : url;
    return MEDIA_PATH.exec(path)?.[1];
  }

  /**
   * What a post's page knows of the uploaded images it shows (its cover and its body's
   * images): one store read per distinct image, none for a post without any.
   */
  async lookupFor(html: string, cover: string | undefined): Promise<PageImages> {
    const ids = new Set<string>();
    for (const url of [cover ?? "", ...[...html.matchAll(IMG_SRC)].map((m) => m[1]!)]) {
      const id = this.idOf(url);
      if (id !== undefined) ids.add(id);
    }
    if (ids.size === 0) return Object.assign(() => undefined, { uploads: 0 });
    const found = await Promise.all([...ids].map((id) => this.store.findMedia(id)));
    const records = new Map(found.filter((m) => m !== undefined).map((m) => [m.id, m]));
    const lookup = (src: string) => {
      const record = records.get(this.idOf(src) ?? "");
      return record && responsive(src, record);
    };
    return Object.assign(lookup, { uploads: ids.size });
  }
}

export interface Responsive {
  width: number;
  height: number;
  srcset: string;
  sizes: string;
}

/** The image at `url` in every width it is kept at (same address, another width). */
export function responsive(url: string, media: MediaRecord): Responsive {
  const at = url.lastIndexOf("/");
  const dot = url.lastIndexOf(".");
  const base = url.slice(0, at + 1);
  const extension = url.slice(dot);
  const srcset = media.widths.map((w) => `${base}${w}${extension} ${w}w`).join(", ");
  return { width: media.width, height: media.height, srcset, sizes: IMAGE_SIZES };
}
