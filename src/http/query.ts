// The query string, read one way for every route (contract section 2): parameter names
// this API knows are matched whatever their letter case (`IncludeContent=true` means
// includeContent), a name given twice becomes an array (which the schemas refuse), and
// unknown names pass through for the schemas to ignore.
import { parse } from "node:querystring";

/** Every query parameter name any route declares. One list, so no route reads them apart. */
export const QUERY_PARAMETERS = ["includeContent", "cursor", "limit", "status", "q"] as const;

const CANONICAL = new Map(QUERY_PARAMETERS.map((name) => [name.toLowerCase(), name]));

export function parseQuery(query: string): Record<string, string | string[]> {
  const parsed = parse(query);
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [raw, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    const name = CANONICAL.get(raw.toLowerCase()) ?? raw;
    const seen = out[name];
    out[name] = seen === undefined ? value : [seen, value].flat();
  }
  return out;
}
