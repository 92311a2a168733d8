// /metrics on a port of its own (METRICS_PORT), so scrapes stay off the public port and
// out of its rate limit. Plain node:http: one route, no framework needed.
import { createServer, type Server } from "node:http";
import type { MetricsSource } from "./cluster-metrics.js";

export interface MetricsServer {
  address: string;
  close(): Promise<void>;
}

export async function startMetricsServer(
  source: MetricsSource,
  host: string,
  port: number,
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    source.read().then(
      (body) => {
        const headers = {
          "content-type": source.contentType,
          "cache-control": "no-store",
        };
        response.writeHead(200, headers).end(request.method === "HEAD" ? undefined : body);
      },
      () => response.writeHead(500, { "content-type": "text/plain" }).end("metrics failed\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as { port: number }).port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    address: `http://${shown}:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
