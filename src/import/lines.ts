// NDJSON framing: bytes (plain or gzip, told by the magic number) → numbered lines,
// each bounded in size so one runaway line cannot take the process's memory, and the whole
// input bounded after decompression so a small .gz cannot expand without limit.
import { createGunzip } from "node:zlib";
import { Readable } from "node:stream";

export interface Line {
  number: number;
  /** The line's text, or undefined when it was longer than the limit. */
  text: string | undefined;
}

/** The input went past a ceiling the import was given: it stops, and nothing is written. */
export class ImportLimitError extends Error {
  constructor(
    readonly limit: "bytes" | "records",
    message: string,
  ) {
    super(message);
  }
}

const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * Numbered lines of the input; empty lines are counted but not yielded (a file of newlines
 * costs a scan, not a step per line). Throws ImportLimitError past `maxTotalBytes`.
 */
export async function* readLines(
  input: Readable,
  maxBytes: number,
  maxTotalBytes = Number.POSITIVE_INFINITY,
): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let number = 0;
  for await (const chunk of boundedBytes(input, maxTotalBytes)) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const part = chunk.subarray(start, end);
      const whole = tooLong || pendingBytes + part.length > maxBytes;
      number++;
      if (pendingBytes === 0 && isBlank(part)) {
        start = end + 1;
        continue;
      }
      yield { number, text: whole ? undefined : joinText(pending, part) };
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      start = end + 1;
    }
    const rest = chunk.subarray(start);
    if (pendingBytes + rest.length > maxBytes) {
      tooLong = true;
      pending = [];
    } else if (!tooLong && rest.length > 0) {
      pending.push(Buffer.from(rest));
    }
    pendingBytes += rest.length;
  }
  if (pendingBytes > 0) yield { number: number + 1, text: tooLong ? undefined : joinText(pending) };
}

function isBlank(part: Buffer): boolean {
  return part.length === 0 || (part.length === 1 && part[0] === CR);
}

function joinText(parts: Buffer[], last?: Buffer): string {
  const all = last ? [...parts, last] : parts;
  const text = (all.length === 1 ? all[0]! : Buffer.concat(all)).toString("utf8");
  return text.endsWith("\r") ? text.slice(0, -1) : text;
}

/** The input's bytes, gunzipped if need be; throws ImportLimitError past `maxTotalBytes`. */
export async function* boundedBytes(input: Readable, maxTotalBytes: number) {
  let total = 0;
  for await (const chunk of decompressed(input)) {
    total += chunk.length;
    if (total > maxTotalBytes) {
      throw new ImportLimitError(
        "bytes",
        `the input is over ${maxTotalBytes} bytes (decompressed)`,
      );
    }
    yield chunk;
  }
}

/** Yields the input's bytes, gunzipped when it starts with the gzip magic number. */
async function* decompressed(input: Readable): AsyncGenerator<Buffer> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  // The magic number is two bytes, which the first chunk may not hold.
  while (headBytes < 2) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(Buffer.from(next.value));
    headBytes += next.value.length;
  }
  if (headBytes === 0) return;
  const first = Buffer.concat(head);
  const rest = Readable.from(
    (async function* () {
      yield first;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
    })(),
    { objectMode: false },
  );
  const gzipped = first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  const source = gzipped ? gunzipped(rest) : rest;
  for await (const chunk of source) yield chunk as Buffer;
}

function gunzipped(input: Readable): Readable {
  const gunzip = createGunzip();
  // pipe() does not forward a read error; without this the import would wait forever.
  input.on("error", (error) => gunzip.destroy(error));
  return input.pipe(gunzip);
}
