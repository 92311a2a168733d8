// Where an import's records are parsed and derived: in-thread (threads 1: no worker started),
// or on a pool of worker threads ahead of the writing, which stays on this thread in one
// transaction. Results come back in source order, so everything told — rejections, notes,
// progress, counts — is what the in-thread run tells.
import { inOrder } from "./in-order.js";
import type { MediaLimits, ParsedRecord } from "./records.js";
import type { SourceItem } from "./source.js";
import { WorkerPool } from "./worker-pool.js";
import { parseOne, settled, type Outcome, type RecordOutcome, type Task } from "./work.js";

/**
 * Items being worked on per worker: enough to keep a worker busy while a batch is written,
 * few enough that memory stays a few MB whatever the file's size.
 */
const IN_FLIGHT_PER_THREAD = 256;

/**
 * Records parsed on this thread before the pool's workers are started: an import this small
 * is done before a worker would have loaded the content code.
 */
export const FIRST_IN_THREAD = 64;

export type ImportPool = WorkerPool<Task, Outcome>;

/** A pool of `threads` workers, or none for 1: the in-thread path has no messaging to pay. */
export function importPool(threads: number): ImportPool | undefined {
  if (threads <= 1) return undefined;
  return new WorkerPool(new URL("./import-worker.js", import.meta.url), threads);
}

interface ReadyItem {
  item: SourceItem;
  /** The item's record, or its FieldError thrown (ImportBatch.add's contract). */
  parse: (item: SourceItem) => ParsedRecord;
}

/** The items in order, each with its parsing done ahead on the pool, or to do in-thread. */
export function parsedAhead(
  items: AsyncIterable<SourceItem>,
  pool: ImportPool | undefined,
  now: number,
  limits?: MediaLimits,
): AsyncIterable<ReadyItem> {
  const inThread = (item: SourceItem) => settled(parseOne(item, now, limits));
  if (pool === undefined) return withParse(items, inThread);
  let parsedHere = 0;
  const start = async (item: SourceItem): Promise<ReadyItem> => {
    // Skipped and refused items need no work; only a parse is worth a message.
    if (item.skipped !== undefined || item.problem !== undefined) return { item, parse: inThread };
    if (pool.started === 0 && parsedHere++ < FIRST_IN_THREAD) return { item, parse: inThread };
    const record = item.text !== undefined ? { text: item.text } : { value: item.value };
    const outcome = (await pool.run({ record, now, limits })) as RecordOutcome;
    return { item, parse: () => settled(outcome) };
  };
  return inOrder(items, start, pool.size * IN_FLIGHT_PER_THREAD);
}

async function* withParse(
  items: AsyncIterable<SourceItem>,
  parse: (item: SourceItem) => ParsedRecord,
): AsyncGenerator<ReadyItem> {
  for await (const item of items) yield { item, parse };
}
