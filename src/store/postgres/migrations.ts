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
