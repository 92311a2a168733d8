// What the desk suites that drive Chromium share: signing a page in through an invite as a
// writer does (the link opened, its button pressed), and running the desk's own requests from
// inside a page of the site's origin, as the desk's scripts will.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { loadConfig } from "../../src/config.js";
import { DeskSessions } from "../../src/desk/sessions.js";
import type { PostStore } from "../../src/store/post-store.js";

/** Invites as `folio desk invite` does, for the site at `siteUrl`. */
export function inviter(store: PostStore, siteUrl: string): DeskSessions {
  const config = loadConfig({ SITE_URL: siteUrl });
  return new DeskSessions(store, config.desk, config.siteUrl);
}

/** Opens a new invite for Ada of Field Notes in `page` and presses its button: on /desk. */
export async function signInByInvite(page: Page, sessions: DeskSessions, site: string) {
  const invite = await sessions.invite("field-notes", "usr_ada");
  assert.equal(new URL(invite.url).origin, site);
  await page.goto(invite.url, { waitUntil: "load" });
  const [signedIn] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${site}/desk`),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  await page.waitForLoadState("load");
  assert.equal(signedIn.status(), 200, "the desk opens once the invite is spent");
}

/**
 * The conversions between WebAuthn's ArrayBuffers and the base64url strings of the JSON that
 * @simplewebauthn/server reads and writes, and a JSON request to the desk (the session's CSRF
 * token, when there is one, in its header). Run in the page, as the desk's script would.
 */
const PRELUDE = `
  const bytes = (text) => {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)).buffer;
  };
  const text = (buffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const call = async (method, url, body, csrf) => {
    const headers = { "content-type": "application/json" };
    if (csrf !== undefined) headers["x-csrf-token"] = csrf;
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const type = res.headers.get("content-type") ?? "";
    return { status: res.status, json: type.startsWith("application/json") ? await res.json() : undefined };
  };
  const session = () => call("GET", "/desk/api/session");
`;

/** Runs `body` (an async function's body, which may use the prelude) in the page. */
export function inPage<T>(page: Page, body: string, argument: unknown = null): Promise<T> {
  return page.evaluate(
    `(async (argument) => { ${PRELUDE}\n${body}\n})(${JSON.stringify(argument)})`,
  ) as Promise<T>;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  json: T;
}

/** The session as the page's own request sees it: 200 with it, 401 without. */
export function sessionSeen(page: Page): Promise<Answer> {
  return inPage(page, "return session();");
}
