// A theme is a folder: one Handlebars template per page, partials, and one stylesheet. Loaded
// once at start and refused there (with the template's name and line) when a template is
// missing, does not parse, uses a helper Folio does not give, or fails to render a sample of
// what it will be given. Handlebars compiles each template to a function once, so a page
// costs tens of microseconds to render: the site stays fast with its cache off.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import type { PageModel } from "./model.js";
import { sampleModels } from "./theme-sample.js";
import { ThemeError } from "./theme-error.js";

/** Every page template a theme must have, by the name the site renders it under. */
const PAGE_TEMPLATES = [
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
const REQUIRED_TEMPLATES = ["layout", ...PAGE_TEMPLATES] as const;

const STYLESHEET = "style.css";
const TEMPLATE_EXTENSION = ".hbs";

/** The theme Folio ships, `themes/default` beside `src/` (and beside `dist/`'s copy of it). */
export const DEFAULT_THEME_DIR = fileURLToPath(
  new URL("../../../themes/default/", import.meta.url),
);

type Render = (model: object) => string;

/** A page's render: the partials it calls inherit these options from it. */
const withRuntime =
  (template: Handlebars.TemplateDelegate): Render =>
  (model) =>
    template(model, RUNTIME);

/**
 * Only Handlebars' own helpers (if, unless, each, with, lookup): a template that names another
 * fails to compile, at start. Values come from the model's own properties, never a prototype's
 * (set explicitly, so Handlebars refuses quietly instead of warning on every try).
 */
const COMPILE = { knownHelpersOnly: true, knownHelpers: { log: false }, strict: false } as const;
const RUNTIME: Handlebars.RuntimeOptions = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
};

/** A theme's files as read: its stylesheet, and each template's text by file name. */
interface ThemeFiles {
  css: Buffer;
  templates: Map<string, string>;
}

function readTheme(dir: string): ThemeFiles {
  if (!existsSync(dir)) throw new ThemeError(`theme ${dir}: no such folder`);
  const css = join(dir, STYLESHEET);
  if (!existsSync(css)) throw new ThemeError(`theme ${dir}: ${STYLESHEET} is missing`);
  for (const name of REQUIRED_TEMPLATES) {
    if (!existsSync(join(dir, `${name}${TEMPLATE_EXTENSION}`)))
      throw new ThemeError(`theme ${dir}: template ${name}${TEMPLATE_EXTENSION} is missing`);
  }
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(TEMPLATE_EXTENSION))
    .sort();
  const templates = new Map(names.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
  return { css: readFileSync(css), templates };
}

/** Themes loaded in this process, by their folder and what their files say. */
const loaded = new Map<string, Theme>();

export class Theme {
  /** The stylesheet's bytes, and its address: named by its hash, so it may be cached forever. */
  readonly css: Buffer;
  readonly cssPath: string;
  /** What its files say, as one hash: pages made with another theme are not this one's. */
  readonly identity: string;
  private readonly pages = new Map<PageTemplate, Render>();
  private readonly ownPages = new Map<string, Render>();
  private readonly engine = Handlebars.create();
  private readonly partials: ReadonlySet<string>;

  private constructor(
    readonly dir: string,
    files: ThemeFiles,
  ) {
    this.css = files.css;
    const hash = createHash("sha256").update(this.css).digest("base64url").slice(0, 12);
    this.cssPath = `/_folio/style.${hash}.css`;
    const sources = createHash("sha256").update(this.css);
    for (const [file, source] of files.templates) sources.update(`\0${file}\0${source}`);
    this.identity = sources.digest("base64url");
    // `log` would let a theme write to Folio's standard output.
    this.engine.unregisterHelper("log");
    const pages = new Set<string>(PAGE_TEMPLATES);
    const parsed = [...files.templates].map(([file, source]) => {
      return { file, name: basename(file, TEMPLATE_EXTENSION), ast: this.parse(file, source) };
    });
    // Every template but a page's is a partial, the layout among them: `{{#> layout}}`.
    this.partials = new Set(parsed.filter((t) => !pages.has(t.name)).map((t) => t.name));
    for (const { file, name, ast } of parsed) {
      const template = this.compileParsed(file, ast);
      if (pages.has(name)) this.pages.set(name as PageTemplate, withRuntime(template));
      else this.engine.registerPartial(name, template);
    }
  }

