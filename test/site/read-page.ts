// A page as a crawler reads it, with htmlparser2: the head's tags, the JSON-LD, every link
// and every element's attributes (for the safety checks).
import { Parser } from "htmlparser2";

export interface ReadPage {
  lang: string | undefined;
  title: string;
  /** meta name= or property= → every content given for it, in order. */
  meta: Map<string, string[]>;
  /** link rel= → every href, in order. */
  links: Map<string, string[]>;
  alternates: { type: string; href: string }[];
  jsonLd: unknown[];
  /** The types of every <script> element. */
  scripts: string[];
  anchors: { href: string; rel: string | undefined }[];
  elements: { tag: string; attributes: Record<string, string> }[];
}

export function readPage(html: string): ReadPage {
  const page: ReadPage = {
    ...{ lang: undefined, title: "", meta: new Map(), links: new Map(), alternates: [] },
    ...{ jsonLd: [], scripts: [], anchors: [], elements: [] },
  };
  const add = (map: Map<string, string[]>, key: string, value: string) =>
    map.set(key, [...(map.get(key) ?? []), value]);
  let inTitle = false;
  let script: string | undefined;
  let scriptText = "";
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        page.elements.push({ tag, attributes });
        if (tag === "html") page.lang = attributes.lang;
        if (tag === "title") inTitle = true;
        if (tag === "meta" && attributes.content !== undefined) {
          const key = attributes.property ?? attributes.name;
          if (key !== undefined) add(page.meta, key, attributes.content);
        }
        if (tag === "link" && attributes.rel !== undefined && attributes.href !== undefined) {
          add(page.links, attributes.rel, attributes.href);
          if (attributes.rel === "alternate") {
            page.alternates.push({ type: attributes.type ?? "", href: attributes.href });
          }
        }
        if (tag === "a" && attributes.href !== undefined) {
          page.anchors.push({ href: attributes.href, rel: attributes.rel });
        }
        if (tag === "script") {
          script = attributes.type ?? "";
          scriptText = "";
          page.scripts.push(script);
        }
      },
      ontext(text) {
        if (inTitle) page.title += text;
        if (script !== undefined) scriptText += text;
      },
      onclosetag(tag) {
        if (tag === "title") inTitle = false;
        if (tag === "script") {
          if (script === "application/ld+json") page.jsonLd.push(JSON.parse(scriptText));
          script = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return page;
}

/** The one value of a meta tag; throws when it is missing or given twice. */
export function one(page: ReadPage, key: string): string {
  const values = page.meta.get(key) ?? [];
  if (values.length !== 1) throw new Error(`${key}: ${values.length} values`);
  return values[0]!;
}
