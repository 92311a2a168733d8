import { loadConfig } from "../config/index.js";
import { parse } from "./args.js";
import { announceStore, openConfiguredStore } from "./store.js";

export const migrateCommand = {
  help: `Usage: folio migrate

Applies every schema migration the store has not had yet (DATABASE_URL).
Refuses a store whose schema is newer than this Folio knows.`,
  async run(args: string[]): Promise<number> {
    parse(args, {}, 0);
    const config = loadConfig();
    const store = await openConfiguredStore(config);
    try {
      const before = await store.schemaState();
      const after = await store.migrate();
      announceStore(config);
      const moved = before.current === after.current ? "already at" : `${before.current} →`;
      console.log(`schema ${moved} version ${after.current}`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
