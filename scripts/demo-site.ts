// The demo data set served on a loopback port from a throwaway SQLite file, with SITE_URL set
// to where it listens (so canonical URLs and links stay on it): what the screenshot and
// Lighthouse scripts point a browser at.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../src/app.js";
import { loadDemo } from "../src/cli/demo.js";
import { openMigratedStore } from "../src/cli/store.js";
import { loadConfig } from "../src/config/index.js";

export interface DemoSite {
  base: string;
  close(): Promise<void>;
}

/** A port nobody listens on now: SITE_URL must name it before the app is built. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function serveDemoSite(): Promise<DemoSite> {
  const dir = mkdtempSync(join(tmpdir(), "folio-demo-site-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...{ DATABASE_URL: join(dir, "folio.db"), HOST: "127.0.0.1", PORT: String(port) },
    ...{ SITE_URL: base, LOG_LEVEL: "silent" },
  });
  const store = await openMigratedStore(config);
  const demo = await loadDemo(store);
  if (!demo.committed) throw new Error("the demo data set did not load");
  const app = await buildApp({ config, store, logger: false });
  await app.listen({ host: config.host, port: config.port });
  return {
    base,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
