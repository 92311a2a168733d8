// A theme is a folder: one LiquidJS template per page, partials, and one stylesheet. Loaded
// once at start and refused there (with the template's name and line) when a template is
// missing, does not parse, or fails to render a sample of what it will be given.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Liquid, type Template } from "liquidjs";
import type { PageModel } from "./model.js";
import { sampleModels } from "./theme-sample.js";

/** Every page template a theme must have, by the name the site renders it under. */
export const PAGE_TEMPLATES = [
  "post",
  "publication",
  "tag",
  "author",
  "front",
  "search",
  "404",
  "500",
] as const;

export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** Every template a theme must have: the pages, and the layout they extend. */
export const REQUIRED_TEMPLATES = ["layout", ...PAGE_TEMPLATES] as const;

export const STYLESHEET = "style.css";

/** The theme Folio ships, `themes/default` beside `src/` (and beside `dist/`'s copy of it). */
export const DEFAULT_THEME_DIR = fileURLToPath(
  new URL("../../../themes/default/", import.meta.url),
);

export class ThemeError extends Error {}

export class Theme {
  /** The stylesheet's bytes, and its address: named by its hash, so it may be cached forever. */
  readonly css: Buffer;
  readonly cssPath: string;
  private readonly templates: Map<PageTemplate, Template[]>;

  private constructor(
    readonly dir: string,
    private readonly liquid: Liquid,
  ) {
    const css = join(dir, STYLESHEET);
    if (!existsSync(css)) throw new ThemeError(`theme ${dir}: ${STYLESHEET} is missing`);
    this.css = readFileSync(css);
    const hash = createHash("sha256").update(this.css).digest("base64url").slice(0, 12);
    this.cssPath = `/_folio/style.${hash}.css`;
    this.templates = new Map();
    for (const name of REQUIRED_TEMPLATES) {
      const file = join(dir, `${name}.liquid`);
      if (!existsSync(file))
        throw new ThemeError(`theme ${dir}: template ${name}.liquid is missing`);
      try {
        const parsed = liquid.parseFileSync(name);
        if (name !== "layout") this.templates.set(name, parsed);
      } catch (error) {
        throw new ThemeError(`theme ${dir}: template ${name}.liquid: ${messageOf(error)}`);
      }
    }
  }

  /** Loads and checks the theme in `dir`; ThemeError names what is wrong and where. */
  static load(dir: string): Theme {
    const root = resolve(dir);
    if (!existsSync(root)) throw new ThemeError(`theme ${root}: no such folder`);
    const liquid = new Liquid({
      root,
      extname: ".liquid",
      // Every output is HTML-escaped unless a template says `| raw`.
      outputEscape: "escape",
      // An unknown filter is a mistake to refuse at start, not output to drop.
      strictFilters: true,
      // A template sees the data it is given, never a prototype's methods.
      ownPropertyOnly: true,
      cache: true,
      // Partials and layouts come from the theme's folder only.
      relativeReference: false,
    });
    const theme = new Theme(root, liquid);
    theme.tryEach();
    return theme;
  }

  /** The page's HTML. Only a bug of ours or the theme's throws here (checked at load). */
  render(name: PageTemplate, model: object): string {
    return this.liquid.renderSync(this.templates.get(name)!, model) as string;
  }

  /**
   * A page of Folio's own beside the site's (the desk's), from its template's text: it extends
   * the theme's layout and is escaped by the same engine. Tried on `sample` here, so a layout
   * that cannot show it is refused at start like a broken page template.
   */
  compile<M extends PageModel>(name: string, source: string, sample: M): (model: M) => string {
    try {
      const template = this.liquid.parse(source);
      const render = (model: M) => this.liquid.renderSync(template, model) as string;
      render(sample);
      return render;
    } catch (error) {
      throw new ThemeError(`theme ${this.dir}: ${name} in its layout: ${messageOf(error)}`);
    }
  }

  /** Renders every page with a sample of what it will be given: a runtime error is a start error. */
  private tryEach(): void {
    const samples = sampleModels(this.cssPath);
    for (const name of PAGE_TEMPLATES) {
      try {
        this.render(name, samples[name]);
      } catch (error) {
        throw new ThemeError(`theme ${this.dir}: template ${name}.liquid: ${messageOf(error)}`);
      }
    }
  }
}

/** LiquidJS's message names the file, line and column: kept, with the folder made relative. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
