// API keys on PostgreSQL (the ApiKeyStore role), on the primary: a revocation must be seen
// at once, not after a replica catches up.
import { UnknownPublicationError, type ApiKeyStore } from "../api-keys.js";
import { COLUMNS, toKeyRecord, type KeyRow } from "../api-key-row.js";
import type { OnPrimary } from "./authoring-reads.js";

// Inserts only when the publication exists; no row back means it does not.
const CREATE = `INSERT INTO api_keys (${COLUMNS})
  SELECT $1, id, $3, $4, $5, $6, NULL FROM publications WHERE id = $2 RETURNING id`;

export function postgresApiKeys(onPrimary: OnPrimary): ApiKeyStore {
  return {
    async createApiKey(k) {
      const values = [k.id, k.publicationId, k.name ?? null, k.hash, k.hint, k.createdAt];
      const result = await onPrimary((c) => c.query(CREATE, values));
      if (result.rowCount === 0) throw new UnknownPublicationError(k.publicationId);
    },
    async listApiKeys() {
      const text = `SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`;
      const result = await onPrimary((c) => c.query<KeyRow>(text));
      return result.rows.map(toKeyRecord);
    },
    async revokeApiKey(id, at) {
      const text = "UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL";
      const result = await onPrimary((c) => c.query(text, [at, id]));
      return result.rowCount === 1;
    },
    async findApiKey(hash) {
      const result = await onPrimary((c) =>
        c.query<KeyRow>({
          name: "folio_v3_find_api_key",
          text: `SELECT ${COLUMNS} FROM api_keys WHERE hash = $1 AND revoked_at IS NULL`,
          values: [hash],
        }),
      );
      const row = result.rows[0];
      return row && toKeyRecord(row);
    },
  };
}
