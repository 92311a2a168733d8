// A delivery refused because its target is not public is retried until given up on: the
// serving process says so in its log, once per endpoint, with what would allow it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sqliteFactory } from "../helpers/stores.js";
import { PUBLICATIONS, endpointFor, load, post } from "../helpers/webhook-data.js";
import { startNode } from "../helpers/webhook-nodes.js";
import { startReceiver } from "../helpers/webhook-receiver.js";

test("a refused target is logged once per endpoint, naming it, why, and the variable to set", async (t) => {
  const made = await sqliteFactory.create();
  t.after(() => made.dispose());
  const { store } = made;
  await load(store, PUBLICATIONS);
  const receiver = await startReceiver(t);
  // Added where private targets were allowed, served where they are not: the walkthrough's trap.
  const literal = await endpointFor(store, receiver);
  const named = await endpointFor(store, { url: `http://localhost:${receiver.port}/`, secret: "" });
  const resolvesNowhere = await endpointFor(store, {
    url: "http://folio-nowhere.invalid/",
    secret: "",
  });
  const node = await startNode(t, store, { WEBHOOK_ALLOW_PRIVATE: "false" });
  await load(store, [post("p_a"), post("p_b")]);
  const deadline = Date.now() + 15_000;
  // Each of the six deliveries tried three times over: many refusals per endpoint.
  while (!(await store.listDeliveries({ limit: 10 })).every((d) => d.attempts >= 3)) {
    assert.ok(Date.now() < deadline, "deliveries were retried");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(receiver.hits(), 0);
  const refusals = node.warnings.filter((w) => w.includes("delivery refused"));
  assert.equal(refusals.length, 2, refusals.join("\n"));
  const of = (id: string) => refusals.filter((w) => w.includes(id));
  assert.match(of(literal.id)[0] ?? "", /refused: 127\.0\.0\.1 is a non-public address/);
  assert.match(of(named.id)[0] ?? "", /refused: localhost resolves to /);
  for (const line of refusals) assert.match(line, /WEBHOOK_ALLOW_PRIVATE=true/);
  assert.equal(
    of(resolvesNowhere.id).length,
    0,
    "the variable would not help a name that does not resolve",
  );
  assert.doesNotMatch(refusals.join("\n"), new RegExp(`:${receiver.port}/`), "no URL in the log");
});
