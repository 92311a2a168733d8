// Every environment variable Folio reads, with its default and meaning: the one source for
// loadConfig's defaults, `folio --help` and the README's configuration table
// (scripts/config-table.ts writes it; test/docs/config-table.test.ts fails when they part).
// The tables live by area in config/; this order is the README's and the help's.
import { DESK_VARIABLES } from "./config/desk-variables.js";
import { LIMIT_VARIABLES } from "./config/limit-variables.js";
import {
  CACHE_VARIABLES,
  POSTGRES_VARIABLES,
  SERVER_VARIABLES,
  SHARED_VARIABLES,
} from "./config/serve-variables.js";
import {
  AUTHORING_VARIABLES,
  IMPORT_VARIABLES,
  WEBHOOK_VARIABLES,
} from "./config/write-variables.js";

export interface ConfigVariable {
  readonly name: string;
  /** The value used when the variable is unset; undefined: none (the feature is off). */
  readonly fallback?: string;
  /** One Markdown sentence or two for the README. */
  readonly meaning: string;
  /** Read by `folio import` (and rerender) alone (cli/import-limits.ts), not by loadConfig. */
  readonly importOnly?: true;
  /** Read by loadConfig and also by `folio import`, whose records must meet the same limit. */
  readonly alsoImport?: true;
}

export const CONFIG_VARIABLES = [
  ...SERVER_VARIABLES,
  ...CACHE_VARIABLES,
  ...POSTGRES_VARIABLES,
  ...SHARED_VARIABLES,
  ...LIMIT_VARIABLES,
  ...AUTHORING_VARIABLES,
  ...WEBHOOK_VARIABLES,
  ...DESK_VARIABLES,
  ...IMPORT_VARIABLES,
] as const satisfies readonly ConfigVariable[];

type Variable = (typeof CONFIG_VARIABLES)[number];
export type VariableName = Variable["name"];
type WithFallback = Extract<Variable, { fallback: string }>["name"];

const byName = new Map<string, ConfigVariable>(CONFIG_VARIABLES.map((v) => [v.name, v]));

/** The variable's value, or its default when unset (an empty value is a value: checked). */
export function setting(env: NodeJS.ProcessEnv, name: WithFallback): string;
export function setting(env: NodeJS.ProcessEnv, name: VariableName): string | undefined;
export function setting(env: NodeJS.ProcessEnv, name: VariableName): string | undefined {
  return env[name] ?? byName.get(name)?.fallback;
}
