// Versioned schema steps for the PostgreSQL store, and the one way they are applied.
// Append only: a released step never changes. Every node may call migrate() on start, so
// steps are serialized across nodes by a transaction-scoped advisory lock.
import type { PoolClient } from "pg";
import { SchemaTooNewError, type SchemaState } from "../post-store.js";

export const migrations: readonly string[] = [
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
  // 3 (issue 11, authoring): what an API write keeps on a post, and the order of a
  // publication's own list (newest first: when the post was first stored).
  `
  ALTER TABLE posts ADD COLUMN post_preview TEXT;
  ALTER TABLE posts ADD COLUMN send_newsletter BOOLEAN NOT NULL DEFAULT false;
  ALTER TABLE posts ADD COLUMN created_at BIGINT;
  UPDATE posts SET created_at = coalesce(published_at, updated_at);
  CREATE INDEX posts_by_publication_created ON posts (publication_id, created_at, id);
  `,
  // 4 (issue 11, authoring): API keys, stored as hashes only.
  `
  CREATE TABLE api_keys (
    id             TEXT COLLATE "C" PRIMARY KEY,
    publication_id TEXT COLLATE "C" NOT NULL REFERENCES publications (id),
    name           TEXT,
    hash           TEXT COLLATE "C" NOT NULL UNIQUE,
    hint           TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    revoked_at     BIGINT
  );
  `,
  // 5 (issue 11, authoring): slug history. Every write path (import or API) records a
  // rename here, so the trigger, not each writer, keeps it; a slug a post takes leaves
  // any history that held it (a live slug always wins).
  `
  CREATE TABLE post_slug_history (
    publication_id TEXT COLLATE "C" NOT NULL REFERENCES publications (id),
    slug           TEXT COLLATE "C" NOT NULL,
    post_id        TEXT COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    PRIMARY KEY (publication_id, slug)
  );
  CREATE INDEX post_slug_history_by_post ON post_slug_history (post_id);
  CREATE FUNCTION folio_post_slug_history() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND OLD.slug = NEW.slug AND OLD.publication_id = NEW.publication_id THEN
      RETURN NULL;
    END IF;
    DELETE FROM post_slug_history WHERE publication_id = NEW.publication_id AND slug = NEW.slug;
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO post_slug_history (publication_id, slug, post_id)
        VALUES (OLD.publication_id, OLD.slug, OLD.id)
        ON CONFLICT (publication_id, slug) DO UPDATE SET post_id = EXCLUDED.post_id;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER posts_slug_history AFTER INSERT OR UPDATE OF slug, publication_id ON posts
    FOR EACH ROW EXECUTE FUNCTION folio_post_slug_history();
  `,
  // 6 (issue 11, authoring): Idempotency-Key answers (24 hours) and page views.
  `
  CREATE TABLE idempotency_keys (
    publication_id TEXT COLLATE "C" NOT NULL,
    key            TEXT COLLATE "C" NOT NULL,
    request_hash   TEXT NOT NULL,
    answer         TEXT,
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (publication_id, key)
  );
  CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
  CREATE TABLE post_views (
    post_id TEXT COLLATE "C" PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
    views   BIGINT NOT NULL
  );
  `,
  // 7 (issue 12, discovery): the original service's publication fields; users by wallet.
  `
  ALTER TABLE publications
    ADD COLUMN owner_user_id TEXT COLLATE "C",
    ADD COLUMN custom_domain TEXT,
    ADD COLUMN custom_domain_host TEXT COLLATE "C",
    ADD COLUMN summary TEXT,
    ADD COLUMN logo_url TEXT;
  CREATE INDEX publications_by_domain ON publications (custom_domain_host, id);
  CREATE INDEX authors_by_publication ON authors (publication_id, id);
  CREATE INDEX authors_by_wallet ON authors (lower(wallet_address), id);
  `,
  // 8 (issue 12, discovery): keyset-paged lists, newest first. Each list is one index range
  // in (published_at, id) order, so a page costs the same however deep it is. Category
  // rows carry their post's status and time for the same reason, kept equal by a trigger.
  `
  CREATE INDEX posts_by_publication_time ON posts (publication_id, status, published_at, id);
  CREATE INDEX posts_by_time ON posts (status, published_at, id);
  DROP INDEX posts_by_status_time;
  ALTER TABLE post_categories ADD COLUMN status TEXT, ADD COLUMN published_at BIGINT;
  UPDATE post_categories c SET status = p.status, published_at = p.published_at
    FROM posts p WHERE p.id = c.post_id;
  CREATE INDEX post_categories_by_tag ON post_categories (name, status, published_at, post_id);
  CREATE FUNCTION folio_sync_post_categories() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE post_categories SET status = NEW.status, published_at = NEW.published_at
     WHERE post_id = NEW.id;
    RETURN NULL;
  END $$;
  CREATE TRIGGER posts_sync_categories AFTER UPDATE OF status, published_at ON posts
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at)
    EXECUTE FUNCTION folio_sync_post_categories();
  -- The key list cursors are signed with: one per store, so every node accepts every cursor.
  CREATE TABLE folio_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  INSERT INTO folio_keys (name, value)
    VALUES ('cursor', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
  `,
  // 9 (issue 12, discovery): full-text search. Generated columns: PostgreSQL recomputes them in
  // every write's own statement, whoever writes. The body is the Markdown's first 100,000
  // characters (a tsvector may not exceed 1 MB). English stemming without a stop-word list,
  // as SQLite's porter tokenizer does: a publication called "Other" must be findable.
  `
  CREATE TEXT SEARCH DICTIONARY folio_english_stem (TEMPLATE = snowball, Language = english);
  CREATE TEXT SEARCH CONFIGURATION folio_english (COPY = english);
  ALTER TEXT SEARCH CONFIGURATION folio_english
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
    WITH folio_english_stem;
  ALTER TABLE posts ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('folio_english'::regconfig, title), 'A') ||
    setweight(to_tsvector('folio_english'::regconfig, coalesce(subtitle, '')), 'B') ||
    setweight(to_tsvector('folio_english'::regconfig, left(markdown, 100000)), 'D')) STORED;
  CREATE INDEX posts_search ON posts USING gin (search);
  ALTER TABLE publications ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('folio_english'::regconfig, name), 'A') ||
    setweight(to_tsvector('folio_english'::regconfig, slug), 'B') ||
    setweight(to_tsvector('folio_english'::regconfig, coalesce(summary, '')), 'C')) STORED;
  CREATE INDEX publications_search ON publications USING gin (search);
  `,
  // 10 (issue 13, webhooks): endpoints, the outbox of events and their deliveries, what receivers
  // were last told of each post, and how far go-lives have been swept. Posts visible now are
  // recorded as told (receivers of endpoints made from now on never heard of them otherwise).
  `
  CREATE TABLE webhook_endpoints (
    id              TEXT COLLATE "C" PRIMARY KEY,
    url             TEXT NOT NULL,
    publication_id  TEXT COLLATE "C" REFERENCES publications (id) ON DELETE CASCADE,
    events          TEXT,
    include_content BOOLEAN NOT NULL DEFAULT false,
    secret          TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    disabled_at     BIGINT,
    disabled_reason TEXT
  );

  CREATE TABLE webhook_posts (
    post_id        TEXT COLLATE "C" PRIMARY KEY,
    publication_id TEXT COLLATE "C" NOT NULL,
    slug           TEXT COLLATE "C" NOT NULL,
    visible        BOOLEAN NOT NULL,
    meta_hash      TEXT,
    html_hash      TEXT
  );

  CREATE TABLE webhook_events (
    id             TEXT COLLATE "C" PRIMARY KEY,
    type           TEXT NOT NULL,
    post_id        TEXT COLLATE "C" NOT NULL,
    publication_id TEXT COLLATE "C" NOT NULL,
    created_at     BIGINT NOT NULL,
    payload        TEXT NOT NULL,
    content        TEXT
  );

  CREATE TABLE webhook_deliveries (
    seq             BIGSERIAL PRIMARY KEY,
    id              TEXT COLLATE "C" NOT NULL UNIQUE,
    event_id        TEXT COLLATE "C" NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id     TEXT COLLATE "C" NOT NULL
                      REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    post_id         TEXT COLLATE "C" NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL,
    retry_since     BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    lease_until     BIGINT NOT NULL DEFAULT 0,
    lease_owner     TEXT,
    last_attempt_at BIGINT,
    last_status     INTEGER,
    last_error      TEXT,
    delivered_at    BIGINT
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_post_order ON webhook_deliveries (endpoint_id, post_id, seq)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, seq);
  CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

  CREATE TABLE webhook_sweep (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    swept_until BIGINT NOT NULL
  );
  INSERT INTO webhook_sweep (id, swept_until)
    VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
  INSERT INTO webhook_posts (post_id, publication_id, slug, visible)
    SELECT id, publication_id, slug, true FROM posts
     WHERE status = 'published'
       AND published_at <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  `,
  // 11 (issue 17): each post's response bytes, without and with content, and their ETag,
  // written in the transaction that writes the post (stored-bytes.ts). Filled for older posts
  // on migrate. Stored uncompressed: a read must not pay to inflate what it sends.
  `
  CREATE TABLE post_bytes (
    post_id TEXT COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    content BOOLEAN NOT NULL,
    etag    TEXT NOT NULL,
    body    BYTEA NOT NULL,
    PRIMARY KEY (post_id, content)
  );
  ALTER TABLE post_bytes ALTER COLUMN body SET STORAGE EXTERNAL;
  `,
];

