// How long a text takes to read: one rule for the reader's page ("5 min read") and the desk's
// editor (its word count and reading time), so both say the same of the same post. Pure and
// without imports: the desk's browser bundle takes it as it is.

/** Adult silent reading of prose. */
export const WORDS_PER_MINUTE = 230;

/** Words of a text: runs of anything but white space. */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** Minutes at WORDS_PER_MINUTE, at least one. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(wordCount(text) / WORDS_PER_MINUTE));
}
