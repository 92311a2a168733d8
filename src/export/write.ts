// Writing an export's lines with backpressure: a chunk at a time, waiting for the reader
// (a pipe, a file) to drain before reading the next page, so a slow reader slows the export
// instead of filling memory.
import { once } from "node:events";
import type { Writable } from "node:stream";

const CHUNK_BYTES = 256 * 1024;

export async function writeAll(out: Writable, lines: AsyncIterable<string>): Promise<void> {
  let failed: Error | undefined;
  const onError = (error: Error) => (failed = error);
  out.on("error", onError);
  try {
    let chunk: string[] = [];
    let size = 0;
    const flush = async () => {
      const text = chunk.join("");
      chunk = [];
      size = 0;
      if (!out.write(text)) await drained(out);
      if (failed) throw failed;
    };
    for await (const line of lines) {
      if (failed) throw failed;
      chunk.push(line);
      size += line.length;
      if (size >= CHUNK_BYTES) await flush();
    }
    if (size > 0) await flush();
  } finally {
    out.off("error", onError);
  }
}

/** Resolves on 'drain'; rejects if the stream fails or closes first (a reader gone away). */
async function drained(out: Writable): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([
      once(out, "drain", { signal: ac.signal }),
      once(out, "close", { signal: ac.signal }).then(() => {
        throw new Error("the output was closed before the export ended");
      }),
    ]);
  } finally {
    ac.abort();
  }
}
