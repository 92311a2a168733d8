// A folder of Markdown files with front matter, as Hugo, Jekyll, Astro and Eleventy keep
// them: every .md / .markdown file below it is a post (Hugo's _index.md list pages are
// skipped), read one at a time. The front matter fields each tool uses are mapped below.
import { readdir, readFile } from "node:fs/promises";
import { basename, join, relative, sep } from "node:path";
import { ImportLimitError } from "../lines.js";
import { SourceError, type SourceItem } from "../source.js";
import { splitFrontMatter } from "./front-matter.js";
import {
  absoluteUrl,
  clip,
  numbering,
  publicationTarget,
  slugify,
  timestamp,
  type ConvertOptions,
} from "./shared.js";

type Fields = Record<string, unknown>;

/** The first field present, in the order the tools' conventions are tried. */
const first = (data: Fields, ...names: string[]) =>
  names.map((n) => data[n]).find((v) => v !== undefined && v !== null);

export async function* fromMarkdownFolder(
  dir: string,
  options: ConvertOptions,
): AsyncGenerator<SourceItem> {
  const files = await markdownFiles(dir);
  const n = numbering();
  const publication = publicationTarget(options, basename(dir), basename(dir));
  if (publication.record) yield n.record(dir, publication.record);
  const authors = new Set<string>();
  let bytes = 0;
  for (const file of files) {
    const place = relative(dir, file).split(sep).join("/");
    if (basename(file) === "_index.md") {
      yield n.skip("hugo list page (_index.md)");
      continue;
    }
    const source = await readFile(file, "utf8");
    bytes += Buffer.byteLength(source);
    if (bytes > options.maxBytes)
      throw new ImportLimitError("bytes", `the input is over ${options.maxBytes} bytes`);
    const { data, body } = splitFrontMatter(place, source);
    const names = authorNames(first(data, "authors", "author"));
    for (const name of names.filter((name) => !authors.has(name))) {
      authors.add(name);
      yield n.record(`${place} (author ${JSON.stringify(name)})`, {
        ...{ type: "author", id: authorId(name), publicationId: publication.id, name },
      });
    }
    yield n.record(place, post(place, data, body, publication.id, names));
  }
}

function post(place: string, data: Fields, body: string, publicationId: string, authors: string[]) {
  const file = place.split("/");
  const name = file.at(-1)!.replace(/\.(md|markdown)$/i, "");
  // Hugo page bundles are folders with an index.md; Jekyll dates its post files.
  const stem = name === "index" && file.length > 1 ? file.at(-2)! : name;
  const dated = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(stem);
  const heading = /^#\s+(.+)$/m.exec(body)?.[1];
  const draft = data.draft === true || data.published === false || file.includes("_drafts");
  const subtitle = first(data, "subtitle", "description", "summary", "excerpt");
  return {
    type: "post",
    ...{ id: `markdown-${place.replace(/\.(md|markdown)$/i, "")}`, publicationId },
    slug: first(data, "slug") ?? (slugify(dated?.[2] ?? stem) || stem),
    title: first(data, "title") ?? heading?.trim() ?? dated?.[2] ?? stem,
    status: draft ? "draft" : "published",
    publishedAt: timestamp(
      first(data, "date", "publishDate", "pubDate", "published_at") ?? dated?.[1],
    ),
    updatedAt: timestamp(
      first(data, "lastmod", "updated", "updatedDate", "modified", "last_modified_at"),
    ),
    subtitle: typeof subtitle === "string" ? clip(subtitle, 300) : subtitle,
    imageUrl: absoluteUrl(
      first(data, "image", "cover", "featured_image", "feature_image", "heroImage"),
    ),
    categories: [...new Set([...names(data.categories), ...names(data.tags)])],
    authorIds: authors.map(authorId),
    markdown: body,
  };
}

const authorId = (name: string) => `markdown-${slugify(name) || name}`;

/** A list of names: an array, or one string (comma-separated when it has commas). */
function names(value: unknown): string[] {
  if (typeof value === "string")
    return value
      .split(value.includes(",") ? "," : /\n/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (!Array.isArray(value)) return [];
  return value
    .map((v) => (typeof v === "object" && v !== null ? (v as Fields).name : v))
    .filter((v): v is string => typeof v === "string" && v.trim() !== "")
    .map((v) => v.trim());
}

function authorNames(value: unknown): string[] {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return names([value]);
  return [...new Set(names(value))];
}

/** Every Markdown file below `dir`, in a stable order; dot-folders and node_modules left out. */
async function markdownFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    throw new SourceError(
      `${dir}: cannot read the folder (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  return entries
    .filter((e) => e.isFile() && /\.(md|markdown)$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter(
      (path) =>
        !relative(dir, path)
          .split(sep)
          .some((part) => part.startsWith(".") || part === "node_modules"),
    )
    .sort();
}
