// A theme is a folder an operator copies and edits (SITE_THEME_DIR): a working copy changes
// the pages; a broken one is refused at start, naming the template and the line.
import { strict as assert } from "node:assert";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { DEFAULT_THEME_DIR, Theme } from "../../src/site/theme.js";
import { sampleModels } from "../../src/site/theme-sample.js";
import { ThemeError } from "../../src/site/theme-error.js";
import { PAGES, SITE_URL, buildSite } from "../helpers/site.js";
import { sqliteFactory } from "../helpers/stores.js";

function themeCopy(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-theme-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(DEFAULT_THEME_DIR, dir, { recursive: true });
  return dir;
}

/** Replaces `from` with `to` in one of the copy's files. */
function edit(dir: string, file: string, from: string, to: string) {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  assert.ok(text.includes(from), `${file} has ${from}`);
  writeFileSync(path, text.replace(from, to));
}

async function startWith(t: TestContext, dir: string) {
  const made = await sqliteFactory.create();
  t.after(() => made.dispose());
  const config = loadConfig({ SITE_URL, LOG_LEVEL: "silent", SITE_THEME_DIR: dir });
  const app = await buildApp({ config, store: made.store, logger: false });
  t.after(() => app.close());
  return app;
}

describe("site themes", () => {
  it("an edited copy of the default theme changes the pages", async (t) => {
    const dir = themeCopy(t);
    edit(dir, "layout.hbs", "Published with Folio.", "Kept by {{site.name}} &amp; friends.");
    const { app } = await buildSite(t, sqliteFactory, { env: { SITE_THEME_DIR: dir } });
    const res = await app.inject(PAGES.post.url);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /Kept by Folio &amp; friends\./);
    // The desk's pages are in the same layout.
    const desk = await app.inject("/desk/signin?token=x");
    assert.match(desk.body, /Kept by Folio &amp; friends\./);
  });

  it("a theme is compiled once per what its files say; a changed file is read anew", async (t) => {
    const dir = themeCopy(t);
    const first = Theme.load(dir);
    assert.equal(Theme.load(dir), first, "the same files: the theme already compiled");
    edit(dir, "layout.hbs", "Published with Folio.", "Printed in the afternoon.");
    const edited = Theme.load(dir);
    assert.notEqual(edited, first);
    const samples = sampleModels(edited.cssPath);
    assert.match(edited.render("404", samples["404"]), /Printed in the afternoon\./);
    assert.match(first.render("404", samples["404"]), /Published with Folio\./);
    // The desk's pages too: the same text on the same theme is compiled once.
    const page = "{{#> layout}}<p>{{site.name}}</p>{{/layout}}";
    assert.equal(
      edited.compile("own", page, samples["404"]),
      edited.compile("own", page, samples["404"]),
    );
  });

  for (const [what, line] of [
    ["a syntax error", "{{#if post.title}}never closed"],
    ["a helper Folio does not give", "{{no_such_helper post.title}}"],
    ["the log helper (a theme does not write to Folio's output)", '{{log "hello"}}'],
  ]) {
    it(`a template with ${what} is refused at start with its name and line`, async (t) => {
      const dir = themeCopy(t);
      const post = join(dir, "post.hbs");
      const lines = readFileSync(post, "utf8").split("\n");
      lines.splice(3, 0, line!);
      writeFileSync(post, lines.join("\n"));
      await assert.rejects(startWith(t, dir), (error: Error) => {
        assert.ok(error instanceof ThemeError);
        assert.match(error.message, /template post\.hbs, line 4: /);
        return true;
      });
    });
  }

  it("a template that fails to render, or is missing, is refused at start", async (t) => {
    const broken = themeCopy(t);
    writeFileSync(
      join(broken, "tag.hbs"),
      "{{#> no-such-layout}}\n<p>{{tag.name}}</p>\n{{/no-such-layout}}",
    );
    await assert.rejects(
      startWith(t, broken),
      /template tag\.hbs, line 1: no partial named no-such-layout/,
    );
    const missing = themeCopy(t);
    rmSync(join(missing, "author.hbs"));
    await assert.rejects(startWith(t, missing), /author\.hbs is missing/);
    const noCss = themeCopy(t);
    rmSync(join(noCss, "style.css"));
    await assert.rejects(startWith(t, noCss), /style\.css is missing/);
  });

  it("author strings are escaped by the engine; a template may not reach prototypes", async (t) => {
    const dir = themeCopy(t);
    edit(
      dir,
      "post.hbs",
      '<h1 class="post-title">',
      '<p class="probe">[{{post.title.constructor}}][{{post.__proto__}}][{{post.toString}}]</p><h1 class="post-title">',
    );
    const { app } = await buildSite(t, sqliteFactory, { env: { SITE_THEME_DIR: dir } });
    const res = await app.inject(PAGES.post.url);
    assert.match(res.body, /<p class="probe">\[\]\[\]\[\]<\/p>/);
  });
});
