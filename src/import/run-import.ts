// Streams an NDJSON source into the store in one transaction: all or nothing unless
// `partial`, every bad line reported, memory flat whatever the file's size.
import type { Readable } from "node:stream";
import type { NumberedRecord, PostInput, PostStore, Rejection } from "../store/post-store.js";
import { countImport } from "../posts/import-counters.js";
import { keepStoredTimes, type DefaultedPost } from "./keep-stored.js";
import { readLines } from "./lines.js";
import { FieldError, parseRecord } from "./records.js";

export interface ImportOptions {
  partial?: boolean;
  maxLineBytes?: number;
  batchSize?: number;
  onRejection?: (rejection: Rejection) => void;
  onProgress?: (progress: ImportProgress) => void;
  onUnknownType?: (type: string) => void;
}

export interface ImportProgress {
  read: number;
  written: number;
  rejected: number;
}

export interface ImportSummary extends ImportProgress {
  committed: boolean;
  seconds: number;
  unknownTypes: Record<string, number>;
  /** The first rejections, for callers that want them; all go to onRejection. */
  rejections: Rejection[];
}

const KEPT_REJECTIONS = 1000;
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

export async function importNdjson(
  store: PostStore,
  input: Readable,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const now = Date.now();
  const batchSize = options.batchSize ?? 500;
  const summary: ImportSummary = {
    ...{ read: 0, written: 0, rejected: 0, committed: false, seconds: 0 },
    ...{ unknownTypes: {}, rejections: [] },
  };
  const reject = (rejection: Rejection) => {
    summary.rejected++;
    if (summary.rejections.length < KEPT_REJECTIONS) summary.rejections.push(rejection);
    options.onRejection?.(rejection);
  };
  const countUnknown = (types: Record<string, number>) => {
    for (const [type, n] of Object.entries(types)) {
      if (summary.unknownTypes[type] === undefined) options.onUnknownType?.(type);
      summary.unknownTypes[type] = (summary.unknownTypes[type] ?? 0) + n;
    }
  };
  const tx = await store.beginWrite();
  let batch: NumberedRecord[] = [];
  let defaultedPosts: DefaultedPost[] = [];
  // A line's own faults and the store's (references, slugs) are told in line order.
  let lineRejections: Rejection[] = [];
  const flush = async () => {
    await keepStoredTimes(store, defaultedPosts);
    const refused = await tx.apply(batch);
    [...lineRejections, ...refused].sort((a, b) => a.line - b.line).forEach(reject);
    summary.written += batch.length - refused.length;
    [batch, defaultedPosts, lineRejections] = [[], [], []];
    options.onProgress?.(summary);
  };
  try {
    const maxBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    for await (const { number, text } of readLines(input, maxBytes)) {
      if (text !== undefined && text.trim() === "") continue;
      summary.read++;
      if (text === undefined) {
        const reason = `is longer than ${maxBytes} bytes`;
        lineRejections.push({ line: number, field: "(line)", reason });
      } else {
        try {
          const parsed = parseRecord(text, now);
          countUnknown(parsed.unknownTypes);
          batch.push({ line: number, record: parsed.record });
          if (parsed.defaulted) {
            defaultedPosts.push({
              record: parsed.record as PostInput,
              defaulted: parsed.defaulted,
            });
          }
        } catch (error) {
          if (!(error instanceof FieldError)) throw error;
          lineRejections.push({ line: number, field: error.field, reason: error.message });
        }
      }
      if (batch.length + lineRejections.length >= batchSize) await flush();
    }
    await flush();
    summary.committed = summary.rejected === 0 || options.partial === true;
    if (summary.committed) await tx.commit();
    else await tx.rollback();
  } catch (error) {
    await tx.rollback();
    throw error;
  }
  if (!summary.committed) summary.written = 0;
  summary.seconds = (performance.now() - started) / 1000;
  countImport(summary);
  return summary;
}

export function formatRejection(r: Rejection): string {
  return `line ${r.line}: ${r.field}: ${r.reason}`;
}
