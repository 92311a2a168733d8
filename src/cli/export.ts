// `folio export` and `folio backup`: taking data out of the configured store.
import { createWriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import { loadConfig } from "../config/index.js";
import { exportMarkdown } from "../export/markdown.js";
import { exportNdjson, UnknownPublicationChoice } from "../export/ndjson.js";
import { BackupError, backupSqlite } from "../store/sqlite/backup.js";
import { UsageError, parse } from "./args.js";
import { findNamedPublication } from "./publication.js";
import { describeDatabase, openMigratedStore } from "./store.js";

const EXPORT_OPTIONS = {
  format: { type: "string" },
  publication: { type: "string" },
  "include-secrets": { type: "boolean" },
} as const;

export const exportCommand = {
  help: `Usage: folio export [FILE|-] [--publication SLUG|ID] [--include-secrets]
       folio export --format markdown DIR [--publication SLUG|ID]

Reads one consistent snapshot of the store while it keeps serving and writing.

NDJSON (the default) goes to FILE, or to standard output without FILE or with -: every
publication, author and post (all statuses, with its TipTap document, dates, categories,
authors, old slugs and views) and every image uploaded through the desk (each stored width,
its bytes in base64), in the format 'folio import -' reads back. It moves a store:
  folio export --include-secrets | DATABASE_URL=postgres://… folio import -

  --publication SLUG|ID  only this publication (its posts, authors, images, keys and
                         endpoints)
  --include-secrets      also API key hashes and webhook endpoints with their signing
                         secrets: keep the file as safe as the store itself
  --format markdown DIR  one Markdown file per post with YAML front matter (title, date,
                         draft, tags, slug, description, authors, image) in DIR/<publication>/`,
  async run(args: string[]): Promise<number> {
    const parsed = parse(args, EXPORT_OPTIONS, 1);
    const positionals = parsed.positionals;
    const values = parsed.values as {
      format?: string;
      publication?: string;
      "include-secrets"?: boolean;
    };
    const format = values.format ?? "ndjson";
    if (format !== "ndjson" && format !== "markdown") {
      throw new UsageError(`--format must be ndjson or markdown, not '${format}'`);
    }
    const target = positionals[0];
    if (format === "markdown" && (target === undefined || target === "-")) {
      throw new UsageError("export --format markdown needs a DIR to write the files in");
    }
    if (format === "markdown" && values["include-secrets"] === true) {
      throw new UsageError("--include-secrets is for NDJSON: Markdown files carry no secrets");
    }
    const store = await openMigratedStore(loadConfig());
    try {
      // Named as every command names a publication; a name that names none is the export's
      // to refuse.
      const named = values.publication;
      const publication =
        named === undefined ? undefined : ((await findNamedPublication(store, named))?.id ?? named);
      if (format === "markdown") {
        const counts = await exportMarkdown(store, target!, { publication });
        console.error(
          `wrote ${counts.posts} posts of ${counts.publications} publications to ${target}`,
        );
        return 0;
      }
      const out =
        target === undefined || target === "-" ? process.stdout : createWriteStream(target);
      const counts = await exportNdjson(store, out, {
        publication,
        includeSecrets: values["include-secrets"] === true,
      });
      if (out !== process.stdout) {
        out.end();
        await finished(out);
      }
      const told = Object.entries(counts).map(([kind, n]) => `${n} ${kind}`);
      console.error(`exported ${told.join(", ")}`);
      return 0;
    } catch (error) {
      if (error instanceof UnknownPublicationChoice) throw new UsageError(error.message);
      // The reader went away (`folio export | head`): the export is incomplete, not broken.
      if ((error as NodeJS.ErrnoException).code === "EPIPE") {
        console.error("folio: the output was closed before the export ended");
        return 1;
      }
      throw error;
    } finally {
      await store.close();
    }
  },
};

export const backupCommand = {
  help: `Usage: folio backup PATH

Copies the SQLite store (DATABASE_URL) to PATH, a new file, while Folio keeps serving and
writing: the copy is the store as one moment saw it, compacted, and checked with SQLite's
integrity check before it is kept. To restore, stop Folio, put the copy in the store's
place (and remove the old file's -wal and -shm files), and start it again.

For PostgreSQL use pg_dump (docs/deploy.md, "Backups").`,
  async run(args: string[]): Promise<number> {
    const [path] = parse(args, {}, 1).positionals;
    if (path === undefined) throw new UsageError("backup needs a PATH to write the copy to");
    const config = loadConfig();
    if (config.database.kind !== "sqlite") {
      throw new UsageError(
        `${describeDatabase(config)} is backed up with pg_dump, not folio backup (docs/deploy.md, "Backups")`,
      );
    }
    try {
      const result = backupSqlite(config.database.path, path);
      console.log(
        `backed up ${result.posts} posts to ${path} (${result.bytes} bytes, integrity ok)`,
      );
      return 0;
    } catch (error) {
      if (error instanceof BackupError) {
        console.error(`folio: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};
