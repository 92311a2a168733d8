// `folio keys create|list|revoke`, on every store: the key printed once and
// alone on standard output, listed without its secret, usable at once, refused once revoked.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { runFolio } from "../helpers/cli.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

for (const factory of await storeFactories()) {
  describe(`folio keys (${factory.name})`, () => {
    it("creates a key shown once, lists it without its secret, and revokes it", async (t) => {
      const db = await factory.create();
      t.after(() => db.dispose());
      await loadFixtures(db.store);
      const env = { DATABASE_URL: db.url };
      const created = await runFolio(
        ["keys", "create", "--publication", "pub_1", "--name", "CMS"],
        env,
      );
      assert.equal(created.code, 0, created.stderr);
      const secret = created.stdout.trim();
      assert.match(secret, /^folio_sk_[A-Za-z0-9_-]{43}$/);
      const id = /created key (key_\S+) for publication blog \(pub_1\)/.exec(created.stderr)?.[1];
      assert.ok(id, created.stderr);

      const listed = await runFolio(["keys", "list"], env);
      assert.equal(listed.code, 0);
      assert.match(
        listed.stdout,
        new RegExp(`^${id}  pub_1 "CMS"  ${secret.slice(0, 13)}… .* live$`, "m"),
      );
      assert.ok(!listed.stdout.includes(secret.slice(13)), "the secret is never listed");

      const config = loadConfig({ LOG_LEVEL: "silent", MAX_EVENT_LOOP_DELAY_MS: "0" });
      const app = await buildApp({ config, store: db.store, logger: false });
      t.after(() => app.close());
      const me = () =>
        app.inject({ url: "/v1/me", headers: { authorization: `Bearer ${secret}` } });
      assert.equal((await me()).statusCode, 200);

      const revoked = await runFolio(["keys", "revoke", id], env);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.match((await runFolio(["keys", "list"], env)).stdout, /revoked \d{4}-/);
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal((await me()).statusCode, 401);
      const again = await runFolio(["keys", "revoke", id], env);
      assert.equal(again.code, 2);
      assert.match(again.stderr, /no live key/);
    });

    it("refuses an unknown publication and a missing option, writing nothing", async (t) => {
      const db = await factory.create();
      t.after(() => db.dispose());
      await loadFixtures(db.store);
      const env = { DATABASE_URL: db.url };
      const unknown = await runFolio(["keys", "create", "--publication", "pub_nope"], env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /unknown publication pub_nope/);
      assert.equal(unknown.stdout, "");
      assert.equal((await runFolio(["keys", "create"], env)).code, 2);
      assert.equal((await runFolio(["keys", "rotate"], env)).code, 2);
      assert.deepEqual(await db.store.listApiKeys(), []);
    });
  });
}
