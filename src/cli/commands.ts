// The command table: every command is a thin wrapper over the modules below cli/.
import { demoCommand } from "./demo.js";
import { backupCommand, exportCommand } from "./export.js";
import { deskCommand } from "./desk.js";
import { importCommand } from "./import.js";
import { keysCommand } from "./keys.js";
import { migrateCommand } from "./migrate.js";
import { openapiCommand } from "./openapi.js";
import { rerenderCommand } from "./rerender.js";
import { serveCommand } from "./serve.js";
import { webhooksCommand } from "./webhooks.js";

export interface Command {
  summary: string;
  help: string;
  run(args: string[]): Promise<number>;
}

export const commands: Record<string, Command> = {
  serve: serveCommand,
  import: importCommand,
  migrate: migrateCommand,
  demo: demoCommand,
  rerender: rerenderCommand,
  keys: keysCommand,
  openapi: openapiCommand,
  webhooks: webhooksCommand,
  export: exportCommand,
  backup: backupCommand,
  desk: deskCommand,
};
