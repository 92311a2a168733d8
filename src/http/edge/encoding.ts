// Content-coding negotiation over Accept-Encoding (RFC 9110 §12.5.3): br preferred to gzip
// at equal weight, since it is smaller; a coding with q=0 is "not acceptable".
import { memoized } from "../../memo.js";
import type { Coding } from "../wire/representation.js";

// Clients send a handful of distinct headers; each is parsed once.
const chosen = memoized(choose, 1000);

export function negotiate(header: string | undefined): Coding | undefined {
  if (header === undefined || header === "") return undefined;
  return chosen(header);
}

function choose(header: string): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name !== "" && Number.isFinite(weight)) weights.set(name, weight);
  }
  const weightOf = (coding: Coding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const [br, gzip] = [weightOf("br"), weightOf("gzip")];
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : undefined;
}
