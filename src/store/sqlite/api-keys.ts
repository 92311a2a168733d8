// API keys on SQLite (the ApiKeyStore role).
import type Database from "better-sqlite3";
import { UnknownPublicationError, type ApiKeyStore } from "../api-keys.js";
import { COLUMNS, toKeyRecord, type KeyRow } from "../api-key-row.js";
import { guarded, lazyStatements } from "./errors.js";

export function sqliteApiKeys(db: Database.Database): ApiKeyStore {
  const sql = lazyStatements(db);
  return {
    async createApiKey(k) {
      guarded(() => {
        if (!sql("SELECT 1 FROM publications WHERE id = ?").get(k.publicationId)) {
          throw new UnknownPublicationError(k.publicationId);
        }
        sql(`INSERT INTO api_keys (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, NULL)`).run(
          ...[k.id, k.publicationId, k.name ?? null, k.hash, k.hint, k.createdAt],
        );
      });
    },
    async listApiKeys() {
      const rows = guarded(() =>
        sql(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`).all(),
      );
      return (rows as KeyRow[]).map(toKeyRecord);
    },
    async revokeApiKey(id, at) {
      const sqlText = "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL";
      return guarded(() => sql(sqlText).run(at, id).changes === 1);
    },
    async findApiKey(hash) {
      const text = `SELECT ${COLUMNS} FROM api_keys WHERE hash = ? AND revoked_at IS NULL`;
      const row = guarded(() => sql(text).get(hash)) as KeyRow | undefined;
      return row && toKeyRecord(row);
    },
  };
}
