// Benchmark data sets: N posts over 100 publications and 1,000 authors, each post with a
// small but real document (heading, marks, a list, a link), imported through the real path.
import { Readable } from "node:stream";
import { importNdjson, type ImportSummary } from "../src/import/run-import.js";
import type { PostStore } from "../src/store/post-store.js";

const PUBLICATIONS = 100;
const AUTHORS = 1000;
const T0 = 1_700_000_000_000;

export const postId = (i: number) => `pst_${i}`;
export const publicationSlug = (i: number) => `pub-${i % PUBLICATIONS}`;
export const postSlug = (i: number) => `post-number-${i}`;

function doc(i: number) {
  const text = (t: string, marks?: string[]) =>
    marks
      ? { type: "text", text: t, marks: marks.map((type) => ({ type })) }
      : { type: "text", text: t };
  return {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [text(`Post ${i}`)] },
      {
        type: "paragraph",
        content: [
          text("Some "),
          text("bold", ["bold"]),
          text(" and "),
          text("italic", ["italic"]),
          text(` words about topic ${i % 97}.`),
        ],
      },
      {
        type: "bulletList",
        content: ["one", "two", "three"].map((t) => ({
          type: "listItem",
          content: [{ type: "paragraph", content: [text(`${t} ${i}`)] }],
        })),
      },
      {
        type: "paragraph",
        content: [
          {
            type: "text",
            text: "A link",
            marks: [{ type: "link", attrs: { href: `https://example.com/${i}` } }],
          },
        ],
      },
    ],
  };
}

/** A ~5 KB Markdown body (headings, marks, links, lists, a quote, code): the import's real work. */
export function markdownBody(i: number): string {
  const para = (k: number) =>
    `Paragraph ${k} of post ${i}: small beds are **finished** beds, and _dark_ soil keeps ` +
    `its water; see [the notes](https://example.org/${i}/${k}) and \`code ${k}\` for more. ` +
    `Topic ${(i + k) % 97} comes back every season, with a few more words to read.`;
  const section = (s: number) =>
    [
      `## Part ${s} of ${i}`,
      ...Array.from({ length: 4 }, (_, k) => para(s * 4 + k)),
      `- one ${s}\n- two *${s}*\n- three [${s}](https://example.com/${s})`,
      `> A quote from part ${s}, **held** here.`,
      "```js\nconst part = " + s + ";\n```",
    ].join("\n\n");
  return Array.from({ length: 5 }, (_, s) => section(s)).join("\n\n");
}

/** The data set's lines; `markdown`: posts carry a ~5 KB Markdown body instead of a document. */
export function* lines(posts: number, markdown = false): Generator<string> {
  for (let p = 0; p < PUBLICATIONS; p++) {
    yield JSON.stringify({
      type: "publication",
      id: `pub_${p}`,
      slug: `pub-${p}`,
      name: `Publication ${p}`,
    });
  }
  for (let a = 0; a < AUTHORS; a++) {
    const social =
      a % 2 === 0 ? { social: { username: `user${a}`, displayName: `User ${a}`, fid: a } } : {};
    yield JSON.stringify({
      type: "author",
      id: `usr_${a}`,
      publicationId: `pub_${a % PUBLICATIONS}`,
      name: `Author ${a}`,
      bio: "Writes things.",
      ...social,
    });
  }
  for (let i = 0; i < posts; i++) {
    yield JSON.stringify({
      type: "post",
      id: postId(i),
      publicationId: `pub_${i % PUBLICATIONS}`,
      slug: postSlug(i),
      title: `Post number ${i}`,
      subtitle: `About topic ${i % 97}`,
      status: "published",
      publishedAt: T0 + i * 1000,
      updatedAt: T0 + i * 1000 + 500,
      categories: ["bench", `topic-${i % 97}`],
      authorIds: [`usr_${i % AUTHORS}`, `usr_${(i + 1) % AUTHORS}`],
      ...(markdown ? { markdown: markdownBody(i) } : { json: doc(i) }),
    });
  }
}

/** Streams the data set through the importer; memory stays flat whatever `posts` is. */
export async function loadDataSet(store: PostStore, posts: number): Promise<ImportSummary> {
  const source = Readable.from(
    (function* () {
      let chunk = "";
      for (const line of lines(posts)) {
        chunk += line + "\n";
        if (chunk.length > 256 * 1024) {
          yield Buffer.from(chunk);
          chunk = "";
        }
      }
      if (chunk) yield Buffer.from(chunk);
    })(),
  );
  return importNdjson(store, source, { batchSize: 1000 });
}
