// Another site's pages against a writer's Chromium that holds a desk session: forms that post
// themselves to the desk's post API and to its sign-out, and scripts that fetch them with the
// browser's credentials. From another site the browser does not even send the SameSite=Strict
// cookie; from a sibling host of the same site it does, and the desk's origin check refuses.
// Either way nothing is written, the session lives on, and the CSRF token cannot be read.
// Twice: on a plain-HTTP domain, where Chromium sends no Sec-Fetch-Site and Origin decides, and
// on http://*.localhost, a trustworthy origin to which it sends Sec-Fetch-Site (as to HTTPS).
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, test, type TestContext } from "node:test";
import type { Page } from "playwright-core";
import { buildSite, listen } from "../helpers/site.js";
import { sqliteFactory } from "../helpers/stores.js";
import { launch } from "../site/chromium.js";
import { Balancer, inPage, inviter, offline, sessionSeen, signInByInvite } from "./in-browser.js";

const SITES = [
  {
    desk: "desk.example.com",
    trustworthy: false,
    attackers: { otherSite: "prizes.example.net", sameSite: "notes.example.com" },
  },
  {
    desk: "desk.localhost",
    trustworthy: true,
    attackers: { otherSite: "prizes.localhost", sameSite: "notes.desk.localhost" },
  },
] as const;
const PLANTED = { title: "Planted", markdown: "Written by another site", status: "published" };

/** The attacker's pages: `/post` and `/signout` each a form that submits itself on load. */
function attackerPage(site: string, path: string): string {
  const form = (action: string, fields: Record<string, string>) =>
    `<form method="post" action="${site}${action}">` +
    Object.entries(fields)
      .map(([name, value]) => `<input name="${name}" value="${value}">`)
      .join("") +
    `</form><script>document.forms[0].submit()</script>`;
  const body =
    path === "/post"
      ? form("/desk/api/posts", { ...PLANTED, _csrf: "guessed" })
      : path === "/signout"
        ? form("/desk/signout", { _csrf: "guessed" })
        : "<p>Nothing to see</p>";
  return `<!doctype html><html lang="en"><title>Win a prize</title>${body}</html>`;
}

async function attackerServer(t: TestContext, site: string): Promise<number> {
  const server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(attackerPage(site, new URL(request.url!, "http://x").pathname));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** Opens the attacker's self-submitting form; the status of the desk's answer to its POST. */
async function submitted(page: Page, site: string, attacker: string, path: string) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().startsWith(site) && r.request().method() === "POST"),
    page.goto(`${attacker}${path}`),
  ]);
  return answer.status();
}

/** What the attacker's scripts get from the desk with the browser's credentials. */
const FETCHES = `
  const outcome = (promise) =>
    promise.then((r) => (r.type === "opaque" ? "opaque" : "read " + r.status), (e) => e.name);
  const { site, fields } = argument;
  return {
    preflighted: await outcome(fetch(site + "/desk/api/posts", {
      method: "POST", credentials: "include",
      headers: { "content-type": "application/json" }, body: JSON.stringify(fields),
    })),
    simple: await outcome(fetch(site + "/desk/api/posts", {
      method: "POST", credentials: "include", mode: "no-cors",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    })),
    signout: await outcome(fetch(site + "/desk/signout", {
      method: "POST", credentials: "include", mode: "no-cors", body: "",
    })),
    token: await outcome(fetch(site + "/desk/api/session", { credentials: "include" })),
  };
`;

for (const { desk, trustworthy, attackers } of SITES) {
  const site = `http://${desk}`;
  describe(`cross-site requests to the desk at ${site}, in Chromium`, () => {
    for (const [kind, host] of Object.entries(attackers)) {
      const sameSite = kind === "sameSite";
      // Only a same-site request carries the SameSite=Strict cookie to the desk; without it
      // the desk refuses with 401 before any other check, with it the origin check says 403.
      const refusal = sameSite ? 403 : 401;
      const attacker = `http://${host}`;
      const fetchSite = trustworthy ? (sameSite ? "same-site" : "cross-site") : undefined;
      test(`from ${host}: refused, nothing written, the session alive`, async (t) => {
        const { app, store } = await buildSite(t, sqliteFactory, { env: { SITE_URL: site } });
        const balancer = new Balancer({ site: await listen(app) });
        const rules = offline(
          [desk, await balancer.open(t)],
          [host, await attackerServer(t, site)],
        );
        const browser = await launch(t, [rules]);
        if (browser === undefined) return;
        const context = await browser.newContext();
        t.after(() => context.close());
        const writer = await context.newPage();
        await signInByInvite(writer, inviter(store, site), site);
        await writer.goto(`${site}/`, { waitUntil: "load" });
        const session = await sessionSeen(writer);
        assert.equal(session.status, 200);
        const posts = await store.countPosts();

        // In another tab of the same browser, the attacker's self-submitting forms.
        const tab = await context.newPage();
        let mark = balancer.hits.length;
        assert.equal(await submitted(tab, site, attacker, "/post"), refusal);
        assert.equal(await submitted(tab, site, attacker, "/signout"), refusal);
        const post = {
          node: "site",
          method: "POST",
          cookie: sameSite,
          fetchSite,
          origin: attacker,
        };
        assert.deepEqual(
          balancer.hits.slice(mark),
          [
            { ...post, path: "/desk/api/posts", status: refusal },
            { ...post, path: "/desk/signout", status: refusal },
          ],
          "the forms' posts: whether the cookie went, what the browser said, the desk's answer",
        );

        // The attacker's scripts, with the browser's credentials.
        await tab.goto(`${attacker}/`, { waitUntil: "load" });
        mark = balancer.hits.length;
        const fetched = await inPage(tab, FETCHES, { site, fields: PLANTED });
        assert.deepEqual(fetched, {
          // A JSON post needs a preflight; the desk's answer allows no credentials.
          preflighted: "TypeError",
          // A form-like post needs none: it reaches the desk, whose answer the page cannot read.
          simple: "opaque",
          signout: "opaque",
          // The session's answer, with its CSRF token, is not readable from another origin.
          token: "TypeError",
        });
        const reached = balancer.hits.slice(mark).map((h) => `${h.method} ${h.path} ${h.status}`);
        assert.deepEqual(reached, [
          "OPTIONS /desk/api/posts 204",
          `POST /desk/api/posts ${refusal}`,
          `POST /desk/signout ${refusal}`,
          `GET /desk/api/session ${sameSite ? 200 : 401}`,
        ]);

        assert.equal(await store.countPosts(), posts, "no post was written");
        const [stored] = await store.listDeskSessions();
        assert.equal(stored?.revokedAt, undefined, "the session was not signed out");
        const after = await sessionSeen(writer);
        assert.equal(after.status, 200, "the writer's session is alive");
        assert.equal(after.json.id, session.json.id);
      });
    }
  });
}
