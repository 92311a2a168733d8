// Pasting from elsewhere, in Chromium: HTML from a web page is cleaned through the stored
// schema as it enters the editor (what the schema cannot hold never gets in), and hostile
// HTML stays inert: in the editor, on the reader's site and through the API. Both browsers
// run with the pages' policies waived, so what keeps it inert is the cleaning, not the CSP.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { body, openDesk, postIdOf, SITE, statusSays } from "./writer.js";

const HOSTILE = `
<meta charset="utf-8"><style>p { color: red }</style>
<p>Before <a href="javascript:window.__pwned='href'">js link</a>
<a href="JaVaScRiPt:window.__pwned='case'">mixed case</a>
<a href="java&#x09;script:window.__pwned='tab'">tab</a>
<a href="https://example.org/" target="_blank" onmouseover="window.__pwned='over'">fine link</a></p>
<img src="x" onerror="window.__pwned='onerror'">
<img src="javascript:window.__pwned='img'">
<img src="data:image/svg+xml,<svg onload=window.__pwned='svg'>">
<script>window.__pwned='script'</script>
<iframe src="javascript:window.__pwned='iframe'"></iframe>
<svg><script>window.__pwned='svg-script'</script></svg>
<p onclick="window.__pwned='click'" style="background:url(javascript:window.__pwned='css')">styled</p>
<div data-type="embed"><a href="javascript:window.__pwned='embed'">embed</a></div>
<form action="javascript:window.__pwned='form'"><button>go</button></form>
<details open ontoggle="window.__pwned='toggle'"><summary>x</summary>y</details>
<object data="javascript:window.__pwned='object'"></object>
<p>From <b style="font-weight:normal" id="docs-internal-guid-1"><span style="font-weight:700">a document</span></b>.</p>
<p>After.</p>
<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned='mxss'">`;

async function paste(page: Page, html: string) {
  await page.evaluate(
    `(() => {
      const data = new DataTransfer();
      data.setData("text/html", ${JSON.stringify(html)});
      data.setData("text/plain", "plain");
      document.querySelector(".desk-prose").dispatchEvent(
        new ClipboardEvent("paste", { bubbles: true, cancelable: true, clipboardData: data }),
      );
    })()`,
  );
}

/** What in `selector` could run: elements that never should be there, handlers, schemes. */
async function runnable(page: Page, selector: string): Promise<string[]> {
  return (await page.evaluate(
    `(() => {
      const found = [];
      const root = document.querySelector(${JSON.stringify(selector)});
      for (const element of root.querySelectorAll("*")) {
        const name = element.localName;
        if (["script", "iframe", "object", "embed", "form", "svg", "math", "style", "base", "meta", "link"].includes(name)) found.push(name);
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith("on")) found.push(name + "[" + attribute.name + "]");
          const scheme = /^\\s*([a-z][a-z0-9+.-]*):/i.exec(attribute.value)?.[1]?.toLowerCase();
          if (["href", "src", "action", "data", "formaction"].includes(attribute.name) &&
              scheme !== undefined && !["http", "https", "mailto", "tel"].includes(scheme)) found.push(name + "[" + attribute.name + "=" + attribute.value + "]");
          if (attribute.name === "style") found.push(name + "[style]");
        }
      }
      return found;
    })()`,
  )) as string[];
}

test("hostile HTML pasted into the editor stays inert, there and on the site", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { page } = await desk.writer({ bypassCSP: true });
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${SITE}/desk/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Pasted from the web");
  await body(page).click();
  await paste(page, HOSTILE);
  await page.getByText("After.").waitFor();

  // Cleaned as it came in: the schema's nodes and marks only.
  const text = await body(page).innerText();
  assert.match(text, /Before js link mixed case tab fine link/);
  assert.match(text, /From a document\./);
  assert.deepEqual(await runnable(page, ".desk-prose"), []);
  assert.equal(await page.locator(".desk-prose a[href='https://example.org/']").count(), 1);
  // The Google Docs wrapper's <b style="font-weight:normal"> is no bold; its span's weight is.
  assert.equal(await page.locator(".desk-prose strong").innerText(), "a document");
  await page.getByRole("button", { name: "Publish" }).click();
  await statusSays(page, /^Published\./);
  assert.equal(await page.evaluate("window.__pwned"), undefined);

  const id = postIdOf(page);
  const api = await desk.app.inject({ url: `/v1/posts/${id}?includeContent=true` });
  const html = (api.json() as { staticHtml: string }).staticHtml;
  assert.doesNotMatch(html, /javascript|onerror|onclick|<script|<iframe|<svg|<form|style=/i);

  const reader = await desk.browser.newContext({ bypassCSP: true });
  t.after(() => reader.close());
  const site = await reader.newPage();
  site.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  assert.equal((await site.goto(`${SITE}/@field-notes/pasted-from-the-web`))?.status(), 200);
  assert.deepEqual(await runnable(site, ".prose"), []);
  for (const link of await site.locator(".prose a").all()) await link.hover();
  await site.locator(".prose").click();
  assert.equal(await site.evaluate("window.__pwned"), undefined);
  assert.deepEqual(dialogs, []);
});
