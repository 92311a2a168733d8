// `folio import --from FORMAT PATH`: each converter turns an export into the import format's
// records, which then go through the same validation, transaction and summary as NDJSON.
import { fromGhost } from "./ghost.js";
import { fromMarkdownFolder } from "./markdown-folder.js";
import type { Converter } from "./shared.js";
import { fromWordpress } from "./wordpress.js";

export type { ConvertOptions, Converter } from "./shared.js";

export const CONVERTERS: Readonly<Record<string, Converter>> = {
  ghost: fromGhost,
  wordpress: fromWordpress,
  markdown: fromMarkdownFolder,
};
