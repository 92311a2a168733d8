// Steps 1–2: the read API's original tables (publications, authors, posts, their lists).

export const postsSteps: readonly [string, string] = [
  `
  CREATE TABLE publications (
    id   TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
  ) STRICT;

  CREATE TABLE authors (
    id                  TEXT PRIMARY KEY,
    publication_id      TEXT NOT NULL REFERENCES publications (id),
    name                TEXT NOT NULL,
    wallet_address      TEXT,
    avatar_url          TEXT,
    bio                 TEXT,
    social_username     TEXT,
    social_display_name TEXT,
    social_fid          INTEGER
  ) STRICT;

  -- Content columns come last: a read without content never touches their overflow pages.
  CREATE TABLE posts (
    id               TEXT PRIMARY KEY,
    publication_id   TEXT NOT NULL REFERENCES publications (id),
    slug             TEXT NOT NULL,
    title            TEXT NOT NULL,
    subtitle         TEXT,
    image_url        TEXT,
    status           TEXT NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
    published_at     INTEGER,
    updated_at       INTEGER NOT NULL,
    coin_id          TEXT,
    renderer_version INTEGER NOT NULL,
    content_json     TEXT NOT NULL,
    static_html      TEXT NOT NULL,
    markdown         TEXT NOT NULL,
    UNIQUE (publication_id, slug)
  ) STRICT;

  CREATE TABLE post_authors (
    post_id   TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    author_id TEXT NOT NULL REFERENCES authors (id),
    PRIMARY KEY (post_id, position)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX post_authors_by_author ON post_authors (author_id);

  CREATE TABLE post_categories (
    post_id  TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (post_id, position)
  ) STRICT, WITHOUT ROWID;
  `, // 2: go-live timers and visible-post lists find published posts by time.
  `CREATE INDEX posts_by_status_time ON posts (status, published_at);`,
];
