// API keys as the store keeps them: a hash of the secret, never the secret.
// Each key belongs to one publication; a revoked key stays listed with its revocation time.
// The role is written once over a backend's executor; on PostgreSQL it runs on the primary,
// so a revocation is seen at once, not after a replica catches up.
import { UnknownPublicationError } from "./records.js";
import { statement, type Executor, type Row } from "./statement.js";

export interface ApiKeyRecord {
  id: string;
  publicationId: string;
  name?: string;
  /** SHA-256 of the whole key, hex. */
  hash: string;
  /** The key's first characters, so a person can tell keys apart; never enough to use. */
  hint: string;
  createdAt: number;
  revokedAt?: number;
}

/** Managing and checking API keys. */
export interface ApiKeyStore {
  /** Stores a new key; rejects with UnknownPublicationError when the publication is missing. */
  createApiKey(key: ApiKeyRecord): Promise<void>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked at `at`; false when no such key exists (or it was already revoked). */
  revokeApiKey(id: string, at: number): Promise<boolean>;
  /** The live (unrevoked) key with this hash, if any. */
  findApiKey(hash: string): Promise<ApiKeyRecord | undefined>;
}

// One error for both roles (keys and endpoints name a publication that must exist).
export { UnknownPublicationError } from "./records.js";

type KeyRow = Row<"api_keys", (typeof KEY_COLUMNS)[number]>;

/** BIGINT strings become numbers; NULL becomes an omitted field. */
function toKeyRecord(row: KeyRow): ApiKeyRecord {
  const key: ApiKeyRecord = {
    id: row.id,
    publicationId: row.publication_id,
    hash: row.hash,
    hint: row.hint,
    createdAt: Number(row.created_at),
  };
  if (row.name !== null) key.name = row.name;
  if (row.revoked_at !== null) key.revokedAt = Number(row.revoked_at);
  return key;
}

const KEY_COLUMNS = [
  "id",
  "publication_id",
  "name",
  "hash",
  "hint",
  "created_at",
  "revoked_at",
] as const;

interface NewKey {
  id: string;
  publicationId: string;
  name: string | null;
  hash: string;
  hint: string;
  createdAt: number;
}

// Inserts only when the publication exists; no row back means it does not.
const CREATE = statement((db, k: NewKey) =>
  db
    .insertInto("api_keys")
    .columns([...KEY_COLUMNS])
    .expression(
      db
        .selectFrom("publications")
        .select((eb) => [
          eb.val(k.id).as("id"),
          "id as publication_id",
          eb.val(k.name).as("name"),
          eb.val(k.hash).as("hash"),
          eb.val(k.hint).as("hint"),
          eb.val(k.createdAt).as("created_at"),
          eb.lit(null).as("revoked_at"),
        ])
        .where("id", "=", k.publicationId),
    )
    .returning("id"),
);

const LIST = statement((db) =>
  db.selectFrom("api_keys").select(KEY_COLUMNS).orderBy("created_at").orderBy("id"),
);

const REVOKE = statement((db, a: { id: string; at: number }) =>
  db
    .updateTable("api_keys")
    .set({ revoked_at: a.at })
    .where("id", "=", a.id)
    .where("revoked_at", "is", null),
);

// Every authoring request asks it: named, so each connection parses it once.
const FIND = statement(
  (db, a: { hash: string }) =>
    db
      .selectFrom("api_keys")
      .select(KEY_COLUMNS)
      .where("hash", "=", a.hash)
      .where("revoked_at", "is", null),
  "folio_v4_find_api_key",
);

export function apiKeyStore(sql: Executor): ApiKeyStore {
  return {
    async createApiKey(k) {
      const key = { ...k, name: k.name ?? null };
      if ((await sql.rows(CREATE, key)).length === 0)
        throw new UnknownPublicationError(k.publicationId);
    },
    async listApiKeys() {
      return (await sql.rows(LIST, {})).map(toKeyRecord);
    },
    async revokeApiKey(id, at) {
      return (await sql.changes(REVOKE, { id, at })) === 1;
    },
    async findApiKey(hash) {
      const [row] = await sql.rows(FIND, { hash });
      return row && toKeyRecord(row);
    },
  };
}
