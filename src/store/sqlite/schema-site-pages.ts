// Step 15: the reader's post pages and publication homes as last made (store/site-pages.ts).

export const sitePagesSteps: readonly [string] = [
  // 15: a post page's bytes in each coding, and the fingerprint of everything it was made
  // from. Never trusted as they are: a read recomputes the fingerprint from the rows as they
  // now stand and uses the page only when the two agree, so no write has to drop it.
  `
  CREATE TABLE site_pages (
    post_id     TEXT PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL,
    etag        TEXT NOT NULL,
    body        BLOB NOT NULL,
    gzip        BLOB NOT NULL,
    br          BLOB NOT NULL
  ) STRICT;
  -- A publication's home, its first page only: the one page of a list every reader starts on.
  CREATE TABLE site_home_pages (
    publication_id TEXT PRIMARY KEY REFERENCES publications (id) ON DELETE CASCADE,
    fingerprint    TEXT NOT NULL,
    etag           TEXT NOT NULL,
    body           BLOB NOT NULL,
    gzip           BLOB NOT NULL,
    br             BLOB NOT NULL
  ) STRICT;
  `,
];
