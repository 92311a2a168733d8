// Where `folio import` reads from: a file or standard input as NDJSON, or another platform's
// export through its converter (import/from/).
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { CONVERTERS, type ConvertOptions } from "../import/from/index.js";
import type { SourceItem } from "../import/source.js";
import { UsageError } from "./args.js";
import type { ImportLimits } from "./import-limits.js";

export const FORMATS = Object.keys(CONVERTERS).join("|");

export type Source = Readable | AsyncIterable<SourceItem>;

/** Where a converted export's posts go: a stored publication, or a new one's slug. */
export type Destination = Pick<ConvertOptions, "into" | "publication">;

/** An NDJSON file or standard input, opened now so a missing file is one clear error. */
export function openNdjson(path: string): Promise<Readable> {
  return path === "-" ? Promise.resolve(process.stdin) : openFile(path);
}

/** An export read through its converter, its posts going to `destination`. */
export function openExport(
  path: string,
  from: string,
  destination: Destination,
  limits: ImportLimits,
): Source {
  const converter = CONVERTERS[from];
  if (converter === undefined)
    throw new UsageError(`--from must be one of ${FORMATS}, not '${from}'`);
  return converter(path, { ...destination, maxBytes: limits.maxBytes });
}

async function openFile(path: string): Promise<Readable> {
  try {
    // Opened first so a missing or unreadable file is one clear error, not a stream error later.
    // The stream owns the handle, so it stays open for as long as the import reads.
    const handle = await open(path, "r");
    return handle.createReadStream({ highWaterMark: 1024 * 1024 });
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}
