// The docs cannot drift from the command: every `npx folio …` in README.md and docs/ names a
// real command, subcommand and flags as `folio help` describes them; no bare `folio <command>`
// (a fresh clone has no `folio` on its PATH); and the README's example requests answer on
// the demo data as the README shows.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { commands } from "../../src/cli/commands.js";
import { runFolio } from "../helpers/cli.js";
import { serve } from "../helpers/served.js";

const ROOT = new URL("../../../", import.meta.url);
const FILES = ["README.md", ...readdirSync(new URL("docs/", ROOT)).map((f) => `docs/${f}`)]
  .filter((f) => f.endsWith(".md"))
  .map((name) => ({ name, text: readFileSync(new URL(name, ROOT), "utf8") }));
const NAMES = Object.keys(commands);
const TOP_LEVEL_FLAGS = ["--help", "-h", "--version", "-V"];

/** Every `npx folio …` invocation: up to the end of its code span or line. */
function invocations(): { where: string; words: string[] }[] {
  const found = [];
  for (const { name, text } of FILES) {
    for (const match of text.matchAll(/npx folio ([^`\n]*)/g)) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push({ where: `${name}:${line}: ${match[0]}`, words: match[1]!.trim().split(/\s+/) });
    }
  }
  return found;
}

test("the docs name the command as a fresh clone runs it: npx folio, never bare folio", () => {
  const bare = new RegExp(
    `(?<!npx )(?<![\\w/.-])folio (${NAMES.join("|")}|help|--help|--version)\\b`,
    "g",
  );
  const offenders = FILES.flatMap(({ name, text }) =>
    [...text.matchAll(bare)].map(
      (m) => `${name}:${text.slice(0, m.index).split("\n").length}: ${m[0]}`,
    ),
  );
  assert.deepEqual(offenders, []);
  assert.ok(invocations().length > 30, "the check reads the docs' invocations");
});

test("every npx folio in the docs is a real command with real subcommands and flags", async () => {
  const helps = new Map<string, string>();
  const helpOf = async (name: string) => {
    if (!helps.has(name)) {
      const res = await runFolio(["help", name], {});
      assert.equal(res.code, 0, `folio help ${name}`);
      helps.set(name, res.stdout);
    }
    return helps.get(name)!;
  };
  const general = (await runFolio(["--help"], {})).stdout;
  const problems: string[] = [];
  for (const { where, words } of invocations()) {
    const [first, second] = words as [string, string | undefined];
    if (first.startsWith("-")) {
      if (!TOP_LEVEL_FLAGS.includes(first)) problems.push(`${where}: no top-level flag ${first}`);
      continue;
    }
    // Placeholders (`npx folio <command> --help`, `npx folio …`) stand for any command.
    if (first === "help" || /^[<…]/.test(first)) continue;
    if (!NAMES.includes(first) || !general.includes(`  ${first} `)) {
      problems.push(`${where}: no command ${first}`);
      continue;
    }
    const help = await helpOf(first);
    if ((first === "keys" || first === "webhooks") && second && /^[a-z]+$/.test(second)) {
      if (!new RegExp(`(^|\\s|\\|)${second}(\\s|\\||$)`, "m").test(help))
        problems.push(`${where}: ${first} has no subcommand ${second}`);
    }
    for (const flag of words.join(" ").match(/--[a-z][a-z-]*/g) ?? []) {
      if (flag === "--help") continue;
      if (!new RegExp(`${flag}(?![a-z-])`).test(help))
        problems.push(`${where}: ${first} has no ${flag}`);
    }
  }
  assert.deepEqual(problems, []);
});

test("the README's example requests answer on the demo data as the README shows", async (t) => {
  const readme = FILES.find((f) => f.name === "README.md")!.text;
  const examples = [
    ...readme.matchAll(
      /^\$ curl [^']*'http:\/\/127\.0\.0\.1:8080([^']+)'\n([\s\S]*?)(?=^\$ |^```)/gm,
    ),
  ];
  assert.ok(examples.length >= 4, "the README shows example requests");
  const { base } = await serve(t);
  for (const [, path, shown] of examples) {
    const answer = await fetch(`${base}${path}`);
    const body = (await answer.json()) as { error?: string; id?: string };
    const code = /"error":"([a-z_]+)"/.exec(shown!)?.[1];
    if (code !== undefined) {
      assert.equal(body.error, code, `${path}: the README shows ${code}`);
      continue;
    }
    assert.equal(answer.status, 200, `${path}: the README shows a post`);
    const id = /"id":"([^"]+)"/.exec(shown!)?.[1] ?? /\/v1\/posts\/([^?]+)/.exec(path!)?.[1];
    if (id !== undefined) assert.equal(body.id, id, path);
  }
});
