// Folio's HTML against the editor's: TipTap's own generateHTML (@tiptap/html, on a
// server-side DOM) with Folio's extension set, both read into a comparable tree.
// Erased: serialization (quoting, `/>`, attribute order, CSS spacing), how inline
// formatting elements nest (the editor merges and nests marks one way, the static
// renderer per text node the other: the same formatting of the same text), and what
// docs/content.md documents as sanitization: `rel` on links (external-links.test.ts
// checks it) and read-only checkboxes (`disabled`).
import { generateHTML } from "@tiptap/html";
import { Parser } from "htmlparser2";
import { extensions } from "../../src/content/schema.js";
import type { Json } from "./gfm-reader.js";

type Tree = { tag: string; attrs: Record<string, string>; children: (Tree | Run)[] };
/** Text (or a <br>) with the inline formatting elements around it, as `tag attrs` strings. */
type Run = { text: string; formats: string[] };

const INLINE = new Set(["strong", "em", "s", "u", "mark", "sub", "sup", "code", "a"]);

export function editorHtml(doc: Json): string {
  return generateHTML(doc as Parameters<typeof generateHTML>[0], extensions);
}

const BOOLEAN = new Set(["checked", "disabled"]);

function css(value: string): string {
  return value
    .split(";")
    .map((d) => d.trim().replace(/\s*:\s*/, ": "))
    .filter((d) => d !== "")
    .join("; ");
}

function attributes(tag: string, raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw).sort(([a], [b]) => a.localeCompare(b))) {
    if (tag === "a" && name === "rel") continue;
    out[name] = BOOLEAN.has(name) ? "" : name === "style" ? css(value) : value;
  }
  if (tag === "input") out.disabled = "";
  return out;
}

export function comparableHtml(html: string): Tree {
  const root: Tree = { tag: "#root", attrs: {}, children: [] };
  const stack = [root];
  const formats: string[] = [];
  const run = (text: string) => {
    const children = stack.at(-1)!.children;
    const last = children.at(-1);
    const key = [...formats].sort();
    if (last && "text" in last && last.formats.join("\0") === key.join("\0")) last.text += text;
    else children.push({ text, formats: key });
  };
  const parser = new Parser(
    {
      onopentag(tag, raw) {
        const attrs = attributes(tag, raw);
        if (INLINE.has(tag)) return void formats.push(`${tag} ${JSON.stringify(attrs)}`);
        if (tag === "br") return run("<br>");
        const node: Tree = { tag, attrs, children: [] };
        stack.at(-1)!.children.push(node);
        stack.push(node);
      },
      onclosetag(tag) {
        if (INLINE.has(tag)) formats.pop();
        else if (tag !== "br") stack.pop();
      },
      ontext: run,
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return root;
}
