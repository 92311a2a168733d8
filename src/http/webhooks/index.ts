// Webhooks in the app: delivery and go-live sweeps run while the app does
// (started when it is ready, stopped when it closes, before the store is), and their metrics
// join the app's. /v1/webhooks is keyed like the authoring API (`config.auth`, edge/auth.ts).
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config/index.js";
import type { PostStore } from "../../store/post-store.js";
import { WebhookRuntime } from "../../webhooks/runtime.js";
import { webhookRoutes } from "./routes.js";

interface WebhookDependencies {
  config: Config;
  store: PostStore;
  goLive: { onGoLive(listener: () => void): void };
}

export async function installWebhooks(
  app: FastifyInstance,
  deps: WebhookDependencies,
): Promise<WebhookRuntime> {
  const { store, config } = deps;
  const settings = config.webhooks;
  const warn = (message: string, err: unknown) => app.log.warn({ err }, message);
  const runtime = new WebhookRuntime({ store, settings, goLive: deps.goLive, warn });
  if (app.metrics !== undefined) {
    const { registerWebhookMetrics } = await import("./metrics.js");
    registerWebhookMetrics(app.metrics.registry, runtime.counters, () => store.deliveryStats());
  }
  app.addHook("onReady", async () => runtime.start());
  app.addHook("onClose", async () => runtime.stop());
  return runtime;
}

/** The routes, after the authoring API has put its key check on every `auth` route. */
export async function installWebhookRoutes(
  app: FastifyInstance,
  deps: { store: PostStore; config: Config; onRedeliver: () => void },
) {
  const { store, config, onRedeliver } = deps;
  await app.register(webhookRoutes, {
    store,
    allowPrivate: config.webhooks.allowPrivate,
    onRedeliver,
  });
}
