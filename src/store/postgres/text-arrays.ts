// Text arrays sent in PostgreSQL's binary format. A write's columns travel as one array
// parameter each (unnest), and in the text format every element is quoted and its `"` and `\`
// escaped by pg, then unescaped by the server's array_in, a twentieth of the server's CPU for
// an API create; a 500-post import batch sent each content column as one escaped literal of
// megabytes. In the binary format each element is its length and its UTF-8 bytes.
import pg from "pg";

/** An element of any type but text makes the server refuse the array. */
const TEXT_OID = pg.types.builtins.TEXT;

const castToTextArray = /\$(\d+)::text\[\]/g;

/** The 0-based positions of the parameters `text` casts to text[]. */
export function textArrayPositions(text: string): readonly number[] {
  const found = new Set<number>();
  for (const match of text.matchAll(castToTextArray)) found.add(Number(match[1]) - 1);
  return [...found];
}

/** A one-dimensional text[] of strings and nulls in the binary format; undefined for others. */
export function binaryTextArray(values: readonly unknown[]): Buffer | undefined {
  let bytes = 12 + (values.length > 0 ? 8 : 0);
  let nulls = 0;
  const lengths = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) {
      nulls = 1;
      lengths[i] = -1;
      bytes += 4;
    } else if (typeof value === "string") {
      lengths[i] = Buffer.byteLength(value);
      bytes += 4 + lengths[i]!;
    } else {
      return undefined;
    }
  }
  const out = Buffer.allocUnsafe(bytes);
  out.writeInt32BE(values.length > 0 ? 1 : 0, 0);
  out.writeInt32BE(nulls, 4);
  out.writeInt32BE(TEXT_OID, 8);
  let at = 12;
  if (values.length > 0) {
    out.writeInt32BE(values.length, 12);
    out.writeInt32BE(1, 16);
    at = 20;
  }
  for (let i = 0; i < values.length; i++) {
    out.writeInt32BE(lengths[i]!, at);
    at += 4;
    if (lengths[i]! > 0) at += out.write(values[i] as string, at, "utf8");
  }
  return out;
}

/** A copy of `values` with the parameters at `positions` in the binary format, where they can be. */
export function withBinaryTextArrays(
  positions: readonly number[],
  values: readonly unknown[],
): unknown[] {
  const out = values.slice();
  for (const i of positions) {
    const value = out[i];
    if (!Array.isArray(value)) continue;
    const binary = binaryTextArray(value);
    if (binary !== undefined) out[i] = binary;
  }
  return out;
}
