// The desk suites' app: the fixtures over a store, a way to invite a writer, and a browser-like
// client that keeps the session cookie and sends what the site's own pages would.
import type { TestContext } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { loadConfig } from "../../src/config/index.js";
import { DeskSessions } from "../../src/desk/sessions.js";
import { build, SITE_URL, type Built } from "../helpers/app.js";
import type { StoreFactory } from "../helpers/stores.js";

export const ORIGIN = new URL(SITE_URL).origin;
const QUIET = { WRITE_RATE_LIMIT: "0" };

export interface Desk extends Built {
  sessions: DeskSessions;
  /** A new invite's token for usr_1 of pub_1 (or whom it names). */
  invite(publication?: string, user?: string): Promise<string>;
  /** Signs in through an invite and gives a client holding the session. */
  signIn(): Promise<Browser>;
}

export interface Browser {
  cookie: string;
  csrf: string;
  send(request: {
    method: "GET" | "POST" | "PUT" | "DELETE";
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
    raw?: Buffer;
  }): Promise<LightMyRequestResponse>;
}

export async function buildDesk(t: TestContext, factory: StoreFactory, env = {}): Promise<Desk> {
  const built = await build(t, factory, { ...QUIET, ...env });
  const config = loadConfig({ SITE_URL, ...QUIET, ...env });
  const sessions = new DeskSessions(built.store, config.desk, config.siteUrl);
  const invite = async (publication = "blog", user = "usr_1") =>
    (await sessions.invite(publication, user)).token;
  const desk: Desk = {
    ...built,
    sessions,
    invite,
    async signIn() {
      const res = await signInWith(built, await invite());
      if (res.statusCode !== 303) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return browser(built, cookieOf(res));
    },
  };
  return desk;
}

export function signInWith(built: Built, token: string, headers: Record<string, string> = {}) {
  return built.app.inject({
    method: "POST",
    url: "/desk/signin",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    payload: new URLSearchParams({ token }).toString(),
  });
}

/** The `name=value` of the response's Set-Cookie. */
export function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers["set-cookie"];
  const line = Array.isArray(header) ? header[0] : header;
  if (line === undefined) throw new Error("no Set-Cookie");
  return line.split(";")[0]!;
}

export async function browser(built: Built, cookie: string): Promise<Browser> {
  const session = await built.app.inject({
    method: "GET",
    url: "/desk/api/session",
    headers: { cookie },
  });
  if (session.statusCode !== 200)
    throw new Error(`no session: ${session.statusCode} ${session.body}`);
  const csrf = (session.json() as { csrfToken: string }).csrfToken;
  return {
    cookie,
    csrf,
    send({ method, url, body, headers = {}, raw }) {
      const unsafe = method !== "GET";
      return built.app.inject({
        method,
        url,
        headers: {
          cookie,
          ...(unsafe
            ? { origin: ORIGIN, "sec-fetch-site": "same-origin", "x-csrf-token": csrf }
            : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        ...(raw !== undefined
          ? { payload: raw }
          : body === undefined
            ? {}
            : { payload: JSON.stringify(body) }),
      });
    },
  };
}
