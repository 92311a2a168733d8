// A passkey made and used by Chromium's own WebAuthn, on its virtual authenticator (CTAP2, a
// platform authenticator with user verification): a writer signed in by invite registers one,
// signs out, and signs in with it alone; the same signed assertion sent again is refused.
// WebAuthn needs a secure context: http://*.localhost is one, and the browser maps the name to
// the loopback server, so the relying party is the host name SITE_URL gives.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import type { Locator } from "playwright-core";
import { buildSite, listen } from "../helpers/site.js";
import { sqliteFactory } from "../helpers/stores.js";
import { launch } from "../site/chromium.js";
import {
  inPage,
  inviter,
  offline,
  sessionSeen,
  signInByInvite,
  type Answer,
} from "./in-browser.js";

const HOST = "desk.localhost";
const SITE = `http://${HOST}`;

/** Options from the desk → navigator.credentials.create() → its JSON posted back. */
const REGISTER = `
  const csrf = (await session()).json.csrfToken;
  const asked = await call("POST", "/desk/api/passkeys/options", {}, csrf);
  if (asked.status !== 200) return { asked };
  const o = asked.json;
  const credential = await navigator.credentials.create({
    publicKey: {
      ...o,
      challenge: bytes(o.challenge),
      user: { ...o.user, id: bytes(o.user.id) },
      excludeCredentials: (o.excludeCredentials ?? []).map((c) => ({ ...c, id: bytes(c.id) })),
    },
  });
  const response = {
    id: credential.id,
    rawId: text(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: text(credential.response.clientDataJSON),
      attestationObject: text(credential.response.attestationObject),
      transports: credential.response.getTransports(),
    },
  };
  return { asked, options: o, saved: await call("POST", "/desk/api/passkeys", response, csrf) };
`;

/** Sign-in options → navigator.credentials.get() → the assertion posted; no session needed. */
const SIGN_IN = `
  const asked = await call("POST", "/desk/passkey/options", {});
  if (asked.status !== 200) return { asked };
  const o = asked.json;
  const credential = await navigator.credentials.get({
    publicKey: {
      ...o,
      challenge: bytes(o.challenge),
      allowCredentials: (o.allowCredentials ?? []).map((c) => ({ ...c, id: bytes(c.id) })),
    },
  });
  const r = credential.response;
  const assertion = {
    id: credential.id,
    rawId: text(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: text(r.clientDataJSON),
      authenticatorData: text(r.authenticatorData),
      signature: text(r.signature),
      userHandle: r.userHandle === null ? undefined : text(r.userHandle),
    },
  };
  return { asked, assertion, signedIn: await call("POST", "/desk/passkey/signin", assertion) };
`;

interface Registered {
  asked: Answer;
  options?: { rp: { id: string }; user: { name: string } };
  saved?: Answer<{ id: string }>;
}
interface SignedIn {
  asked: Answer;
  assertion?: { id: string; response: { userHandle?: string } };
  signedIn?: Answer<{ method: string; userId: string; publicationId: string; csrfToken: string }>;
}
interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  signCount: number;
  userHandle: string;
}

/**
 * The site on SITE, and a page of a Chromium whose virtual authenticator (CTAP2, a platform
 * authenticator with user verification) answers every ceremony; undefined without Chromium.
 */
async function withAuthenticator(t: TestContext) {
  const { app, store } = await buildSite(t, sqliteFactory, { env: { SITE_URL: SITE } });
  const port = new URL(await listen(app)).port;
  const browser = await launch(t, [offline([HOST, port])]);
  if (browser === undefined) return undefined;
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      ...{ protocol: "ctap2", transport: "internal", hasResidentKey: true },
      ...{ hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    },
  });
  return { store, context, page, cdp, authenticatorId };
}

