// One source for the configuration: the schema gives loadConfig its defaults, and the
// README's table is generated from it. Either drifting fails here (and so in CI).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { CONFIG_VARIABLES } from "../../src/config/variables.js";
import { loadConfig } from "../../src/config/index.js";
import { importLimits } from "../../src/cli/import-limits.js";
import { README, configTable, withTable } from "../../scripts/config-table.js";

const names = CONFIG_VARIABLES.map((v) => v.name);
const isImportOnly = (v: (typeof CONFIG_VARIABLES)[number]) => "importOnly" in v;
const served = CONFIG_VARIABLES.filter((v) => !isImportOnly(v)).map((v) => v.name);
const readByImport = CONFIG_VARIABLES.filter((v) => isImportOnly(v) || "alsoImport" in v);

/** The names a function reads from the environment it is given. */
function namesRead(read: (env: NodeJS.ProcessEnv) => unknown): string[] {
  const seen = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_target, key) => (typeof key === "string" && seen.add(key), undefined),
  });
  read(env);
  return [...seen].sort();
}

test("README's configuration table is the one generated from the schema", async () => {
  const readme = readFileSync(README, "utf8");
  assert.equal(
    withTable(readme, await configTable()),
    readme,
    "README.md is out of date: run `npm run docs:config`",
  );
  for (const name of names) assert.ok(readme.includes(`| \`${name}\``), `${name} in README`);
});

test("loadConfig and folio import read every variable of the schema and no other", () => {
  assert.deepEqual(namesRead(loadConfig), [...served].sort());
  assert.deepEqual(
    namesRead((env) => importLimits({}, env)),
    readByImport.map((v) => v.name).sort(),
  );
});

test("every default of the schema is the one the code uses", () => {
  const defaults = Object.fromEntries(
    CONFIG_VARIABLES.flatMap((v) => ("fallback" in v ? [[v.name, v.fallback]] : [])),
  );
  assert.deepEqual(loadConfig(defaults), loadConfig({}));
  assert.deepEqual(importLimits({}, defaults), importLimits({}, {}));
});
