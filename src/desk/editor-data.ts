// What the server gives the browser's editor in its page (pages.ts writes it, the bundle's
// editor.ts reads it): one type for both sides; and the times the editor keeps unsaved text
// by, which its tests wait on. Without imports, so the bundle takes it alone.

/** A copy of unsaved text older than this belongs to no open tab: the next visit takes it up. */
export const ABANDONED_MS = 15_000;
/** How often a tab with unsaved text touches its copy. */
export const HEARTBEAT_MS = 5_000;

/** What the browser's editor starts from (editor.ts reads it from the page). */
export interface EditorData {
  csrf: string;
  siteOrigin: string;
  /** The publication's address: a post's is this, "/" and its slug. */
  publicationUrl: string;
  maxBytes: number;
  post?: {
    id: string;
    etag: string;
    title: string;
    subtitle: string;
    slug: string;
    categories: string[];
    imageUrl: string;
    status: string;
    publishedAt?: number;
    json: unknown;
  };
}