test("a passkey registered and used with Chromium's virtual authenticator", async (t) => {
  const ready = await withAuthenticator(t);
  if (ready === undefined) return;
  const { store, context, page, cdp, authenticatorId } = ready;
  const authenticated = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId }))
      .credentials as VirtualCredential[];

  await signInByInvite(page, inviter(store, SITE), SITE);
  // The desk's requests are made from a page of the site's origin whose policy lets a script
  // reach that origin (the desk's own pages allow no script yet).
  await page.goto(`${SITE}/`, { waitUntil: "load" });
  assert.equal(await page.evaluate("isSecureContext"), true, "WebAuthn needs a secure context");
  const before = await sessionSeen(page);
  assert.equal(before.status, 200);
  assert.equal(before.json.method, "invite");
  assert.equal(before.json.passkeys, 0);

  const registered = await inPage<Registered>(page, REGISTER);
  assert.equal(registered.asked.status, 200, JSON.stringify(registered.asked.json));
  assert.equal(registered.options?.rp.id, HOST, "the relying party is SITE_URL's host name");
  assert.equal(registered.saved?.status, 201, JSON.stringify(registered.saved?.json));
  const [made] = await authenticated();
  assert.ok(made, "the authenticator holds the credential");
  assert.equal(made.isResidentCredential, true, "a discoverable credential: no user name asked");
  assert.equal(made.rpId, HOST);
  const credentialId = Buffer.from(made.credentialId, "base64").toString("base64url");
  assert.equal(registered.saved?.json.id, credentialId);
  const [stored] = await store.listPasskeys("usr_ada");
  assert.equal(stored?.id, credentialId);
  assert.equal(stored?.publicationId, "pub_field");
  assert.equal((await sessionSeen(page)).json.passkeys, 1);

  // Signed out with the desk's own form: the session is gone, the passkey stays.
  await page.goto(`${SITE}/desk`, { waitUntil: "load" });
  await Promise.all([
    page.waitForResponse((r) => r.url() === `${SITE}/desk/signout` && r.status() === 200),
    page.getByRole("button", { name: "Sign out" }).click(),
  ]);
  await page.goto(`${SITE}/`, { waitUntil: "load" });
  assert.equal((await sessionSeen(page)).status, 401);
  assert.deepEqual(await context.cookies(), []);

  const first = await inPage<SignedIn>(page, SIGN_IN);
  assert.equal(first.asked.status, 200, JSON.stringify(first.asked.json));
  assert.equal(first.signedIn?.status, 200, JSON.stringify(first.signedIn?.json));
  assert.equal(first.assertion?.id, credentialId);
  assert.equal(
    Buffer.from(first.assertion?.response.userHandle ?? "", "base64url").toString(),
    "usr_ada",
    "the authenticator found the writer by itself",
  );
  assert.equal(first.signedIn?.json.method, "passkey");
  assert.equal(first.signedIn?.json.userId, "usr_ada");
  assert.equal(first.signedIn?.json.publicationId, "pub_field");
  const [cookie] = await context.cookies();
  assert.equal(cookie?.name, "folio_desk");
  assert.equal(cookie?.httpOnly, true);
  assert.equal(cookie?.sameSite, "Strict");
  const now = await sessionSeen(page);
  assert.equal(now.status, 200, "the session started by the passkey is live");
  assert.equal(now.json.method, "passkey");
  assert.equal(now.json.csrfToken, first.signedIn?.json.csrfToken);
  await page.goto(`${SITE}/desk`, { waitUntil: "load" });
  assert.match(await page.locator("main").innerText(), /Signed in as Ada Okafor to Field Notes\./);
  assert.equal(
    (await store.findPasskey(credentialId))?.counter,
    (await authenticated())[0]?.signCount,
  );

  // The same signed assertion again, as one captured and replayed would be: its challenge was
  // answered once, so it starts no session.
  await page.goto(`${SITE}/`, { waitUntil: "load" });
  const replayed = await inPage<Answer>(
    page,
    `return call("POST", "/desk/passkey/signin", argument);`,
    first.assertion,
  );
  assert.equal(replayed.status, 403);
  assert.equal(replayed.json.error, "forbidden");
  const sessions = await store.listDeskSessions();
  assert.equal(sessions.filter((s) => s.method === "passkey").length, 1);
  // A new ceremony still works: the refusal was the replay's, not the passkey's.
  const second = await inPage<SignedIn>(page, SIGN_IN);
  assert.equal(second.signedIn?.status, 200, JSON.stringify(second.signedIn?.json));
  assert.equal((await store.listDeskSessions()).filter((s) => s.method === "passkey").length, 2);
});

test("the desk's own buttons: add a passkey on the list, sign in with it where the desk asks", async (t) => {
  const ready = await withAuthenticator(t);
  if (ready === undefined) return;
  const { store, page } = ready;
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  await signInByInvite(page, inviter(store, SITE), SITE);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await assertText(passkeys, /You have no passkey yet/);
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await assertText(passkeys.getByRole("status"), /^Passkey added/);
  await assertText(passkeys, /You have 1 passkey\./);
  assert.equal((await store.listPasskeys("usr_ada")).length, 1);
  // The list says so after a reload too: the count is the store's.
  await page.reload({ waitUntil: "load" });
  await assertText(passkeys, /You have 1 passkey\./);

  await Promise.all([
    page.waitForResponse((r) => r.url() === `${SITE}/desk/signout` && r.status() === 200),
    page.getByRole("button", { name: "Sign out" }).click(),
  ]);
  // A writer without a session who opens the editor is asked to sign in, and lands back there.
  const asked = await page.goto(`${SITE}/desk/posts/new`, { waitUntil: "load" });
  assert.equal(asked?.status(), 401);
  assert.equal((await page.locator("h1").innerText()).trim(), "Sign in to the desk");
  // The sign-in page is served at the editor's own address: wait for the editor's answer.
  await Promise.all([
    page.waitForResponse((r) => r.url() === `${SITE}/desk/posts/new` && r.status() === 200),
    page.getByRole("button", { name: "Sign in with a passkey" }).click(),
  ]);
  await page.waitForLoadState("load");
  assert.equal((await page.locator("h1").innerText()).trim(), "New post");
  const session = await sessionSeen(page);
  assert.equal(session.status, 200);
  assert.equal(session.json.method, "passkey");
  assert.deepEqual(errors, []);
});

async function assertText(locator: Locator, pattern: RegExp) {
  await locator.filter({ hasText: pattern }).first().waitFor({ timeout: 10_000 });
  assert.match(await locator.first().innerText(), pattern);
}
