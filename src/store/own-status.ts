// The states an author lists by, as SQL over a posts alias: one definition for both
// backends, built from the visibility rule so `published` here is what readers see.
import type { OwnStatus } from "./authoring-reads.js";
import { sql, type RawBuilder } from "./kysely.js";
import { scheduledAt, visibleAt } from "./visibility.js";

export const OWN_STATUSES: readonly OwnStatus[] = ["published", "draft", "scheduled", "archived"];

/** For a statement written once (statement.ts): `now` is its argument; draft and archived do not bind it. */
export function ownStatusAt(status: OwnStatus, alias: string, now: unknown): RawBuilder<boolean> {
  switch (status) {
    case "published":
      return visibleAt(alias, now);
    case "scheduled":
      return scheduledAt(alias, now);
    default:
      return sql<boolean>`${sql.raw(`${alias}.status = '${status}'`)}`;
  }
}
