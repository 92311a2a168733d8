// Front matter of a Markdown file: YAML between `---` lines (Jekyll, Astro, Eleventy, Hugo) or
// TOML between `+++` lines (Hugo). A parse error names the file and the line in it.
import { parse as parseToml } from "smol-toml";
import { YAMLParseError, parse as parseYaml } from "yaml";
import { SourceError } from "../source.js";

interface MarkdownFile {
  data: Record<string, unknown>;
  body: string;
}

const FENCES = [
  { fence: "---", parse: (text: string) => parseYaml(text) as unknown },
  { fence: "+++", parse: (text: string) => parseToml(text) as unknown },
];

export function splitFrontMatter(place: string, source: string): MarkdownFile {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  for (const { fence, parse } of FENCES) {
    if (!text.startsWith(`${fence}\n`)) continue;
    const end = text.indexOf(`\n${fence}`, fence.length);
    if (end === -1)
      throw new SourceError(`${place} line 1: front matter opened with ${fence} is never closed`);
    const raw = text.slice(fence.length + 1, end + 1);
    const after = text.indexOf("\n", end + 1 + fence.length);
    const body = after === -1 ? "" : text.slice(after + 1);
    return { data: asObject(place, read(place, raw, parse)), body };
  }
  return { data: {}, body: text };
}

function read(place: string, raw: string, parse: (text: string) => unknown): unknown {
  try {
    return parse(raw) ?? {};
  } catch (error) {
    // Lines of the front matter count from the fence, which is line 1 of the file.
    const toml = error as { line?: number; column?: number };
    const yaml = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const line = error instanceof YAMLParseError ? yaml?.line : toml.line;
    const column = error instanceof YAMLParseError ? yaml?.col : toml.column;
    const at =
      line === undefined
        ? ""
        : ` line ${line + 1}${column === undefined ? "" : `, column ${column}`}`;
    throw new SourceError(`${place}${at}: front matter cannot be read: ${reason(error)}`);
  }
}

/**
 * The parser's own words without the place it appends ("… at line 2, column 1:", which counts
 * from the fence and introduces a source excerpt this one-line message leaves out).
 */
function reason(error: unknown): string {
  const first = (error as Error).message.split("\n")[0]!.trim();
  return first
    .replace(/\s+at line \d+, column \d+:?$/, "")
    .replace(/^Invalid TOML document:\s*/, "")
    .replace(/:$/, "");
}

function asObject(place: string, value: unknown): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  throw new SourceError(`${place} line 2: front matter must be a mapping of fields`);
}
