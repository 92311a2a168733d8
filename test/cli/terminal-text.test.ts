// Outside text on the operator's terminal: a receiver's answer in `folio webhooks deliveries`,
// a file name in an import's rejections, imported ids and names in `folio keys` and `folio desk`.
// Run as a user would; what reaches the terminal must carry no control character, only its
// escape.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { shown, shownLines } from "../../src/cli/terminal-text.js";
import { deskSettings } from "../../src/config/desk.js";
import { DeskSessions } from "../../src/desk/sessions.js";
import { runFolio } from "../helpers/cli.js";
import { sqliteFactory } from "../helpers/stores.js";
import { PUBLICATIONS, endpointFor, load, post } from "../helpers/webhook-data.js";
import { startNode } from "../helpers/webhook-nodes.js";
import { startReceiver } from "../helpers/webhook-receiver.js";

/** What a terminal would act on: controls but the output's own tabs and line breaks, bidi overrides. */
const ACTIVE = /(?![\t\n])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const TITLE_SEQUENCE = "\u001b]0;PWNED\u0007";

test("control characters are shown as escapes; other text is left as it is", () => {
  assert.equal(shown(`a${TITLE_SEQUENCE}b`), "a\\x1b]0;PWNED\\x07b");
  assert.equal(shown("tab\there\nnew\u009bline\u007f"), "tab\\x09here\\x0anew\\x9bline\\x7f");
  assert.equal(shown("abc\u202edcba"), "abc\\u202edcba");
  assert.equal(shown("café — naïve ✓ 日本"), "café — naïve ✓ 日本");
  assert.equal(shownLines("one\u001b[2J\ntwo"), "one\\x1b[2J\ntwo");
});

test("folio webhooks deliveries shows a receiver's escape sequence escaped", async (t) => {
  const made = await sqliteFactory.create();
  t.after(() => made.dispose());
  await load(made.store, PUBLICATIONS);
  const receiver = await startReceiver(t);
  receiver.respond = { status: 500, body: `${TITLE_SEQUENCE}\u001b[2J\u001b[1;1Hall good` };
  await endpointFor(made.store, receiver);
  await startNode(t, made.store);
  await load(made.store, [post("p_a")]);
  const deadline = Date.now() + 15_000;
  while ((await made.store.listDeliveries({ limit: 1 }))[0]?.lastError === undefined) {
    assert.ok(Date.now() < deadline, "the delivery was attempted");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const listed = await runFolio(["webhooks", "deliveries"], { DATABASE_URL: made.url });
  assert.equal(listed.code, 0, listed.stderr);
  assert.doesNotMatch(listed.stdout, ACTIVE);
  assert.ok(listed.stdout.includes("HTTP 500: \\x1b]0;PWNED\\x07\\x1b[2J"), listed.stdout);
});

test("folio import shows a file name's escape sequence escaped in its rejections", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "folio-terminal-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const site = join(dir, "site");
  mkdirSync(site);
  writeFileSync(join(site, `a${TITLE_SEQUENCE}b.md`), "---\ntitle: Fine\n---\nbody\n");
  writeFileSync(join(site, "good.md"), "---\ntitle: Good\n---\nbody\n");
  const run = await runFolio(["import", "--from", "markdown", site], {
    DATABASE_URL: join(dir, "folio.db"),
  });
  const output = run.stdout + run.stderr;
  assert.match(output, /a\\x1b\]0;PWNED\\x07b\.md: /, output);
  assert.doesNotMatch(output, ACTIVE);
});

test("folio keys list and folio desk show imported ids and names escaped", async (t) => {
  const made = await sqliteFactory.create();
  t.after(() => made.dispose());
  // Ids and labels refuse C0 controls, not C1 ones nor bidirectional overrides: an import
  // (another store's export) can carry them to the terminal.
  const publicationId = "pub\u202eevil";
  const userId = "usr\u009b2J";
  const lines = [
    { type: "publication", id: publicationId, slug: "evil", name: "Evil" },
    { type: "author", id: userId, publicationId, name: "Writer" },
    {
      ...{ type: "apiKey", id: "key_1", publicationId, name: "n\u202eem\u009b" },
      ...{ hash: "0".repeat(64), hint: "folio_", createdAt: "2024-01-01T00:00:00Z" },
    },
  ];
  const env = { DATABASE_URL: made.url };
  const imported = await runFolio(
    ["import", "-"],
    env,
    lines.map((l) => JSON.stringify(l)).join("\n"),
  );
  assert.equal(imported.code, 0, imported.stderr);

  const created = await runFolio(["keys", "create", "--publication", "evil"], env);
  assert.equal(created.code, 0, created.stderr);
  assert.ok(created.stderr.includes("for publication evil (pub\\u202eevil)"), created.stderr);
  assert.doesNotMatch(created.stderr, ACTIVE);

  const keys = await runFolio(["keys", "list"], env);
  assert.equal(keys.code, 0, keys.stderr);
  assert.match(keys.stdout, /^key_1 {2}pub\\u202eevil "n\\u202eem\\x9b"/m);
  assert.doesNotMatch(keys.stdout, ACTIVE);

  const invited = await runFolio(
    ["desk", "invite", "--publication", "evil", "--user", userId],
    env,
  );
  assert.equal(invited.code, 0, invited.stderr);
  assert.ok(invited.stderr.includes("usr\\x9b2J to pub\\u202eevil"), invited.stderr);
  assert.doesNotMatch(invited.stderr, ACTIVE);

  await new DeskSessions(made.store, deskSettings({}), "http://localhost").start(
    { publicationId, userId },
    "invite",
  );
  const sessions = await runFolio(["desk", "sessions", "list"], env);
  assert.equal(sessions.code, 0, sessions.stderr);
  assert.match(sessions.stdout, / {2}pub\\u202eevil {2}usr\\x9b2J {2}invite {2}/);
  assert.doesNotMatch(sessions.stdout, ACTIVE);
});
