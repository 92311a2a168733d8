// The store's own checks of an import line or API write on SQLite, against what the file
// (or the store) already holds: references exist, slugs are not another's.
import type { NumberedRecord, Rejection } from "../post-store.js";
import type { WriteStatements } from "./write-statements.js";

export function checkRecord(
  sql: WriteStatements,
  { line, record }: NumberedRecord,
  keyByHash: (hash: string) => string | undefined,
): Rejection | undefined {
  if (record.type === "webhookEndpoint") {
    const pub = record.publicationId;
    if (pub === undefined || sql.publicationById.get(pub)) return undefined;
    return { line, field: "publicationId", reason: `unknown publication ${pub}` };
  }
  if (record.type === "publication") {
    const owner = sql.publicationBySlug.get(record.slug) as string | undefined;
    if (owner !== undefined && owner !== record.id) {
      return { line, field: "slug", reason: `already used by publication ${owner}` };
    }
    return undefined;
  }
  if (!sql.publicationById.get(record.publicationId)) {
    return {
      line,
      field: "publicationId",
      reason: `unknown publication ${record.publicationId}`,
    };
  }
  if (record.type === "author" || record.type === "media") return undefined;
  if (record.type === "apiKey") {
    const owner = keyByHash(record.hash);
    if (owner === undefined || owner === record.id) return undefined;
    return { line, field: "hash", reason: `already the hash of key ${owner}` };
  }
  const missing = record.authorIds.find((id) => !sql.authorById.get(id));
  if (missing !== undefined) {
    return { line, field: "authorIds", reason: `unknown author ${missing}` };
  }
  const owner = sql.postBySlug.get(record.publicationId, record.slug) as string | undefined;
  if (owner !== undefined && owner !== record.id) {
    return { line, field: "slug", reason: `already used by post ${owner} in this publication` };
  }
  return undefined;
}
