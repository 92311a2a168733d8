// WordPress stores a classic post's text without paragraph tags and adds them when it shows
// it (wpautop): a blank line separates paragraphs, a single newline is a line break, and text
// already in a block element, or inside <pre>, is left as written. Block-editor posts carry
// their own tags (between <!-- wp:… --> comments), so the same rules leave them as they are.
const BLOCK_START =
  /^<(\/?(p|div|h[1-6]|ul|ol|li|dl|dt|dd|blockquote|pre|table|thead|tbody|tfoot|tr|td|th|figure|figcaption|hr|section|article|aside|header|footer|nav|address|details|summary|form|fieldset|iframe|video|audio|object|style|script)\b|!--)/i;

const GUARD = "\uE000"; // a private-use character marks where a <pre> was set aside

export function autop(text: string): string {
  const kept: string[] = [];
  const guarded = text
    .replace(/\r\n?/g, "\n")
    .replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (pre) => `${GUARD}${kept.push(pre) - 1}${GUARD}`);
  const html = guarded
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== "")
    .map((chunk) =>
      BLOCK_START.test(chunk) || chunk.startsWith(GUARD)
        ? chunk
        : `<p>${chunk.replace(/\n/g, "<br>\n")}</p>`,
    )
    .join("\n");
  return html.replace(new RegExp(`${GUARD}(\\d+)${GUARD}`, "g"), (_, i) => kept[Number(i)]!);
}
