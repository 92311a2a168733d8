// Each request's logger (request.log) is made on its first line, not with the request: most
// requests write no line of their own (the access line is written by template, observe.ts),
// and a pino child for each one was a sizeable part of a cached read's cost. Its lines
// carry the request's id as a child's would.
import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, LogFn } from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.pinoChild().level = level;
  }

  // On the prototype (below): closures per instance would cost what the child did.
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.pinoChild().child(bindings, options);
  }

  /** The pino child this stands for, made now if it was not yet. */
  pinoChild(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
}

for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: Parameters<LogFn>) {
      return this.pinoChild()[level](...args);
    },
  });
}

/** Fastify's `childLoggerFactory`. */
export function requestLogger(
  this: unknown,
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}
