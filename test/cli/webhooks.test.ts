// `folio webhooks`, run as a user would: add prints the secret once, list never
// shows it, bad input is a usage error naming the option, deliveries and redeliver by id.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runFolio } from "../helpers/cli.js";
import { PUBLICATIONS, post } from "../helpers/webhook-data.js";

function place(t: { after(f: () => void): void }) {
  const dir = mkdtempSync(join(tmpdir(), "folio-webhooks-cli-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, env: { DATABASE_URL: join(dir, "folio.db") } };
}

test("add, list, deliveries, redeliver and remove", async (t) => {
  const { dir, env } = place(t);
  const url = "https://hooks.example.com/folio?token=abc";
  const added = await runFolio(
    ["webhooks", "add", url, "--publication", "pub_w", "--events", "post.published,post.updated"],
    env,
  );
  assert.equal(added.code, 2, "the publication must exist first");
  assert.match(added.stderr, /--publication: unknown publication pub_w/);
  const file = join(dir, "data.ndjson");
  writeFileSync(file, PUBLICATIONS.map((p) => JSON.stringify(p)).join("\n"));
  assert.equal((await runFolio(["import", file], env)).code, 0);
  const made = await runFolio(
    ["webhooks", "add", url, "--publication", "pub_w", "--events", "post.published,post.updated"],
    env,
  );
  assert.equal(made.code, 0, made.stderr);
  const id = /added webhook endpoint (whk_\S+)/.exec(made.stdout)![1]!;
  const secret = /^(whsec_\S+)$/m.exec(made.stdout)![1]!;
  const list = await runFolio(["webhooks", "list"], env);
  assert.match(
    list.stdout,
    new RegExp(
      `${id}\\t${url.replace(/[?.]/g, "\\$&")}\\tpub_w\\tpost.published,post.updated\\tno\\tactive`,
    ),
  );
  assert.equal(list.stdout.includes(secret), false, "the secret is shown once only");

  writeFileSync(file, JSON.stringify(post("p_a")) + "\n");
  assert.equal((await runFolio(["import", file], env)).code, 0);
  const deliveries = await runFolio(["webhooks", "deliveries"], env);
  const row = deliveries.stdout.split("\n").find((l) => l.startsWith("dlv_"))!;
  assert.match(
    row,
    new RegExp(`^dlv_\\S+\\tpost.published\\tmsg_\\S+\\tp_a\\t${id}\\tpending\\t0\\t`),
  );
  assert.match(
    (await runFolio(["webhooks", "deliveries", "--failed"], env)).stdout,
    /no deliveries/,
  );
  const again = await runFolio(["webhooks", "redeliver", row.split("\t")[0]!], env);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /queued/);
  assert.equal((await runFolio(["webhooks", "redeliver", "dlv_nope"], env)).code, 2);

  assert.equal((await runFolio(["webhooks", "remove", id], env)).code, 0);
  assert.match((await runFolio(["webhooks", "list"], env)).stdout, /no webhook endpoints/);
  assert.equal((await runFolio(["webhooks", "remove", id], env)).code, 2);
});

test("bad input is refused with the option it came from", async (t) => {
  const { env } = place(t);
  const cases: [string[], RegExp][] = [
    [
      ["webhooks", "add", "http://127.0.0.1/x"],
      /URL: refused: 127\.0\.0\.1 is a non-public address/,
    ],
    [["webhooks", "add", "mailto:x@example.com"], /URL: must be an absolute http\(s\) URL/],
    [
      ["webhooks", "add", "https://example.com/", "--events", "post.nope"],
      /--events: has 'post.nope'/,
    ],
    [["webhooks", "frobnicate"], /webhooks needs one of add, list, remove, deliveries, redeliver/],
    [["webhooks", "add"], /webhooks add needs a URL/],
  ];
  for (const [args, message] of cases) {
    const result = await runFolio(args, { ...env, WEBHOOK_ALLOW_PRIVATE: "false" });
    assert.equal(result.code, 2, args.join(" "));
    assert.match(result.stderr, message);
  }
});
