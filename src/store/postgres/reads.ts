// One read statement on the read pool, named so each pooled connection parses and plans it
// once, and bounded in time so a silent connection cannot hold a request forever.
import type pg from "pg";

export interface ReadContext {
  pool: pg.Pool;
  translate: (error: unknown) => unknown;
  statementTimeoutMs: number;
}

export async function namedRead<R extends pg.QueryResultRow>(
  context: ReadContext,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<R[]> {
  try {
    const result = await context.pool.query<R>({
      // Versioned, so that a changed text never meets a plan made for the old one.
      name: `folio_v3_${name}`,
      text,
      values: [...values],
      query_timeout: context.statementTimeoutMs + 1000,
    } as pg.QueryConfig);
    return result.rows;
  } catch (error) {
    throw context.translate(error);
  }
}

/** PostgreSQL text cannot hold a NUL, so no stored key has one; asking would be an error. */
export const holdsNul = (value: unknown) => typeof value === "string" && value.includes("\0");

export const hasNul = (values: readonly string[]) => values.some(holdsNul);
