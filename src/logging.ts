// Where the process's log lines go: JSON to stdout, written asynchronously in 4 KiB chunks
// so a request never waits on a write; readable lines instead when a person is watching.
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

export function processLog(level: string, tty = process.stdout.isTTY === true): ProcessLog {
  if (tty) {
    const stream = pretty({
      colorize: true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname",
    });
    return { options: { level, stream }, flush: () => {} };
  }
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return { options: { level, stream }, flush: () => stream.flushSync(), jsonDestination: stream };
}
