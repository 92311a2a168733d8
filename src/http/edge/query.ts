// The query string, read one way for every route (contract section 2): parameter names
// this API knows are matched whatever their letter case (`IncludeContent=true` means
// includeContent), a name given twice becomes an array (which the schemas refuse), and
// unknown names pass through for the schemas to ignore.
import { unescape } from "node:querystring";

/** Every query parameter name any route declares. One list, so no route reads them apart. */
const QUERY_PARAMETERS = ["includeContent", "cursor", "limit", "status", "q", "blogId"] as const;

const CANONICAL = new Map<string, string>(QUERY_PARAMETERS.map((n) => [n.toLowerCase(), n]));

export function parseQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  let start = 0;
  while (start <= query.length) {
    const end = nextAmpersand(query, start);
    if (end > start) addPair(out, query.slice(start, end));
    start = end + 1;
  }
  return out;
}

function nextAmpersand(query: string, from: number): number {
  const at = query.indexOf("&", from);
  return at === -1 ? query.length : at;
}

function addPair(out: Record<string, string | string[]>, pair: string): void {
  const eq = pair.indexOf("=");
  const raw = decode(eq === -1 ? pair : pair.slice(0, eq));
  const value = eq === -1 ? "" : decode(pair.slice(eq + 1));
  const name = CANONICAL.get(raw.toLowerCase()) ?? raw;
  const seen = out[name];
  out[name] = seen === undefined ? value : [seen, value].flat();
}

/** application/x-www-form-urlencoded: `+` is a space; bad percent-escapes are kept as text. */
function decode(text: string): string {
  if (!text.includes("%") && !text.includes("+")) return text;
  return unescape(text.replaceAll("+", " "));
}