/** Any constant shared by every Folio node; it names the lock, nothing else. */
const MIGRATION_LOCK = 7_346_101;

const CREATE_SCHEMA_TABLE = `CREATE TABLE IF NOT EXISTS folio_schema (
  version    INTEGER PRIMARY KEY,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

export async function readSchemaState(client: PoolClient): Promise<SchemaState> {
  const latest = migrations.length;
  const exists = await client.query<{ t: string | null }>(
    "SELECT to_regclass('folio_schema')::text AS t",
  );
  if (exists.rows[0]?.t == null) return { current: 0, latest };
  const result = await client.query<{ v: number | null }>(
    "SELECT max(version) AS v FROM folio_schema",
  );
  return { current: result.rows[0]?.v ?? 0, latest };
}

/** Applies the missing steps in one transaction; the lock makes other nodes wait, then see them. */
export async function applyMigrations(client: PoolClient): Promise<SchemaState> {
  await client.query("BEGIN");
  try {
    // A node waiting for another's migration must not be cut off by the read timeout.
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(CREATE_SCHEMA_TABLE);
    const state = await readSchemaState(client);
    if (state.current > state.latest) throw new SchemaTooNewError(state);
    for (let version = state.current + 1; version <= state.latest; version++) {
      await client.query(migrations[version - 1]!);
      await client.query("INSERT INTO folio_schema (version) VALUES ($1)", [version]);
    }
    await client.query("COMMIT");
    return { current: state.latest, latest: state.latest };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
