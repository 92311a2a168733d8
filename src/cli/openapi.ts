import { buildApp } from "../app.js";
import { loadConfig } from "../config/index.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import { UsageError, parse } from "./args.js";

export const openapiCommand = {
  help: `Usage: folio openapi [--server URL]

Prints the OpenAPI 3.1 document that a running Folio serves at /openapi.json, generated
from the same schemas the routes validate and answer with. Needs no database.

  --server URL   list URL as the API's server in the document`,
  async run(args: string[]): Promise<number> {
    const { values } = parse(args, { server: { type: "string" } }, 0);
    const server = typeof values.server === "string" ? serverUrl(values.server) : undefined;
    // An app over an empty in-memory store: the document depends on the routes, not the data.
    const store = openSqliteStore(":memory:");
    try {
      await store.migrate();
      const app = await buildApp({ config: loadConfig({}), store, logger: false });
      await app.ready();
      const document = { ...app.swagger(), ...(server && { servers: [{ url: server }] }) };
      await app.close();
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
      return 0;
    } finally {
      await store.close();
    }
  },
};

function serverUrl(value: string): string {
  if (!URL.canParse(value)) throw new UsageError(`--server must be an absolute URL`);
  return value.replace(/\/+$/, "");
}