  /** Loads and checks the theme in `dir`; ThemeError names what is wrong and where. */
  static load(dir: string): Theme {
    const root = resolve(dir);
    const files = readTheme(root);
    // A theme is the same theme while its files say the same: one process building several
    // apps (a test file does) compiles it once.
    const key = `${root}\n${files.css.toString("base64")}\n${JSON.stringify([...files.templates])}`;
    let theme = loaded.get(key);
    if (theme === undefined) {
      theme = new Theme(root, files);
      theme.tryEach();
      loaded.set(key, theme);
    }
    return theme;
  }

  /** The page's HTML. Only a bug of ours or the theme's throws here (checked at load). */
  render(name: PageTemplate, model: object): string {
    return this.pages.get(name)!(model);
  }

  /**
   * A page of Folio's own beside the site's (the desk's), from its template's text: it extends
   * the theme's layout and is escaped by the same engine. Tried on `sample` here, so a layout
   * that cannot show it is refused at start like a broken page template. Compiled once per
   * theme and text.
   */
  compile<M extends PageModel>(name: string, source: string, sample: M): (model: M) => string {
    const key = `${name}\n${source}`;
    let render = this.ownPages.get(key);
    if (render === undefined) {
      const made = withRuntime(this.compileParsed(name, this.parse(name, source)));
      this.attempt(name, () => made(sample));
      this.ownPages.set(key, (render = made));
    }
    return render;
  }

  private parse(name: string, source: string): hbs.AST.Program {
    return this.attempt(name, () => this.engine.parse(source));
  }

  /**
   * Compiled now, not on first use (Handlebars' own `compile` waits): an unknown helper or
   * partial is found at start, with its line. Handlebars itself would show a missing partial
   * block's content without complaint, so a misspelt layout would go unnoticed.
   */
  private compileParsed(name: string, ast: hbs.AST.Program): Handlebars.TemplateDelegate {
    for (const partial of partialsCalled(ast)) {
      if (!this.partials.has(partial.name))
        throw new ThemeError(
          `theme ${this.dir}: template ${name}, line ${partial.line}: no partial named ${partial.name}`,
        );
    }
    const spec = this.attempt(name, () => this.engine.precompile(ast, COMPILE));
    return this.engine.template(new Function(`return ${String(spec)}`)());
  }

  /** Renders every page with a sample of what it will be given: a runtime error is a start error. */
  private tryEach(): void {
    const samples = sampleModels(this.cssPath);
    for (const name of PAGE_TEMPLATES) {
      this.attempt(`${name}${TEMPLATE_EXTENSION}`, () => this.render(name, samples[name]));
    }
  }

  private attempt<T>(name: string, run: () => T): T {
    try {
      return run();
    } catch (error) {
      throw new ThemeError(`theme ${this.dir}: template ${name}${where(error)}`);
    }
  }
}

/** The partials a template names outright (`{{> card}}`, `{{#> layout}}`), with their lines. */
function partialsCalled(ast: hbs.AST.Node): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    const node = value as hbs.AST.PartialStatement;
    const statement = node.type === "PartialStatement" || node.type === "PartialBlockStatement";
    // `@partial-block` is the content a layout wraps, and a computed name is the theme's own.
    if (statement && node.name.type === "PathExpression") {
      const name = (node.name as hbs.AST.PathExpression).original;
      if (!name.startsWith("@")) found.push({ name, line: node.loc.start.line });
    }
    for (const key of Object.keys(node)) if (key !== "loc") visit((node as never)[key]);
  };
  visit(ast);
  return found;
}

/**
 * ", line N: message". Handlebars puts the line in a compile error's `lineNumber` and in a
 * syntax error's text ("Parse error on line N"); a runtime error has none.
 */
function where(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line =
    (error as { lineNumber?: number }).lineNumber ?? /\bon line (\d+)/.exec(message)?.[1];
  return `${line === undefined ? "" : `, line ${line}`}: ${message}`;
}
