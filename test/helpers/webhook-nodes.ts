// A delivering "node" in this process: the webhook runtime over a store, with the go-live
// watch a serving app would give it, stopped when the test ends.
import { loadConfig } from "../../src/config/index.js";
import { GoLiveWatch } from "../../src/posts/go-live.js";
import type { PostStore } from "../../src/store/post-store.js";
import { WebhookRuntime } from "../../src/webhooks/runtime.js";
import { FAST_WEBHOOKS } from "./webhook-receiver.js";

export interface Node {
  runtime: WebhookRuntime;
  goLive: GoLiveWatch;
  warnings: string[];
}

export async function startNode(
  t: { after(f: () => Promise<void>): void },
  store: PostStore,
  env: Record<string, string> = {},
): Promise<Node> {
  const settings = loadConfig({ ...FAST_WEBHOOKS, ...env }).webhooks;
  const goLive = new GoLiveWatch(store, Date.now);
  const warnings: string[] = [];
  const warn = (message: string, error: unknown) => warnings.push(`${message}: ${error}`);
  const runtime = new WebhookRuntime({ store, settings, goLive, warn });
  const stopWatching = await store.watchChanges(() => {
    void goLive.refresh();
    runtime.poke();
  });
  await goLive.refresh();
  runtime.start();
  t.after(async () => {
    goLive.stop();
    await runtime.stop();
    await stopWatching();
  });
  return { runtime, goLive, warnings };
}
