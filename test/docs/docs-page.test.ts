// /docs: Swagger UI served from the package, and a reader can try an operation in a browser.
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
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
  assert.equal((await app.inject("/docs/json")).json().openapi, "3.1.0");
});

test("a reader tries getPostById in a browser and sees the post", async (t) => {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === "true")
      assert.fail(`${CHROMIUM} is missing: run scripts/ensure-chromium.sh`);
    return t.skip(`no Chromium at ${CHROMIUM} (scripts/ensure-chromium.sh installs it)`);
  }
  const { base } = await serve(t);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const refused: string[] = [];
  page.on("console", (m) => m.type() === "error" && refused.push(m.text()));
  await page.goto(`${base}/docs`);
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
  mkdirSync("test-artifacts", { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  assert.deepEqual(
    refused.filter((m) => /Content Security Policy|Refused/i.test(m)),
    [],
  );
});
