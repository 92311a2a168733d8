// Where the process's log lines go: JSON to stdout, written asynchronously in 4 KiB chunks
// so a request never waits on a write; readable lines instead when a person is watching.
// A reader that stops reading (a stalled log shipper, a full pipe) must not grow the process:
// past LOG_BUFFER_BYTES waiting, lines are dropped, counted, and said so once on stderr.
import pino from "pino";
import pretty from "pino-pretty";
import type { Writable } from "node:stream";

interface ProcessLog {
  /** Fastify's `logger` option. */
  options: { level: string; stream: Writable | pino.DestinationStream };
  /** Writes out what is buffered; call before the process exits. */
  flush(): void;
  /** Set when lines go out as plain JSON: the fast lane writes its access lines here. */
  jsonDestination?: { write(line: string): unknown };
}

/** What stdout may hold waiting to be written: about 50,000 access lines. */
export const LOG_BUFFER_BYTES = 16 * 1024 * 1024;

/** Lines dropped because stdout was not keeping up (for /metrics). */
export const logTotals = { dropped: 0 };

export function processLog(level: string, tty = process.stdout.isTTY === true): ProcessLog {
  if (tty) {
    const stream = pretty({
      colorize: true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname",
    });
    return { options: { level, stream }, flush: () => {} };
  }
  const stream = pino.destination({
    ...{ dest: 1, sync: false, minLength: 4096 },
    maxLength: LOG_BUFFER_BYTES,
  });
  stream.on("drop", () => {
    if (logTotals.dropped++ === 0) {
      process.stderr.write(
        `folio: stdout is not taking log lines as fast as they come; past ${LOG_BUFFER_BYTES} bytes waiting they are dropped (folio_log_lines_dropped_total)\n`,
      );
    }
  });
  return { options: { level, stream }, flush: () => stream.flushSync(), jsonDestination: stream };
}
