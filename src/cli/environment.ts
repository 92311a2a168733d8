// What the help says about the environment, from the same schema as the README's table.
import { readFileSync } from "node:fs";
import { CONFIG_VARIABLES } from "../config/variables.js";

/** Words joined with ", " and wrapped at `width` columns. */
function wrap(words: string[], width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line === "" ? word : `${line}, ${word}`;
    if (next.length > width && line !== "") {
      lines.push(`${line},`);
      line = word;
    } else line = next;
  }
  return [...lines, line].join("\n");
}

/** Every variable's name, for `folio --help`. */
export const variableNames = (width = 90) =>
  wrap(
    CONFIG_VARIABLES.map((v) => v.name),
    width,
  );

/** Every variable `folio serve` reads, with its default, for `folio serve --help`. */
export const variableDefaults = (width = 90) =>
  wrap(
    CONFIG_VARIABLES.filter((v) => !("importOnly" in v)).map((v) =>
      "fallback" in v ? `${v.name} (${v.fallback})` : v.name,
    ),
    width,
  );

/** The version of the installed package (package.json beside bin/ and dist/). */
export function folioVersion(): string {
  const file = new URL("../../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
