// Steps 1–2: the read API's original tables (publications, authors, posts, their lists).

export const postsSteps: readonly [string, string] = [
  // Keys and slugs use the "C" collation: they are matched byte for byte, and the
  // indexes on them skip locale-aware comparison.
  `
  CREATE TABLE publications (
    id   TEXT COLLATE "C" PRIMARY KEY,
    slug TEXT COLLATE "C" NOT NULL UNIQUE,
    name TEXT NOT NULL
  );

  CREATE TABLE authors (
    id                  TEXT COLLATE "C" PRIMARY KEY,
    publication_id      TEXT COLLATE "C" NOT NULL REFERENCES publications (id),
    name                TEXT NOT NULL,
    wallet_address      TEXT,
    avatar_url          TEXT,
    bio                 TEXT,
    social_username     TEXT,
    social_display_name TEXT,
    social_fid          BIGINT
  );

  CREATE TABLE posts (
    id               TEXT COLLATE "C" PRIMARY KEY,
    publication_id   TEXT COLLATE "C" NOT NULL REFERENCES publications (id),
    slug             TEXT COLLATE "C" NOT NULL,
    title            TEXT NOT NULL,
    subtitle         TEXT,
    image_url        TEXT,
    status           TEXT NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
    published_at     BIGINT,
    updated_at       BIGINT NOT NULL,
    coin_id          TEXT,
    renderer_version INTEGER NOT NULL,
    content_json     TEXT NOT NULL,
    static_html      TEXT NOT NULL,
    markdown         TEXT NOT NULL,
    UNIQUE (publication_id, slug)
  );

  CREATE TABLE post_authors (
    post_id   TEXT COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    author_id TEXT COLLATE "C" NOT NULL REFERENCES authors (id),
    PRIMARY KEY (post_id, position)
  );
  CREATE INDEX post_authors_by_author ON post_authors (author_id);

  CREATE TABLE post_categories (
    post_id  TEXT COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (post_id, position)
  );
  `, // 2: go-live timers and visible-post lists find published posts by time.
  `CREATE INDEX posts_by_status_time ON posts (status, published_at);`,
];
