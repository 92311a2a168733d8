// Content-coding negotiation over Accept-Encoding (RFC 9110 §12.5.3): br preferred to gzip
// at equal weight, since it is smaller; a coding with q=0 is "not acceptable".
import type { Coding } from "../wire/representation.js";

const CACHE = new Map<string, Coding | undefined>();

export function negotiate(header: string | undefined): Coding | undefined {
  if (header === undefined || header === "") return undefined;
  // Clients send a handful of distinct headers; parse each once.
  if (CACHE.has(header)) return CACHE.get(header);
  const choice = choose(header);
  if (CACHE.size > 1000) CACHE.clear();
  CACHE.set(header, choice);
  return choice;
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
