// Streams records into the store in one transaction: all or nothing unless `partial`, every
// bad record reported, memory flat whatever the input's size, and the input bounded in
// decompressed bytes and in records so that a small hostile file cannot run for hours.
import type { Readable } from "node:stream";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_RECORDS } from "../config/import.js";
import { RESPONSIVE_WIDTHS } from "../store/media.js";
import type { PostStore } from "../store/post-store.js";
import { ImportBatch, type ImportRejection } from "./batch.js";
import { countImport } from "../posts/import-counters.js";
import { ImportLimitError } from "./lines.js";
import { DEFAULT_MEDIA_LIMITS, type MediaLimits, type ParsedRecord } from "./records.js";
import { SourceError, ndjsonItems, type SourceItem } from "./source.js";
import { importPool, parsedAhead, type ImportPool } from "./threads.js";

export type { ImportRejection } from "./batch.js";

export interface ImportOptions {
  partial?: boolean;
  maxLineBytes?: number;
  /** Ceiling on the input's bytes after decompression; past it the import stops. */
  maxBytes?: number;
  /** Ceiling on the records read; past it the import stops. */
  maxRecords?: number;
  batchSize?: number;
  /** A batch is written once its images hold this many bytes (decoded), however few they are. */
  batchMediaBytes?: number;
  /** What an image line may hold (MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS); the defaults if unset. */
  media?: MediaLimits;
  /** Worker threads parsing and deriving records (IMPORT_THREADS); 1 or unset: this thread. */
  threads?: number;
  onRejection?: (rejection: ImportRejection) => void;
  onProgress?: (progress: ImportProgress) => void;
  onUnknownType?: (type: string) => void;
}

interface ImportProgress {
  read: number;
  written: number;
  rejected: number;
}

export interface ImportSummary extends ImportProgress {
  committed: boolean;
  seconds: number;
  unknownTypes: Record<string, number>;
  /** Fields no rule reads (`post.staticHtml`), by how many records had them: not kept. */
  unknownFields: Record<string, number>;
  /** The first rejections, for callers that want them; all go to onRejection. */
  rejections: ImportRejection[];
  /** Records the source held that Folio does not keep, by kind (`ghost page`). */
  skipped: Record<string, number>;
  /** Why the import stopped before the end of its input, if it did: a ceiling, or bad input. */
  stopped?: { reason: string; limit: boolean };
}

const KEPT_REJECTIONS = 1000;
const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_RECORDS };

/** Bytes of images a batch holds before it is written, whatever its record count. */
const DEFAULT_BATCH_MEDIA_BYTES = 64 * 1024 * 1024;

/**
 * The longest line an image within the limits makes: every variant's bytes in base64 (four
 * characters for three bytes), with room for its other fields.
 */
function mediaLineBytes(limits: MediaLimits): number {
  return (RESPONSIVE_WIDTHS.length + 1) * (Math.ceil(limits.maxBytes / 3) * 4 + 1024);
}

export async function importNdjson(store: PostStore, input: Readable, options: ImportOptions = {}) {
  const maxLineBytes =
    options.maxLineBytes ??
    Math.max(DEFAULT_MAX_LINE_BYTES, mediaLineBytes(options.media ?? DEFAULT_MEDIA_LIMITS));
  const items = ndjsonItems(input, maxLineBytes, options.maxBytes ?? DEFAULT_MAX_BYTES);
  return importRecords(store, items, options);
}

/** Imports the items of any source (NDJSON, or a converter's records). */
export async function importRecords(
  store: PostStore,
  items: AsyncIterable<SourceItem>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const now = Date.now();
  const summary: ImportSummary = {
    ...{ read: 0, written: 0, rejected: 0, committed: false, seconds: 0 },
    ...{ unknownTypes: {}, unknownFields: {}, skipped: {}, rejections: [] },
  };
  const batch = new ImportBatch();
  const tx = await store.beginWrite();
  const flush = async () => {
    const { written, rejections } = await batch.write(store, tx);
    summary.written += written;
    for (const r of rejections) reject(summary, r, options);
    options.onProgress?.(summary);
  };
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RECORDS;
  let pool: ImportPool | undefined;
  try {
    pool = importPool(options.threads ?? 1);
    let mediaBytes = 0;
    for await (const { item, parse } of parsedAhead(items, pool, now, options.media)) {
      if (item.skipped !== undefined) {
        summary.skipped[item.skipped] = (summary.skipped[item.skipped] ?? 0) + 1;
        continue;
      }
      if (++summary.read > maxRecords) {
        throw new ImportLimitError("records", `the input has over ${maxRecords} records`);
      }
      const parsed = batch.add(item, parse);
      if (parsed) countUnknown(summary, parsed, options);
      if (parsed?.record.type === "media") {
        for (const v of parsed.record.variants) mediaBytes += v.bytes.length;
      }
      // A batch of images is bounded by their bytes, not only by their number.
      const full = mediaBytes >= (options.batchMediaBytes ?? DEFAULT_BATCH_MEDIA_BYTES);
      if (batch.size >= (options.batchSize ?? 500) || full) {
        await flush();
        mediaBytes = 0;
      }
    }
    await flush();
    summary.committed = summary.rejected === 0 || options.partial === true;
    await (summary.committed ? tx.commit() : tx.rollback());
  } catch (error) {
    await tx.rollback();
    if (!(error instanceof ImportLimitError || error instanceof SourceError)) throw error;
    summary.stopped = { reason: error.message, limit: error instanceof ImportLimitError };
    summary.committed = false;
  } finally {
    await pool?.close();
  }
  if (!summary.committed) summary.written = 0;
  summary.seconds = (performance.now() - started) / 1000;
  countImport(summary);
  return summary;
}

function reject(summary: ImportSummary, rejection: ImportRejection, options: ImportOptions) {
  summary.rejected++;
  if (summary.rejections.length < KEPT_REJECTIONS) summary.rejections.push(rejection);
  options.onRejection?.(rejection);
}

function countUnknown(summary: ImportSummary, parsed: ParsedRecord, o: ImportOptions) {
  for (const [type, n] of Object.entries(parsed.unknownTypes)) {
    if (summary.unknownTypes[type] === undefined) o.onUnknownType?.(type);
    summary.unknownTypes[type] = (summary.unknownTypes[type] ?? 0) + n;
  }
  for (const field of parsed.unknownFields) {
    summary.unknownFields[field] = (summary.unknownFields[field] ?? 0) + 1;
  }
}

/** `line N: field: reason`, or `place: field: reason` where a converter named the place. */
export function formatRejection(r: ImportRejection): string {
  return `${r.place ?? `line ${r.line}`}: ${r.field}: ${r.reason}`;
}
