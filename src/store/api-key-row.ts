// Row → record mapping of API keys, shared by the backends.
import type { ApiKeyRecord } from "./api-keys.js";

export interface KeyRow {
  id: string;
  publication_id: string;
  name: string | null;
  hash: string;
  hint: string;
  /** A number on SQLite, a BIGINT string on PostgreSQL. */
  created_at: number | string;
  revoked_at: number | string | null;
}

export const COLUMNS = "id, publication_id, name, hash, hint, created_at, revoked_at";

/** BIGINT strings become numbers; NULL becomes an omitted field. */
export function toKeyRecord(row: KeyRow): ApiKeyRecord {
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
