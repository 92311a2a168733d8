// What an import prints about bad records: the first few of each kind, then a count, so a
// file of a million bad lines prints a screenful, not a gigabyte.
import { formatRejection, type ImportRejection } from "../import/run-import.js";
import { shown } from "./terminal-text.js";

export const DEFAULT_SHOWN_PER_KIND = 20;

interface RejectionLog {
  onRejection(rejection: ImportRejection): void;
  /** One line per kind that had more rejections than were shown. */
  untold(): string[];
}

/** A kind is the field, whatever its index: `categories[3]` and `categories[7]` are one. */
const kindOf = (r: ImportRejection) => r.field.replace(/\[\d+\]/g, "[]");

export function rejectionLog(print: (line: string) => void, perKind: number): RejectionLog {
  const counts = new Map<string, number>();
  return {
    onRejection(rejection) {
      const kind = kindOf(rejection);
      const n = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, n);
      // A reason may quote the record, and a place names a file inside an archive.
      if (n <= perKind) print(shown(formatRejection(rejection)));
    },
    untold() {
      return [...counts]
        .filter(([, n]) => n > perKind)
        .map(([kind, n]) => `… and ${n - perKind} more rejections of ${shown(kind)} not shown`);
    },
  };
}
