// Two Folio nodes over one store behind a load balancer, on every store, and a writer's
// Chromium signed in through one of them: a revocation by the operator's command, or a sign-out
// answered by the other node, holds on both nodes at the browser's next request, well within a
// second. The browser keeps the cookie in the revocation case; in the sign-out case a second
// browser holding a copy of it (as a thief would) is the one refused.
import assert from "node:assert/strict";
import { describe, test, type TestContext } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { buildApp } from "../../src/app.js";
import { DEFAULT_POSTGRES_SETTINGS, loadConfig } from "../../src/config/index.js";
import { representPost } from "../../src/http/wire/representation.js";
import type { PostStore } from "../../src/store/post-store.js";
import { openPostgresStore } from "../../src/store/postgres/store.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import { NO_SHEDDING } from "../helpers/app.js";
import { runFolio } from "../helpers/cli.js";
import { listen, loadSiteData } from "../helpers/site.js";
import { storeFactories, type StoreFactory } from "../helpers/stores.js";
import { launch } from "../site/chromium.js";
import { Balancer, inviter, offline, sessionSeen, signInByInvite } from "./in-browser.js";

const HOST = "desk.example.com";
const SITE = `http://${HOST}`;
/** How soon every node must refuse a revoked session. */
const WITHIN_MS = 1000;

function openAgain(factory: StoreFactory, url: string): PostStore {
  return factory.name === "sqlite"
    ? openSqliteStore(url, { represent: representPost })
    : openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url, represent: representPost });
}

/** Nodes A and B, each its own app and store connection over the same data, and the balancer. */
async function cluster(t: TestContext, factory: StoreFactory) {
  const { store, url, dispose } = await factory.create();
  t.after(dispose);
  await loadSiteData(store);
  const config = loadConfig({
    SITE_URL: SITE,
    LOG_LEVEL: "silent",
    RATE_LIMIT: "0",
    ...NO_SHEDDING,
  });
  const node = async (nodeStore: PostStore) => {
    const app = await buildApp({ config, store: nodeStore, logger: false });
    t.after(() => app.close());
    return listen(app);
  };
  const other = openAgain(factory, url);
  t.after(() => other.close());
  const balancer = new Balancer({ A: await node(store), B: await node(other) });
  const port = await balancer.open(t);
  const browser = await launch(t, [offline([HOST, port])]);
  return { store, url, balancer, browser };
}

async function newPage(t: TestContext, context: BrowserContext): Promise<Page> {
  t.after(() => context.close());
  return context.newPage();
}

/**
 * The browser's next requests after a revocation that finished at `since`: its own request
 * for the session on B then on A, each refused (401), timed from the revocation; then opening
 * the desk on each, refused too.
 */
async function refusedEverywhere(page: Page, balancer: Balancer, since: number) {
  const took: Record<string, number> = {};
  for (const node of ["B", "A"]) {
    balancer.to(node);
    const seen = await sessionSeen(page);
    took[node] = performance.now() - since;
    assert.equal(seen.status, 401, `node ${node} refuses the session's request`);
    assert.equal(seen.json.error, "unauthorized");
    assert.ok(took[node] < WITHIN_MS, `node ${node} refused ${took[node]} ms after`);
  }
  for (const node of ["B", "A"]) {
    balancer.to(node);
    const opened = await page.goto(`${SITE}/desk`, { waitUntil: "load" });
    assert.equal(opened?.status(), 401, `node ${node} refuses to open the desk`);
  }
  const refused = balancer.hits.filter((h) => h.status === 401);
  assert.deepEqual(
    refused.map((h) => `${h.node} ${h.method} ${h.path}`),
    ["B GET /desk/api/session", "A GET /desk/api/session", "B GET /desk", "A GET /desk"],
    "each node answered its own refusals",
  );
  return took;
}

/** Signed in through node A, and that session honoured by node B. */
async function signedInOnA(page: Page, store: PostStore, balancer: Balancer) {
  balancer.to("A");
  await signInByInvite(page, inviter(store, SITE), SITE);
  assert.ok(
    balancer.hits.some((h) => h.node === "A" && h.path === "/desk/signin" && h.status === 303),
  );
  await page.goto(`${SITE}/`, { waitUntil: "load" });
  balancer.to("B");
  const onB = await sessionSeen(page);
  assert.equal(onB.status, 200, "node B honours the session node A started");
  return onB.json.id as string;
}

for (const factory of await storeFactories()) {
  describe(`a desk session revoked on one node, in Chromium (${factory.name})`, () => {
    test("revoked by `folio desk sessions revoke`: refused by both nodes", async (t) => {
      const { store, url, balancer, browser } = await cluster(t, factory);
      if (browser === undefined) return;
      const page = await newPage(t, await browser.newContext());
      const id = await signedInOnA(page, store, balancer);
      const revoked = await runFolio(["desk", "sessions", "revoke", id], {
        ...{ DATABASE_URL: url, SITE_URL: SITE },
      });
      assert.equal(revoked.code, 0, revoked.stderr);
      const since = performance.now();
      assert.ok(
        (await page.context().cookies()).some((c) => c.name === "folio_desk"),
        "the browser still holds the cookie",
      );
      const took = await refusedEverywhere(page, balancer, since);
      t.diagnostic(
        `refused by B after ${took.B!.toFixed(0)} ms, by A after ${took.A!.toFixed(0)} ms`,
      );
    });

    test("signed out through node B: the same cookie refused by both nodes", async (t) => {
      const { store, balancer, browser } = await cluster(t, factory);
      if (browser === undefined) return;
      const writer = await newPage(t, await browser.newContext());
      await signedInOnA(writer, store, balancer);
      const copy = await newPage(t, await browser.newContext());
      await copy.context().addCookies(await writer.context().cookies());
      await copy.goto(`${SITE}/`, { waitUntil: "load" });
      assert.equal((await sessionSeen(copy)).status, 200, "the copy holds the same session");

      balancer.to("B");
      await writer.goto(`${SITE}/desk`, { waitUntil: "load" });
      const [out] = await Promise.all([
        writer.waitForResponse((r) => r.url() === `${SITE}/desk/signout`),
        writer.getByRole("button", { name: "Sign out" }).click(),
      ]);
      assert.equal(out.status(), 200);
      const since = performance.now();
      assert.equal(balancer.hits.at(-1)?.node, "B", "node B answered the sign-out");
      assert.deepEqual(await writer.context().cookies(), [], "the writer's cookie is cleared");
      const took = await refusedEverywhere(copy, balancer, since);
      t.diagnostic(
        `refused by B after ${took.B!.toFixed(0)} ms, by A after ${took.A!.toFixed(0)} ms`,
      );
      const [session] = await store.listDeskSessions();
      assert.ok(session?.revokedAt !== undefined, "the store holds the revocation");
    });
  });
}
