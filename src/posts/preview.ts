// A post's preview for search results: the start of its text, as plain text. Derived from
// the head of its Markdown (the store hands back a bounded head), so it never costs a render.

export const PREVIEW_CHARS = 200;

const MARKUP: [RegExp, string][] = [
  [/^```.*$/gm, " "], // code fences
  [/!\[([^\]]*)\]\([^)]*\)/g, "$1"], // images: their alt text
  [/\[([^\]]*)\]\([^)]*\)/g, "$1"], // links: their text
  [/(?<!\\)<\/?[A-Za-z][^>]*>/g, " "], // raw HTML tags, not escaped text like \<this>
  [/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/gm, ""], // headings, quotes, lists
  [/^\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, " "], // table rules
  [/\\([\\`*_{}[\]()#+\-.!|~<>])/g, "$1"], // backslash escapes
  [/[*_~`|]+/g, " "], // emphasis, code spans, table pipes
];

/** Plain text of the Markdown's first characters, cut at a word: "" for none. */
export function previewOf(markdown: string): string {
  let text = markdown;
  for (const [pattern, replacement] of MARKUP) text = text.replace(pattern, replacement);
  text = text.replace(/\s+/g, " ").trim();
  const chars = [...text];
  if (chars.length <= PREVIEW_CHARS) return text;
  const cut = chars.slice(0, PREVIEW_CHARS).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${atWord.length > PREVIEW_CHARS / 2 ? atWord : cut}…`;
}
