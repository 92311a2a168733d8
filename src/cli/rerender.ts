import { loadConfig } from "../config/index.js";
import { rerenderAll } from "../import/rerender.js";
import { parse } from "./args.js";
import { importLimits } from "./import-limits.js";
import { progressPrinter } from "./progress.js";
import { openMigratedStore } from "./store.js";
import { shown } from "./terminal-text.js";

export const rerenderCommand = {
  help: `Usage: folio rerender [--all] [--threads N]

Runs the current renderer over the stored TipTap documents and stores the new HTML and
Markdown, in batches of 200 posts, each batch in one transaction. Only posts whose content
comes out different are written (and announced to webhooks). By default only posts
rendered by an older renderer version are done; --all re-renders every post.
A batch in which any post fails is left untouched and the failures are listed (exit 1).
Posts are rendered on --threads N worker threads (default: IMPORT_THREADS, or auto: one
per core; 1: all on the main thread).`,
  async run(args: string[]): Promise<number> {
    const options = { all: { type: "boolean" }, threads: { type: "string" } } as const;
    const { values } = parse(args, options, 0);
    const { threads } = importLimits(
      { threads: values.threads as string | undefined },
      process.env,
    );
    const store = await openMigratedStore(loadConfig());
    const progress = progressPrinter();
    try {
      const summary = await rerenderAll(store, {
        ...{ all: values.all === true, threads },
        onProgress: (done) => progress.update(`re-rendered ${done} posts`),
      });
      progress.done();
      for (const f of summary.failed) console.error(shown(`post ${f.id}: ${f.reason}`));
      console.log(
        `re-rendered ${summary.rendered} posts (${summary.changed} changed) in ` +
          `${summary.seconds.toFixed(2)} s` +
          (summary.failed.length > 0
            ? `; ${summary.skippedBatches} batches left as they were`
            : ""),
      );
      return summary.failed.length > 0 ? 1 : 0;
    } finally {
      await store.close();
    }
  },
};
