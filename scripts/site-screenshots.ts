// `npm run docs:screenshots`: pictures of the reader's site over the demo data for the README
// and docs/site.md, taken in Chromium (playwright-core, the system's /usr/bin/chromium). The
// demo's images name a host that does not exist (images.example.com): they are drawn here
// as stand-ins, so a picture shows the layout a real image gets.
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium, type Route } from "playwright-core";
import sharp from "sharp";
import { serveDemoSite } from "./demo-site.js";

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const OUT = "docs/screenshots";
const POST = "/@field-notes/hello-folio";

const SHOTS = [
  { file: "front.png", url: "/", width: 1280, height: 860, colorScheme: "light", fullPage: false },
  {
    file: "post-light.png",
    url: POST,
    width: 1280,
    height: 860,
    colorScheme: "light",
    fullPage: true,
  },
  {
    file: "post-dark.png",
    url: POST,
    width: 1280,
    height: 860,
    colorScheme: "dark",
    fullPage: true,
  },
  {
    file: "post-phone.png",
    url: POST,
    width: 375,
    height: 812,
    colorScheme: "dark",
    fullPage: false,
  },
] as const;

/** A stand-in picture: a soft gradient, round for an avatar (its path says which). */
function standIn(route: Route) {
  const avatar = new URL(route.request().url()).pathname.includes("avatar");
  const [w, h] = avatar ? [80, 80] : [1600, 900];
  const shape = avatar
    ? `<circle cx="40" cy="40" r="40" fill="url(#g)"/>`
    : `<rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="1180" cy="260" r="120" fill="#fdf6d8" opacity=".85"/>`;
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3b6e"/><stop offset="1" stop-color="#6c8fc7"/></linearGradient></defs>${shape}</svg>`;
  return route.fulfill({ status: 200, contentType: "image/svg+xml", body });
}

const site = await serveDemoSite();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  mkdirSync(OUT, { recursive: true });
  const server = new URL(site.base).host;
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      colorScheme: shot.colorScheme,
      deviceScaleFactor: shot.width < 600 ? 2 : 1,
    });
    const page = await context.newPage();
    await page.route((url) => url.host !== server, standIn);
    await page.goto(site.base + shot.url, { waitUntil: "load" });
    const png = await page.screenshot({ fullPage: shot.fullPage });
    // A palette keeps each picture a small part of the repository, and its text sharp.
    writeFileSync(
      `${OUT}/${shot.file}`,
      await sharp(png).png({ palette: true, effort: 10 }).toBuffer(),
    );
    await context.close();
    console.log(`${OUT}/${shot.file}`);
  }
} finally {
  await browser.close();
  await site.close();
}
