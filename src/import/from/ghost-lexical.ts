// A Ghost post with no `html` in its export (rare: Ghost stores the rendered HTML beside the
// editor's document) is rebuilt from its Lexical or Mobiledoc source: the core nodes only;
// cards Folio cannot show keep their text. Ghost's own renderers are far too heavy to carry.
type Json = Record<string, unknown>;

const FORMATS: [number, string][] = [
  [1, "strong"],
  [2, "em"],
  [4, "s"],
  [8, "u"],
  [16, "code"],
  [32, "sub"],
  [64, "sup"],
];

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const children = (node: Json) => (Array.isArray(node.children) ? (node.children as Json[]) : []);

function inline(node: Json): string {
  if (node.type === "linebreak") return "<br>";
  if (node.type === "link" || node.type === "autolink") {
    return `<a href="${escape(String(node.url ?? ""))}">${children(node).map(inline).join("")}</a>`;
  }
  if (node.type !== "text" && node.type !== "extended-text")
    return children(node).map(inline).join("");
  const format = typeof node.format === "number" ? node.format : 0;
  return FORMATS.reduce(
    (html, [bit, tag]) => (format & bit ? `<${tag}>${html}</${tag}>` : html),
    escape(String(node.text ?? "")),
  );
}

function block(node: Json): string {
  const inner = () => children(node).map(inline).join("");
  switch (node.type) {
    case "heading":
    case "extended-heading": {
      const tag = /^h[1-6]$/.test(String(node.tag)) ? String(node.tag) : "h2";
      return `<${tag}>${inner()}</${tag}>`;
    }
    case "quote":
    case "aside":
    case "extended-quote":
      return `<blockquote>${inner()}</blockquote>`;
    case "list": {
      const tag = node.listType === "number" ? "ol" : "ul";
      const items = children(node).map(
        (item) =>
          `<li>${children(item)
            .map((c) => (c.type === "list" ? block(c) : inline(c)))
            .join("")}</li>`,
      );
      return `<${tag}>${items.join("")}</${tag}>`;
    }
    case "horizontalrule":
      return "<hr>";
    case "codeblock":
      return `<pre><code>${escape(String(node.code ?? ""))}</code></pre>`;
    case "image":
      return `<img src="${escape(String(node.src ?? ""))}" alt="${escape(String(node.alt ?? ""))}">`;
    case "html":
      return String(node.html ?? "");
    case "markdown":
      return String(node.markdown ?? "")
        .split(/\n\s*\n/)
        .map((p) => `<p>${escape(p)}</p>`)
        .join("");
    default:
      return `<p>${inner()}</p>`;
  }
}

/** HTML for a Lexical document (a JSON string, as Ghost exports it); undefined if unreadable. */
export function lexicalToHtml(lexical: string): string | undefined {
  try {
    const root = (JSON.parse(lexical) as Json).root as Json;
    return children(root).map(block).join("");
  } catch {
    return undefined;
  }
}

/** Markdown of a Mobiledoc document made only of markdown cards (Ghost 1–3's editor). */
export function mobiledocMarkdown(mobiledoc: string): string | undefined {
  try {
    const doc = JSON.parse(mobiledoc) as { cards?: [string, Json][] };
    const cards = doc.cards ?? [];
    if (
      cards.length === 0 ||
      cards.some(([name]) => name !== "markdown" && name !== "card-markdown")
    )
      return undefined;
    return cards.map(([, payload]) => String(payload.markdown ?? "")).join("\n\n");
  } catch {
    return undefined;
  }
}
