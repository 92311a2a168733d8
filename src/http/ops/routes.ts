// Health for orchestrators and the metrics scrape. Never rate limited (a prober must always
// get through) and never cached.
import type { FastifyInstance, FastifyReply } from "fastify";
import { Type } from "../../posts/typebox.js";
import type { PostStore } from "../../store/post-store.js";
import type { MetricsSource } from "./cluster-metrics.js";

interface OpsRoutesOptions {
  store: PostStore;
  /** What /metrics answers; undefined: no /metrics here (only when METRICS_ON_API_PORT=true). */
  metrics: MetricsSource | undefined;
}

/** How long readiness waits for the store before calling it unreachable. */
const PING_TIMEOUT_MS = 2000;

const Check = Type.String({ description: "`ok`, or what is wrong" });
const Checks = Type.Object({ store: Check, schema: Check, load: Check });
const healthz = {
  summary: "Liveness: the process is up",
  tags: ["operations"],
  operationId: "getLiveness",
  response: { 200: Type.Object({ status: Type.Literal("ok") }, { description: "Alive" }) },
};
const readyz = {
  summary: "Readiness: the store answers, its schema is current and load is not being shed",
  tags: ["operations"],
  operationId: "getReadiness",
  response: {
    200: Type.Object(
      { status: Type.Literal("ready"), checks: Checks },
      { description: "Ready to serve" },
    ),
    503: {
      ...Type.Object(
        { status: Type.Literal("unavailable"), checks: Checks },
        { description: "Not ready; the checks that failed say why" },
      ),
      headers: { "Retry-After": { type: "string", description: "Seconds before asking again" } },
    },
  },
};
// Read by edge/protection.ts: these routes are never limited nor shed.
const config = { rateLimit: false };

export async function opsRoutes(app: FastifyInstance, options: OpsRoutesOptions) {
  const { store, metrics } = options;
  app.get("/healthz", { schema: healthz, config }, async (_request, reply) =>
    noStore(reply).send({ status: "ok" }),
  );
  app.get("/readyz", { schema: readyz, config }, async (_request, reply) => {
    const checks = await readiness(app, store);
    const ready = Object.values(checks).every((check) => check === "ok");
    if (!ready) reply.code(503).header("retry-after", "5");
    return noStore(reply).send({ status: ready ? "ready" : "unavailable", checks });
  });
  if (metrics === undefined) return;
  app.get("/metrics", { schema: { hide: true }, config }, async (_request, reply) =>
    noStore(reply)
      .type(metrics.contentType)
      .send(await metrics.read()),
  );
}

async function readiness(app: FastifyInstance, store: PostStore) {
  const [reachable, schema] = await Promise.all([
    within(PING_TIMEOUT_MS, store.ping()).then(
      () => "ok",
      () => "unreachable",
    ),
    within(PING_TIMEOUT_MS, store.schemaState()).then(
      (s) => (s.current === s.latest ? "ok" : `at version ${s.current}, expected ${s.latest}`),
      () => "unknown",
    ),
  ]);
  // Decorated by edge/protection.ts when it is registered.
  const shedding = (app as { isUnderPressure?: () => boolean }).isUnderPressure?.() === true;
  return { store: reachable, schema, load: shedding ? "overloaded" : "ok" };
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-store").type("application/json; charset=utf-8");
}
