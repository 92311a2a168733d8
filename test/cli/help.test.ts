// What a newcomer types first: --version, help for one command, and the list of variables.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { CONFIG_VARIABLES } from "../../src/config/variables.js";
import { runFolio } from "../helpers/cli.js";

const packageJson = new URL("../../../package.json", import.meta.url);

test("folio --version prints the package's version", async () => {
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  for (const flag of ["--version", "-V"]) {
    const res = await runFolio([flag], {});
    assert.equal(res.code, 0);
    assert.equal(res.stdout, `${version}\n`);
  }
});

test("folio help <command> prints that command's help, as <command> --help does", async () => {
  for (const name of ["import", "serve", "rerender"]) {
    const viaHelp = await runFolio(["help", name], {});
    assert.equal(viaHelp.code, 0);
    assert.match(viaHelp.stdout, new RegExp(`^Usage: folio ${name}`));
    assert.equal(viaHelp.stdout, (await runFolio([name, "--help"], {})).stdout);
  }
  const unknown = await runFolio(["help", "frobnicate"], {});
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command 'frobnicate'/);
});

test("folio --help and serve --help name every configuration variable", async () => {
  const general = (await runFolio(["--help"], {})).stdout;
  const serve = (await runFolio(["serve", "--help"], {})).stdout;
  for (const variable of CONFIG_VARIABLES) {
    const { name } = variable;
    assert.match(general, new RegExp(`\\b${name}\\b`), `folio --help names ${name}`);
    if ("importOnly" in variable) continue;
    assert.match(serve, new RegExp(`\\b${name}\\b`), `serve --help names ${name}`);
  }
});
