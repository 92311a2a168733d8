// Synthetic NDJSON for the import-safety tests and the soak: one publication, one author,
// `count` posts with a short Markdown body each. Written to a file, streamed, flat memory.
import { createWriteStream } from "node:fs";
import { once } from "node:events";

export const GEN_PUBLICATION = "pub_gen";

export function generatedPost(i: number, title = `Generated post ${i}`) {
  return {
    type: "post",
    id: `pst_gen_${i}`,
    publicationId: GEN_PUBLICATION,
    slug: `generated-${i}`,
    title,
    publishedAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    categories: ["generated"],
    authorIds: ["usr_gen"],
    markdown: `# Post ${i}\n\nSome *text* for post ${i}, with a [link](https://example.com/${i}).\n\n- one\n- two\n`,
  };
}

const HEADER = [
  { type: "publication", id: GEN_PUBLICATION, slug: "generated", name: "Generated" },
  { type: "author", id: "usr_gen", publicationId: GEN_PUBLICATION, name: "Gen" },
];

/** Writes the header records and posts [from, from + count) to `path`. */
export async function writeGeneratedFile(
  path: string,
  count: number,
  from = 0,
  title?: (i: number) => string,
): Promise<void> {
  const out = createWriteStream(path);
  const write = async (record: unknown) => {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, "drain");
  };
  for (const record of HEADER) await write(record);
  for (let i = from; i < from + count; i++) await write(generatedPost(i, title?.(i)));
  out.end();
  await once(out, "finish");
}
