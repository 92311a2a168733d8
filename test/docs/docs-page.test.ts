// /docs: Swagger UI served from the package, branded as Folio and reading /openapi.json; a
// reader sees every operation rendered and can try one in a browser.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { chromium } from "playwright-core";
import { build } from "../helpers/app.js";
import { serve } from "../helpers/served.js";
import { sqliteFactory } from "../helpers/stores.js";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
].concat(["--disable-background-networking", "--disable-component-update", "--disable-sync"]);
const SCREENSHOT = "test-artifacts/docs-page.png";
const SCREENSHOT_LOADED = "test-artifacts/docs-page-loaded.png";
const require = createRequire(import.meta.url);

test("/docs is Swagger UI from this origin, with a CSP that allows only it", async (t) => {
  const { app } = await build(t, sqliteFactory);
  const page = await app.inject("/docs");
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers["content-type"]), /^text\/html/);
  const csp = String(page.headers["content-security-policy"]);
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.doesNotMatch(page.body, /https?:\/\//, "no CDN");
  const bundle = await app.inject("/docs/static/swagger-ui-bundle.js");
  assert.equal(bundle.statusCode, 200);
  assert.match(String(bundle.headers["content-type"]), /javascript/);
  assert.equal((await app.inject("/openapi.json")).json().openapi, "3.1.0");
});

test("/docs is Folio's: its title and favicon, its logo, and /openapi.json as the document", async (t) => {
  const { app } = await build(t, sqliteFactory);
  const page = (await app.inject("/docs")).body;
  assert.match(page, /<title>Folio API · docs<\/title>/);
  const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(page);
  assert.ok(icon, "a Folio favicon, not Swagger's PNGs");
  assert.doesNotMatch(page, /favicon-(16|32)x\1\.png/);
  const favicon = await app.inject(icon[1]!);
  assert.equal(favicon.statusCode, 200);
  assert.match(favicon.body, /^<svg /);
  const initializer = (await app.inject("/docs/static/swagger-initializer.js")).body;
  assert.match(initializer, /"url":"\/openapi\.json"/);
  const fastifyLogo = readFileSync(require.resolve("@fastify/swagger-ui/static/logo.svg"));
  assert.ok(!initializer.includes(fastifyLogo.toString("base64")), "no Fastify logo");
  const logo = /data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(initializer);
  assert.match(Buffer.from(logo![1]!, "base64").toString(), />Folio<\/text>/);
});

test("a reader tries getPostById in a browser and sees the post", async (t) => {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === "true")
      assert.fail(`${CHROMIUM} is missing: run scripts/ensure-chromium.sh`);
    return t.skip(`no Chromium at ${CHROMIUM} (scripts/ensure-chromium.sh installs it)`);
  }
  const { base } = await serve(t);
  const operations = await documentedOperations(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const refused: string[] = [];
  const fetched: string[] = [];
  page.on("console", (m) => m.type() === "error" && refused.push(m.text()));
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`${base}/docs`);
  // Wait for the document to be rendered, not for the spinner: every operation is listed.
  const rendered = page.locator(".opblock .opblock-summary-operation-id");
  await rendered.nth(operations.length - 1).waitFor();
  assert.deepEqual((await rendered.allInnerTexts()).sort(), operations);
  assert.ok(operations.includes("getPostById"), `${operations}`);
  assert.match(await page.locator(".info .title").innerText(), /^Folio API/);
  assert.equal(await page.title(), "Folio API · docs");
  assert.ok(fetched.includes("/openapi.json") && !fetched.includes("/docs/json"), `${fetched}`);
  mkdirSync("test-artifacts", { recursive: true });
  await page.screenshot({ path: SCREENSHOT_LOADED, fullPage: true });
  const operation = page.locator("#operations-posts-getPostById");
  await operation.locator(".opblock-summary").click();
  await operation.getByRole("button", { name: "Try it out" }).click();
  await operation.locator('input[placeholder="postId"]').fill("pst_welcome");
  await operation.getByRole("button", { name: "Execute" }).click();
  const response = operation.locator(".live-responses-table .response-col_description");
  await response.getByText("Hello, Folio").first().waitFor();
  assert.match(
    await operation.locator(".live-responses-table tbody .response-col_status").first().innerText(),
    /200/,
  );
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  assert.deepEqual(
    refused.filter((m) => /Content Security Policy|Refused/i.test(m)),
    [],
  );
});

/** Every operationId the served document declares, sorted: the page must render each. */
async function documentedOperations(base: string): Promise<string[]> {
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(document.paths)
    .flatMap((item) => Object.values(item).map((operation) => operation.operationId))
    .filter((id): id is string => typeof id === "string")
    .sort();
}
