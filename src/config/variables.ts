// Every environment variable Folio reads, with its default and meaning: the one source for
// `folio --help` and the README's configuration table (scripts/config-table.ts writes it;
// test/docs/config-table.test.ts fails when they part). Each section's file holds its own
// table and parser; this order is the README's and the help's.
import { AUTHORING_VARIABLES } from "./authoring.js";
import { DATABASE_VARIABLES } from "./database.js";
import { DESK_VARIABLES } from "./desk.js";
import { IMPORT_VARIABLES } from "./import.js";
import { LIMIT_VARIABLES, RATE_VARIABLES } from "./limits.js";
import { CACHE_VARIABLES, METRICS_VARIABLES, SERVER_VARIABLES } from "./serve.js";
import type { ConfigVariable } from "./variable.js";
import { WEBHOOK_VARIABLES } from "./webhooks.js";

export type { ConfigVariable } from "./variable.js";

export const CONFIG_VARIABLES = [
  ...DATABASE_VARIABLES,
  ...SERVER_VARIABLES,
  ...CACHE_VARIABLES,
  ...RATE_VARIABLES,
  ...METRICS_VARIABLES,
  ...LIMIT_VARIABLES,
  ...AUTHORING_VARIABLES,
  ...WEBHOOK_VARIABLES,
  ...DESK_VARIABLES,
  ...IMPORT_VARIABLES,
] as const satisfies readonly ConfigVariable[];
