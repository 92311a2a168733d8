// A slug made from a title when a write gives none: lower case, letters and digits of any
// script kept, accents dropped, everything else one hyphen; unique within the publication
// (live slugs and slug history alike) by a numeric suffix.
import { randomBytes } from "node:crypto";
import type { AuthoringWrites } from "../store/post-store.js";

const MAX_BASE = 80;
const TRIES = 20;

export function slugFromTitle(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  const cut = [...base].slice(0, MAX_BASE).join("").replace(/-+$/, "");
  return cut === "" ? "post" : cut;
}

/** The first of base, base-2, base-3, … nobody holds; past a few, a random suffix. */
export async function freeSlug(
  tx: Pick<AuthoringWrites, "slugHolder">,
  publicationId: string,
  base: string,
): Promise<string> {
  for (let n = 1; n <= TRIES; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if ((await tx.slugHolder(publicationId, slug)) === undefined) return slug;
  }
  return `${base}-${randomBytes(6).toString("base64url").toLowerCase().replace(/[_-]/g, "x")}`;
}
