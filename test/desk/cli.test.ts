// `folio desk` as an operator runs it, in a child process, on every store: an invite link that
// signs in once, the sessions it starts listed, and a revocation the serving app honours.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { SITE_URL } from "../helpers/app.js";
import { runFolio } from "../helpers/cli.js";
import { storeFactories } from "../helpers/stores.js";
import { browser, buildDesk, cookieOf, signInWith } from "./helpers.js";

for (const factory of await storeFactories()) {
  describe(`folio desk (${factory.name})`, () => {
    it("invites, lists and revokes", async (t) => {
      const desk = await buildDesk(t, factory);
      const env = { DATABASE_URL: desk.url, SITE_URL };
      const invited = await runFolio(
        ["desk", "invite", "--publication", "blog", "--user", "usr_1"],
        env,
      );
      assert.equal(invited.code, 0, invited.stderr);
      const url = new URL(invited.stdout.trim());
      assert.equal(`${url.origin}${url.pathname}`, `${SITE_URL}/desk/signin`);
      const token = url.searchParams.get("token")!;
      const signedIn = await signInWith(desk, token);
      assert.equal(signedIn.statusCode, 303);
      const writer = await browser(desk, cookieOf(signedIn));
      const [session] = await desk.store.listDeskSessions();
      const listed = await runFolio(["desk", "sessions", "list"], env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(
        listed.stdout,
        new RegExp(`^${session!.id}  pub_1  usr_1  invite  .*  live$`, "m"),
      );
      const revoked = await runFolio(["desk", "sessions", "revoke", session!.id], env);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.equal(
        (await writer.send({ method: "GET", url: "/desk/api/session" })).statusCode,
        401,
      );
      const again = await runFolio(["desk", "sessions", "revoke", session!.id], env);
      assert.notEqual(again.code, 0);
      assert.match(again.stderr, /no live session/);
    });

    it("refuses an invite for someone who is not the publication's author", async (t) => {
      const desk = await buildDesk(t, factory);
      const env = { DATABASE_URL: desk.url, SITE_URL };
      const res = await runFolio(
        ["desk", "invite", "--publication", "Other-Pub", "--user", "usr_1"],
        env,
      );
      assert.notEqual(res.code, 0);
      assert.match(res.stderr, /usr_1 is not an author of Other-Pub/);
      assert.equal(res.stdout, "");
    });
  });
}
