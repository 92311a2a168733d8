// What the desk suites that drive Chromium share: signing a page in through an invite as a
// writer does (the link opened, its button pressed), running the desk's own requests from
// inside a page of the site's origin, as the desk's scripts will, and a load balancer in front
// of the site's nodes.
import assert from "node:assert/strict";
import { once } from "node:events";
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { TestContext } from "node:test";
import type { Page } from "playwright-core";
import { loadConfig } from "../../src/config/index.js";
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

export interface Hit {
  node: string;
  method: string;
  path: string;
  status: number;
  /** Whether the browser sent any cookie with it. */
  cookie: boolean;
  /** Its Sec-Fetch-Site, as the browser judged the request (sent to trustworthy origins). */
  fetchSite: string | undefined;
  origin: string | undefined;
}

/**
 * A load balancer in front of the site's nodes, as a deployment has: every request goes to
 * the node named last by `to`, whatever connection the browser reuses, and is recorded with
 * its answer's status, so a test sees which node answered and what reached none.
 */
export class Balancer {
  readonly hits: Hit[] = [];
  private target: string;
  private server: Server | undefined;

  constructor(private readonly nodes: Record<string, string>) {
    this.target = Object.keys(nodes)[0]!;
  }

  to(node: string): this {
    assert.ok(this.nodes[node], `no node ${node}`);
    this.target = node;
    return this;
  }

  /** Listens on a loopback port: its number. */
  async open(t: TestContext): Promise<number> {
    const server = createServer((incoming, outgoing) => this.forward(incoming, outgoing));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    this.server = server;
    t.after(() => this.close());
    return (server.address() as AddressInfo).port;
  }

  private forward(incoming: IncomingMessage, outgoing: ServerResponse) {
    const node = this.target;
    const base = new URL(this.nodes[node]!);
    const upstream = request(
      {
        ...{ host: base.hostname, port: base.port, agent: false },
        ...{ method: incoming.method, path: incoming.url, headers: incoming.headers },
      },
      (answer) => {
        const { cookie, origin, "sec-fetch-site": fetchSite } = incoming.headers;
        this.hits.push({
          ...{ node, method: incoming.method!, path: incoming.url!, status: answer.statusCode! },
          ...{ cookie: cookie !== undefined, fetchSite: [fetchSite].flat()[0], origin },
        });
        outgoing.writeHead(answer.statusCode!, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  }

  private async close() {
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Chromium's resolver rule sending each host to its loopback port, and every other name
 * nowhere: what a page asks of another host never leaves the machine.
 */
export function offline(...hosts: [string, number | string][]): string {
  const rules = hosts.map(([host, port]) => `MAP ${host} 127.0.0.1:${port}`);
  return `--host-resolver-rules=${[...rules, "MAP * ~NOTFOUND"].join(", ")}`;
}
