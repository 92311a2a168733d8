// The command table: each command's one-line summary, and its module loaded only when it
// runs. `folio keys list` then loads what keys need, not the server, the site and the desk:
// every command starts in a fraction of the time (scripts and tests run many).

export interface Command {
  help: string;
  run(args: string[]): Promise<number>;
}

export interface CommandEntry {
  summary: string;
  load(): Promise<Command>;
}

export const commands: Record<string, CommandEntry> = {
  serve: {
    summary: "serve the HTTP API (migrates the store first) and deliver webhooks",
    load: async () => (await import("./serve.js")).serveCommand,
  },
  import: {
    summary:
      "load publications, authors and posts from NDJSON, or from a Ghost, WordPress or Markdown export",
    load: async () => (await import("./import.js")).importCommand,
  },
  migrate: {
    summary: "bring the store's schema up to date",
    load: async () => (await import("./migrate.js")).migrateCommand,
  },
  demo: {
    summary: "load the bundled demo data set (a few publications, authors and posts)",
    load: async () => (await import("./demo.js")).demoCommand,
  },
  rerender: {
    summary: "re-derive every post's HTML and Markdown from its stored document",
    load: async () => (await import("./rerender.js")).rerenderCommand,
  },
  keys: {
    summary: "create, list or revoke the API keys of publications",
    load: async () => (await import("./keys.js")).keysCommand,
  },
  openapi: {
    summary: "print the OpenAPI 3.1 document of the HTTP API (JSON)",
    load: async () => (await import("./openapi.js")).openapiCommand,
  },
  webhooks: {
    summary: "add, list and remove webhook endpoints; list and redeliver deliveries",
    load: async () => (await import("./webhooks.js")).webhooksCommand,
  },
  export: {
    summary: "write the store as NDJSON for folio import, or as Markdown files for Hugo or Astro",
    load: async () => (await import("./export.js")).exportCommand,
  },
  backup: {
    summary: "copy the SQLite store to a new file while it serves, checked before it is kept",
    load: async () => (await import("./export.js")).backupCommand,
  },
  desk: {
    summary: "invite writers to the desk; list or revoke their sessions",
    load: async () => (await import("./desk.js")).deskCommand,
  },
};
