// The synthetic data set of the import benchmark: publications, authors, and posts with a
// ~1 KB document, generated batch by batch so memory stays flat whatever the count.
import { RENDERER_VERSION, deriveContent } from "../src/content/index.js";
import type { ImportRecord, NumberedRecord, PostContent } from "../src/store/post-store.js";

export const PUBLICATIONS = 1_000;
export const AUTHORS = 10_000;

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });

/** Derived once: the benchmark measures the store, not the content pipeline. */
const content: PostContent = (() => {
  const text = "Folio keeps the published posts of publications and serves them fast. ";
  const doc = {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "A heading" }] },
      ...Array.from({ length: 4 }, (_, i) => paragraph(`${i + 1}. ${text.repeat(3)}`)),
    ],
  };
  const derived = deriveContent({ json: doc });
  return { json: derived.json, staticHtml: derived.staticHtml, markdown: derived.markdown };
})();

const pub = (i: number) => `pub_${i % PUBLICATIONS}`;

function record(n: number): ImportRecord {
  if (n < PUBLICATIONS) {
    return { type: "publication", id: `pub_${n}`, slug: `publication-${n}`, name: `Pub ${n}` };
  }
  if (n < PUBLICATIONS + AUTHORS) {
    const i = n - PUBLICATIONS;
    return {
      ...{ type: "author", id: `usr_${i}`, publicationId: pub(i), name: `Author ${i}` },
      ...{ bio: "Writes things.", social: { username: `author${i}`, fid: i } },
    };
  }
  const i = n - PUBLICATIONS - AUTHORS;
  return {
    ...{ type: "post", id: `pst_${i}`, publicationId: pub(i), slug: `post-${i}` },
    ...{ title: `Post number ${i}`, subtitle: "A subtitle", status: "published" },
    ...{ publishedAt: 1_732_147_200_000 + i, updatedAt: 1_732_147_200_000 + i },
    // Authors of the post's own publication: usr_j with j ≡ i (mod PUBLICATIONS).
    ...{ categories: ["bench", `c${i % 50}`], authorIds: [`usr_${i % PUBLICATIONS}`] },
    ...{ content, rendererVersion: RENDERER_VERSION },
  };
}

/** Every record of a data set with `posts` posts, in batches of `size`, in file order. */
export function* batches(posts: number, size = 500): Generator<NumberedRecord[]> {
  const total = PUBLICATIONS + AUTHORS + posts;
  for (let start = 0; start < total; start += size) {
    const end = Math.min(total, start + size);
    const batch: NumberedRecord[] = [];
    for (let n = start; n < end; n++) batch.push({ line: n + 1, record: record(n) });
    yield batch;
  }
}

export const postId = (i: number) => `pst_${i}`;
export const postSlugs = (i: number): [string, string] => [
  `publication-${i % PUBLICATIONS}`,
  `post-${i}`,
];
