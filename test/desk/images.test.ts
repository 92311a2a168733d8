// Images in the editor, in Chromium: pasted, dropped, picked as the cover; uploaded to the
// desk and shown by the reader's site at every width it keeps. A file that is no image is
// refused with a clear message and nothing is inserted.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { body, openDesk, postIdOf, saved, SITE, statusSays } from "./writer.js";

const picture = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 30 } } })
    .png()
    .toBuffer();

/** Sends `bytes` as a file to the editor the way the browser does for `event` (paste or drop). */
async function give(
  page: Page,
  event: "paste" | "drop",
  bytes: Buffer,
  name: string,
  type: string,
) {
  const box = (await body(page).boundingBox())!;
  await page.evaluate(
    `(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(bytes.toString("base64"))}), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], ${JSON.stringify(name)}, { type: ${JSON.stringify(type)} }));
      const target = document.querySelector(".desk-prose");
      const init = { bubbles: true, cancelable: true };
      const event = ${JSON.stringify(event)} === "paste"
        ? new ClipboardEvent("paste", { ...init, clipboardData: data })
        : new DragEvent("drop", { ...init, dataTransfer: data, clientX: ${box.x + 20}, clientY: ${box.y + box.height - 10} });
      target.dispatchEvent(event);
    })()`,
  );
}

test("images pasted, dropped and picked as the cover are uploaded and shown at every width", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { page, seen } = await desk.writer();
  await page.goto(`${SITE}/desk/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Pictures");
  await body(page).click();
  await page.keyboard.type("Before the pictures.");

  await give(page, "paste", await picture(1000, 600, 200), "pasted.png", "image/png");
  await page.waitForSelector(".desk-prose img[src*='/media/']");
  await give(page, "drop", await picture(700, 300, 60), "dropped.png", "image/png");
  await page.locator(".desk-prose img[src*='/media/']").nth(1).waitFor();

  // Not an image, whatever its name says: refused by the server, and the page says so.
  await give(page, "paste", Buffer.from("<svg onload=alert(1)></svg>"), "evil.png", "image/png");
  await page.locator("#save-error", { hasText: /evil\.png was not uploaded/ }).waitFor();
  assert.equal(await page.locator(".desk-prose img").count(), 2);

  await page.getByLabel("Cover image").setInputFiles({
    ...{ name: "cover.png", mimeType: "image/png", buffer: await picture(1600, 900, 30) },
  });
  await page.waitForSelector("#cover-preview:not([hidden])");
  await saved(page);
  const id = postIdOf(page);
  const stored = await desk.store.findPostById(id, { withContent: true });
  assert.match(stored?.imageUrl ?? "", new RegExp(`^${SITE}/media/med_[\\w-]+/1600\\.png$`));
  const srcs = [...(stored?.content?.staticHtml ?? "").matchAll(/<img [^>]*src="([^"]*)"/g)].map(
    (m) => m[1],
  );
  assert.equal(srcs.length, 2);
  for (const src of srcs) assert.match(src!, new RegExp(`^${SITE}/media/med_[\\w-]+/\\d+\\.png$`));

  await page.getByRole("button", { name: "Publish" }).click();
  await statusSays(page, /^Published\./);
  const reader = await desk.browser.newContext();
  t.after(() => reader.close());
  const site = await reader.newPage();
  assert.equal((await site.goto(`${SITE}/@field-notes/pictures`))?.status(), 200);
  assert.match((await site.locator(".cover img").getAttribute("srcset")) ?? "", /320w.*1600w/);
  const bodyImages = site.locator(".prose img");
  assert.equal(await bodyImages.count(), 2);
  for (const image of await bodyImages.all()) {
    assert.match((await image.getAttribute("srcset")) ?? "", /\/320\.png 320w/);
  }
  // The refused upload's 415 is the one error the page logged.
  assert.deepEqual(
    seen.errors.filter((e) => !/status of 415/.test(e)),
    [],
  );
});
