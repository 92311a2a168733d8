// One log line and one metrics observation per request, after the response is sent.
// Fastify's own two lines per request are replaced by the one line of RequestLog.
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { CacheResult } from "../posts/post-service.js";
import type { AppMetrics } from "./metrics.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the read path: whether the response cache answered. */
    cacheResult: CacheResult | null;
  }
}

// The pattern, not the URL: a label (or a log field to group by) per URL would be unbounded.
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? "(unmatched)";

export function observeRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.decorateRequest("cacheResult", null);
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(
      routeOf(request),
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Fastify's per-request logging, as one line when the response is done. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 1000) / 1000,
      cache: request.cacheResult ?? undefined,
    };
    // An error here is the connection's (the client went away), not the handler's.
    if (error) request.log.warn({ ...line, err: error }, "response not completed");
    else request.log.info(line, "request");
  }
}
