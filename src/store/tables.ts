// The tables as the statements written once (statement.ts) see them: each column's type when
// read, and when written. PostgreSQL reads BIGINT as a string, SQLite as a number; rows are
// turned into records by the mappers beside each role, so both are allowed here.
import type { ColumnType } from "kysely";

/** Milliseconds since the epoch: written as a number, read as either. */
type Millis = ColumnType<number | string, number, number>;
type MaybeMillis = ColumnType<number | string | null, number | null, number | null>;

export interface Tables {
  publications: {
    id: string;
    slug: string;
  };
  api_keys: {
    id: string;
    publication_id: string;
    name: string | null;
    hash: string;
    hint: string;
    created_at: Millis;
    revoked_at: MaybeMillis;
  };
  webhook_endpoints: {
    id: string;
    url: string;
    publication_id: string | null;
    events: string | null;
    /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
    include_content: ColumnType<boolean | number, boolean, boolean>;
    secret: string;
    created_at: Millis;
    disabled_at: MaybeMillis;
    disabled_reason: string | null;
  };
}
