// Every store the suites run against. Each call to `create` gives a fresh, migrated,
// isolated store; `dispose` closes it and removes what it made.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PostStore } from "../../src/store/post-store.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";

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
    const store = openSqliteStore(path);
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

/** The factories to run store-dependent suites against. */
export async function storeFactories(): Promise<StoreFactory[]> {
  return [sqliteFactory];
}
