// `npm run test:lighthouse` (CI runs it after `npm test`): Lighthouse audits a post page and a
// publication's home page of the demo site, served on loopback, in the system's Chromium, with
// no network beyond the machine. It prints each category's score and fails unless
// accessibility and SEO are 100, and best practices and performance at least 95.
// Two pages that load nothing from elsewhere: the demo's other images name a host that does
// not exist (images.example.com), whose failed loads would be scored against the theme.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { serveDemoSite } from "../dist/scripts/demo-site.js";

const PAGES = ["/@the-ledger/interest-rates-explained", "/@the-ledger"];
const FLOORS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const site = await serveDemoSite();
const chrome = await launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const failures = [];
try {
  for (const path of PAGES) {
    const result = await lighthouse(site.base + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(FLOORS),
    });
    if (result === undefined) throw new Error(`lighthouse gave no result for ${path}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
    const scores = Object.keys(FLOORS).map((id) => [id, Math.round(categories[id].score * 100)]);
    console.log(`${path}: ${scores.map(([id, score]) => `${id} ${score}`).join(", ")}`);
    for (const [id, score] of scores) {
      if (score >= FLOORS[id]) continue;
      // What cost the points: every audit of the category that did not pass.
      const missed = categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null)
        .filter((ref) => audits[ref.id].score < 1)
        .map((ref) => {
          const audit = audits[ref.id];
          return `${ref.id} (${audit.displayValue ?? audit.explanation ?? audit.score})`;
        });
      failures.push(`${path}: ${id} ${score} < ${FLOORS[id]}: ${missed.join(", ")}`);
    }
  }
} finally {
  chrome.kill();
  await site.close();
}
if (failures.length > 0) {
  console.error(failures.join("\n"));
  process.exit(1);
}
