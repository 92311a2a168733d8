// The states an author lists by, as SQL over a posts alias: one definition for both
// backends, built from the visibility rule so `published` here is what readers see.
import type { OwnStatus } from "./authoring-reads.js";
import { scheduledWhere, visibleWhere } from "./visibility.js";

export const OWN_STATUSES: readonly OwnStatus[] = ["published", "draft", "scheduled", "archived"];

/** `now` bound at `placeholder`; draft and archived do not need it. */
export function ownStatusWhere(status: OwnStatus, alias: string, placeholder: string): string {
  switch (status) {
    case "published":
      return visibleWhere(alias, placeholder);
    case "scheduled":
      return scheduledWhere(alias, placeholder);
    default:
      return `${alias}.status = '${status}'`;
  }
}

/** Whether the predicate of `status` binds `now`. */
export const needsNow = (status: OwnStatus) => status === "published" || status === "scheduled";
