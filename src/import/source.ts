// What an import reads, whatever the format: numbered items, each a JSON line (NDJSON), a
// record object made by a converter (--from), or a problem found before parsing.
import type { Readable } from "node:stream";
import { readLines } from "./lines.js";

export interface SourceItem {
  /** Order in the source: the NDJSON line number, or the converter's running count. */
  number: number;
  /** Where a converter found the record ("posts/hello.md", "export.xml line 40"). */
  place?: string;
  /** One NDJSON line, still to parse. */
  text?: string;
  /** A record as an object, as a converter made it. */
  value?: unknown;
  /** Refused before parsing. */
  problem?: { field: string; reason: string };
  /** Not a record Folio keeps (a Ghost page, a WordPress attachment): counted by this name. */
  skipped?: string;
}

/** The input is not in the format it was said to be in; the message names the place. */
export class SourceError extends Error {}

/** An NDJSON stream (plain or gzip) as items; blank lines are skipped, long ones refused. */
export async function* ndjsonItems(
  input: Readable,
  maxLineBytes: number,
  maxBytes: number,
): AsyncGenerator<SourceItem> {
  for await (const { number, text } of readLines(input, maxLineBytes, maxBytes)) {
    if (text === undefined) {
      yield {
        number,
        problem: { field: "(line)", reason: `is longer than ${maxLineBytes} bytes` },
      };
    } else if (text.trim() !== "") {
      yield { number, text };
    }
  }
}
