// Text that came from outside (a receiver's answer, an endpoint's URL, an import's records,
// an error quoting them) is printed on the operator's terminal, which acts on what it reads:
// ESC starts sequences that retitle the window, rewrite what was printed above or (OSC 52)
// set the clipboard, and bidirectional overrides reorder a line so it reads as something
// else. Such characters are shown as escapes, never sent as they are.
const UNSAFE = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const UNSAFE_BUT_NEWLINES =
  /(?!\n)[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const escape = (c: string) => {
  const code = c.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
};

/** One line for the terminal: control characters (tabs and newlines too) as `\xHH` escapes. */
export function shown(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** As `shown`, keeping the text's own line breaks (a stack trace). */
export function shownLines(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINES, escape);
}
