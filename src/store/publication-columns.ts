// Publication rows, the same on every backend: the columns written, the host a custom
// domain is looked up by, and row → record.
import type { PublicationInput, PublicationRecord } from "./post-store.js";

/** The host of a custom domain as the WHATWG URL parser gives it: lower case, IDN as punycode. */
export function domainHost(customDomain: string | undefined): string | undefined {
  if (customDomain === undefined) return undefined;
  return URL.canParse(customDomain) ? new URL(customDomain).hostname : undefined;
}

/** Column values in the order of the publication upserts. */
export function publicationColumns(p: PublicationInput): unknown[] {
  return [
    ...[p.id, p.slug, p.name, p.ownerUserId, p.customDomain, domainHost(p.customDomain)],
    ...[p.summary, p.logoUrl],
  ].map((value) => value ?? null);
}

/** The publications table's columns, in publicationColumns' order. */
const COLUMNS = [
  ...["id", "slug", "name", "owner_user_id", "custom_domain", "custom_domain_host"],
  ...["summary", "logo_url"],
];
export const PUBLICATION_COLUMN_NAMES = COLUMNS.join(", ");

/** What an upsert changes on a publication that exists: everything but its id. */
export const PUBLICATION_UPSERT_SET = COLUMNS.slice(1)
  .map((column) => `${column} = excluded.${column}`)
  .join(", ");

export interface PublicationRow {
  id: string;
  slug: string;
  name: string;
  owner_user_id: string;
  custom_domain: string | null;
  summary: string | null;
  logo_url: string | null;
}

/** NULL becomes an omitted field. */
export function toPublicationRecord(row: PublicationRow): PublicationRecord {
  const record: PublicationRecord = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    ownerUserId: row.owner_user_id,
  };
  if (row.custom_domain !== null) record.customDomain = row.custom_domain;
  if (row.summary !== null) record.summary = row.summary;
  if (row.logo_url !== null) record.logoUrl = row.logo_url;
  return record;
}

/**
 * A publication's owner: the one written, else its first author by id, else "" (the original
 * service always names one). Over the alias `pub`.
 */
export const OWNER = `COALESCE(pub.owner_user_id,
    (SELECT min(a.id) FROM authors a WHERE a.publication_id = pub.id), '')`;

/** The SELECT list of a publication row (alias `pub`), for statements written per backend. */
export const PUBLICATION_COLUMNS = `pub.id, pub.slug, pub.name, ${OWNER} AS owner_user_id,
  pub.custom_domain, pub.summary, pub.logo_url`;
