// What a section of the configuration declares about each variable it reads, and how a
// section reads its own: every section file holds its table and its parser, and reads a
// variable through its own table, so a default is written once, beside its meaning.

export interface ConfigVariable {
  readonly name: string;
  /** The value used when the variable is unset; undefined: none (the feature is off). */
  readonly fallback?: string;
  /** One Markdown sentence or two for the README. */
  readonly meaning: string;
  /** Read by `folio import` (and rerender) alone (config/import.ts), not by loadConfig. */
  readonly importOnly?: true;
  /** Read by loadConfig and also by `folio import`, whose records must meet the same limit. */
  readonly alsoImport?: true;
}

type Table = readonly ConfigVariable[];
type Named<T extends Table> = T[number]["name"];
type WithFallback<T extends Table> = Extract<T[number], { fallback: string }>["name"];

/** A variable's value, or its default when unset (an empty value is a value: checked). */
export interface Setting<T extends Table> {
  (env: NodeJS.ProcessEnv, name: WithFallback<T>): string;
  (env: NodeJS.ProcessEnv, name: Named<T>): string | undefined;
}

/** The reader of one table's variables. */
export function settingOf<T extends Table>(table: T): Setting<T> {
  const byName = new Map<string, ConfigVariable>(table.map((v) => [v.name, v]));
  return ((env: NodeJS.ProcessEnv, name: string) =>
    env[name] ?? byName.get(name)?.fallback) as Setting<T>;
}
