// /metrics for the whole process when FOLIO_WORKERS > 1: each worker holds its own registry,
// so a scrape answered by one worker would see a fraction of the traffic. The primary asks
// every worker for its metrics (prom-client's AggregatorRegistry, over the cluster's IPC)
// and sums them; a worker asked on the API port forwards the question to the primary.
import cluster from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";

/** Where a /metrics answer comes from: one registry, or every worker's. */
export interface MetricsSource {
  readonly contentType: string;
  read(): Promise<string>;
}

const ASK = "folio:metrics-ask";
const ANSWER = "folio:metrics-answer";
/** prom-client gives up on a silent worker after 5 s; a forwarded question waits a little more. */
const ANSWER_TIMEOUT_MS = 6000;

type Message = { type?: string; id?: number; body?: string; error?: string };

export function localSource(registry: Registry): MetricsSource {
  return { contentType: registry.contentType, read: () => registry.metrics() };
}

/** In the primary: every worker's metrics, summed; also answers workers that forward. */
export function clusterSource(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  const read = () => aggregator.clusterMetrics();
  cluster.on("message", (worker, message: Message) => {
    if (message?.type !== ASK) return;
    read().then(
      (body) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, body }),
      (error: Error) =>
        worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
  return { contentType: aggregator.contentType, read };
}

/**
 * In a worker: lets the primary collect this registry, and reads the whole process's
 * metrics by asking the primary.
 */
export function workerSource(registry: Registry): MetricsSource {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener for the primary's requests.
  new AggregatorRegistry();
  let asked = 0;
  const read = () =>
    new Promise<string>((resolve, reject) => {
      const id = ++asked;
      const timer = setTimeout(
        () => settle(new Error("no metrics from the primary")),
        ANSWER_TIMEOUT_MS,
      );
      const onMessage = (message: Message) => {
        if (message?.type !== ANSWER || message.id !== id) return;
        settle(message.error === undefined ? undefined : new Error(message.error), message.body);
      };
      const settle = (error?: Error, body = "") => {
        clearTimeout(timer);
        process.off("message", onMessage);
        if (error) reject(error);
        else resolve(body);
      };
      process.on("message", onMessage);
      process.send!({ type: ASK, id });
    });
  return { contentType: registry.contentType, read };
}
