// Small tools the store suites share: importing a few lines, a second connection to the
// same data, forcing a schema version, waiting for change notices.
import Database from "better-sqlite3";
import pg from "pg";
import { loadConfig } from "../../src/config/index.js";
import { importNdjson, type ImportSummary } from "../../src/import/run-import.js";
import { representPost } from "../../src/http/wire/representation.js";
import { openStore } from "../../src/store/open-store.js";
import type { ChangeNotice, PostStore } from "../../src/store/post-store.js";
import { ndjson } from "./fixtures.js";
import type { StoreFactory } from "./stores.js";

export function importLines(store: PostStore, lines: readonly unknown[]): Promise<ImportSummary> {
  return importNdjson(store, ndjson(lines));
}

/** Another store on the same data, through its own connection(s), as another node would. */
export async function openSecond(url: string): Promise<PostStore> {
  return openStore(loadConfig({ DATABASE_URL: url }).database, { represent: representPost });
}

/** Records a schema version directly in the store, behind Folio's back. */
export async function recordSchemaVersion(factory: StoreFactory, url: string, version: number) {
  if (factory.name === "sqlite") {
    const db = new Database(url);
    db.prepare("INSERT INTO folio_schema (version) VALUES (?)").run(version);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("INSERT INTO folio_schema (version) VALUES ($1)", [version]);
  await client.end();
}

/** Collects notices; `next(test)` resolves with the first one that passes `test`. */
export function noticeCollector() {
  const notices: ChangeNotice[] = [];
  const waiting: Array<{ test: (n: ChangeNotice) => boolean; resolve: (n: ChangeNotice) => void }> =
    [];
  const listener = (notice: ChangeNotice) => {
    notices.push(notice);
    for (const w of waiting.filter((w) => w.test(notice))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(notice);
    }
  };
  const next = (test: (n: ChangeNotice) => boolean, timeoutMs = 10_000) =>
    new Promise<ChangeNotice>((resolve, reject) => {
      const seen = notices.find(test);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error("no matching change notice")), timeoutMs);
      waiting.push({ test, resolve: (n) => (clearTimeout(timer), resolve(n)) });
    });
  return { notices, listener, next };
}

export const covers = (id: string) => (n: ChangeNotice) => n.all || n.postIds.includes(id);
