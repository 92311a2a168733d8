// One log line and one metrics observation per request, after the response is sent.
// Fastify's own two lines per request are replaced by the one line of RequestLog.
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { CacheResult } from "../../posts/post-service.js";
import { accessTemplate, type AccessLine, type Destination } from "./access-log.js";
import type { AppMetrics } from "./metrics.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the read path: whether the response cache answered. */
    cacheResult: CacheResult | null;
  }
}

// The pattern, not the URL: a label (or a log field to group by) per URL would be unbounded.
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? "(unmatched)";

/** Requests may carry whether the cache answered them; RequestLog reports it. */
export function noteCacheResults(app: FastifyInstance): void {
  app.decorateRequest("cacheResult", null);
}

/**
 * What Fastify calls once per finished response, whatever the route or outcome: here it
 * observes the request's metrics and writes its one log line, so no response hook runs on
 * the hot path. With a plain JSON destination the line is written by template
 * (access-log.ts), off pino's serializer.
 */
export class RequestLog extends LogController {
  private readonly template: ((line: AccessLine) => void) | undefined;
  /** Set once the app's metrics exist (ops/index.ts). */
  metrics: AppMetrics | undefined;

  constructor(destination?: Destination) {
    super();
    this.template = destination && accessTemplate(destination);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const elapsedMs = reply.elapsedTime;
    const line = {
      reqId: request.id,
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      ms: Math.round(elapsedMs * 1000) / 1000,
      cache: request.cacheResult,
    };
    this.metrics?.observeRequest(line.route, line.method, line.status, elapsedMs / 1000);
    // An error here is the connection's (the client went away), not the handler's.
    if (error) request.log.warn({ ...line, err: error }, "response not completed");
    else if (!LOGS_INFO.has(request.log.level)) return;
    else if (this.template !== undefined) this.template(line);
    // The child logger already names the request.
    else request.log.info({ ...line, reqId: undefined, cache: line.cache ?? undefined }, "request");
  }
}

const LOGS_INFO = new Set(["info", "debug", "trace"]);
