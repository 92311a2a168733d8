// One source for the configuration: the schema gives loadConfig its defaults, and the
// README's table is generated from it. Either drifting fails here (and so in CI).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { CONFIG_VARIABLES } from "../../src/config-schema.js";
import { loadConfig } from "../../src/config.js";
import { README, configTable, withTable } from "../../scripts/config-table.js";

const names = CONFIG_VARIABLES.map((v) => v.name);

test("README's configuration table is the one generated from the schema", async () => {
  const readme = readFileSync(README, "utf8");
  assert.equal(
    withTable(readme, await configTable()),
    readme,
    "README.md is out of date: run `npm run docs:config`",
  );
  for (const name of names) assert.ok(readme.includes(`| \`${name}\``), `${name} in README`);
});

test("loadConfig reads every variable of the schema and no other", () => {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_target, key) => (typeof key === "string" && read.add(key), undefined),
  });
  loadConfig(env);
  assert.deepEqual([...read].sort(), [...names].sort());
});

test("every default of the schema is one loadConfig accepts", () => {
  const defaults = Object.fromEntries(
    CONFIG_VARIABLES.flatMap((v) => ("fallback" in v ? [[v.name, v.fallback]] : [])),
  );
  assert.deepEqual(loadConfig(defaults), loadConfig({}));
});
