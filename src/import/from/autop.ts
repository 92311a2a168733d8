// WordPress stores a classic post's text without paragraph tags and adds them when it shows
// it (wpautop). These are its rules, step for step, so an imported post reads as it did on
// the site: every block-level tag stands on its own (a paragraph never wraps one), a blank
// line separates paragraphs, a single newline inside a paragraph is a line break, and <pre>,
// <script> and <style> keep their text as written. A block-editor post carries its own tags
// (between <!-- wp:… --> comments) and WordPress leaves it alone; so does this.

/** The tags WordPress treats as blocks. */
const BLOCKS =
  "(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)";
const BLOCK_TAG = `</?${BLOCKS}[^>]*>`;

/** Stands for a newline inside a tag while the text is cut into paragraphs. */
const TAG_NEWLINE = " <!-- wpnl --> ";
/** Stands for a newline inside <script>, <style> or <svg>, which gets no <br />. */
const KEPT_NEWLINE = "<WPPreserveNewline />";

const rx = (source: string, flags = "g") => new RegExp(source, flags);

export function autop(source: string): string {
  if (source.trim() === "") return "";
  if (source.includes("<!-- wp:")) return source;
  let text = `${source.replace(/\r\n?/g, "\n")}\n`;

  // A <pre> is set aside whole, its place held by an empty <pre> that still counts as a block.
  const pres: string[] = [];
  if (text.includes("<pre")) {
    const parts = text.split("</pre>");
    const last = parts.pop()!;
    const held = parts.map((part) => {
      const start = part.indexOf("<pre");
      if (start < 0) return part;
      pres.push(`${part.slice(start)}</pre>`);
      return `${part.slice(0, start)}<pre wp-pre-tag-${pres.length - 1}></pre>`;
    });
    text = held.join("") + last;
  }

  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, "\n\n");
  text = text.replace(rx(`(<${BLOCKS}[\\s/>])`), "\n\n$1");
  text = text.replace(rx(`(</${BLOCKS}>)`), "$1\n\n");
  text = text.replace(/(<hr\s*?\/?>)/g, "$1\n\n");
  text = text.replace(/<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[^>]*>?/g, (tag) =>
    tag.replace(/\n/g, TAG_NEWLINE),
  );

  // Whitespace between the parts of a form control, an embed or a media element is not text.
  if (text.includes("<option")) {
    text = text.replace(/\s*<option/g, "<option").replace(/<\/option>\s*/g, "</option>");
  }
  if (text.includes("</object>")) {
    text = text
      .replace(/(<object[^>]*>)\s*/g, "$1")
      .replace(/\s*<\/object>/g, "</object>")
      .replace(/\s*(<\/?(?:param|embed)[^>]*>)\s*/g, "$1");
  }
  if (text.includes("<source") || text.includes("<track")) {
    text = text
      .replace(/([<[](?:audio|video)[^>\]]*[>\]])\s*/g, "$1")
      .replace(/\s*([<[]\/(?:audio|video)[>\]])/g, "$1")
      .replace(/\s*(<(?:source|track)[^>]*>)\s*/g, "$1");
  }
  if (text.includes("<figcaption")) {
    text = text
      .replace(/\s*(<figcaption[^>]*>)/g, "$1")
      .replace(/<\/figcaption>\s*/g, "</figcaption>");
  }

  text = text
    .replace(/\n\n+/g, "\n\n")
    .split(/\n\s*\n/)
    .filter((part) => part !== "")
    .map((part) => `<p>${part.replace(/^\n+|\n+$/g, "")}</p>\n`)
    .join("");

  // Take the paragraphs off the blocks they were wrapped around.
  text = text
    .replace(/<p>\s*<\/p>/g, "")
    .replace(/<p>([^<]+)<\/(div|address|form)>/g, "<p>$1</p></$2>")
    .replace(rx(`<p>\\s*(${BLOCK_TAG})\\s*</p>`), "$1")
    .replace(/<p>(<li.+?)<\/p>/g, "$1")
    .replace(/<p><blockquote([^>]*)>/gi, "<blockquote$1><p>")
    .replace(/<\/blockquote><\/p>/g, "</p></blockquote>")
    .replace(rx(`<p>\\s*(${BLOCK_TAG})`), "$1")
    .replace(rx(`(${BLOCK_TAG})\\s*</p>`), "$1");

  // A newline left inside a paragraph is a line break.
  text = text
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, (code) => code.replace(/\n/g, KEPT_NEWLINE))
    .replace(/<br>|<br\/>/g, "<br />")
    .replace(/(?<!<br \/>)\s*\n/g, "<br />\n")
    .replaceAll(KEPT_NEWLINE, "\n")
    .replace(rx(`(${BLOCK_TAG})\\s*<br />`), "$1")
    .replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, "$1")
    .replace(/\n<\/p>$/, "</p>");

  text = text.replace(/<pre wp-pre-tag-(\d+)><\/pre>/g, (_, i: string) => pres[Number(i)]!);
  return text.replaceAll(TAG_NEWLINE, "\n").replaceAll("<!-- wpnl -->", "\n");
}
