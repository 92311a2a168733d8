// What the server gives the browser's editor in its page (pages.ts writes it, the bundle's
// editor.ts reads it): one type for both sides. Without imports, so the bundle takes it alone.

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
