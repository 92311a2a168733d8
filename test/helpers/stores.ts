// Every store the suites run against. Each call to `create` gives a fresh, migrated,
// isolated store; `dispose` closes it and removes what it made.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PostStore } from "../../src/store/post-store.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import { DEFAULT_POSTGRES_SETTINGS } from "../../src/config/index.js";
import { openPostgresStore } from "../../src/store/postgres/store.js";
import { representPost } from "../../src/http/wire/representation.js";
import { migrations } from "../../src/store/postgres/migrations.js";
import { giveBackDatabase, takeDatabase } from "./spare-databases.js";
import { preparedTemplate, testServer, unreachableReason } from "./postgres.js";

export interface TestStore {
  store: PostStore;
  /** DATABASE_URL that reaches the same data from another process. */
  url: string;
  dispose(): Promise<void>;
}

export interface StoreFactory {
  name: "sqlite" | "postgres";
  create(): Promise<TestStore>;
}

export const sqliteFactory: StoreFactory = {
  name: "sqlite",
  async create() {
    const dir = mkdtempSync(join(tmpdir(), "folio-test-"));
    const path = join(dir, "folio.db");
    const store = openSqliteStore(path, { represent: representPost });
    await store.migrate();
    return {
      store,
      url: path,
      async dispose() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** A migrated database for PostgreSQL stores to be copied from (helpers/postgres.ts). */
export const postgresTemplate = () =>
  preparedTemplate(migrations.join("\n"), async (url) => {
    const store = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url });
    try {
      await store.migrate();
    } finally {
      await store.close();
    }
  });

export const postgresFactory: StoreFactory = {
  name: "postgres",
  async create() {
    const template = await postgresTemplate();
    const { name, url } = await takeDatabase(template);
    const store = openPostgresStore({
      ...DEFAULT_POSTGRES_SETTINGS,
      url,
      represent: representPost,
    });
    try {
      await store.migrate();
    } catch (error) {
      await store.close();
      await giveBackDatabase(template, name);
      throw error;
    }
    return {
      store,
      url,
      async dispose() {
        await store.close();
        await giveBackDatabase(template, name);
      },
    };
  },
};

let postgresChecked: Promise<boolean> | undefined;

/**
 * PostgreSQL suites run when a server answers. Without one they are skipped with one line,
 * except on CI (CI=true), where a missing PostgreSQL must fail the run, not hide it.
 */
async function postgresAvailable(): Promise<boolean> {
  const reason = await unreachableReason();
  if (reason === undefined) return true;
  const message = `PostgreSQL not reachable at ${testServer()} (${reason})`;
  if (process.env.CI === "true") throw new Error(`${message}: required on CI (CI=true)`);
  console.log(`${message}: PostgreSQL suites skipped`);
  return false;
}

/** The factories to run store-dependent suites against. */
export async function storeFactories(): Promise<StoreFactory[]> {
  // The quick run (npm run test:quick) leaves PostgreSQL to the whole suite.
  if (process.env.FOLIO_TEST_STORES === "sqlite") return [sqliteFactory];
  postgresChecked ??= postgresAvailable();
  return (await postgresChecked) ? [sqliteFactory, postgresFactory] : [sqliteFactory];
}
