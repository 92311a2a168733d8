// A small, known data set: one line per case the read rules distinguish.
import { Readable } from "node:stream";
import { importNdjson } from "../../src/import/run-import.js";
import type { PostStore } from "../../src/store/post-store.js";

export const NOW = Date.UTC(2026, 0, 15);
export const PAST = NOW - 86_400_000;
export const FUTURE = NOW + 86_400_000;

const doc = (text: string) => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

export const records = [
  { type: "publication", id: "pub_1", slug: "blog", name: "The Blog" },
  { type: "publication", id: "pub_2", slug: "Other-Pub", name: "Other" },
  {
    type: "author",
    id: "usr_1",
    publicationId: "pub_1",
    name: "Ada",
    walletAddress: `0x${"ab".repeat(20)}`,
    avatarUrl: "https://img.example.com/ada.png",
    bio: "Writes.",
    social: { username: "ada", displayName: "Ada L", fid: 3 },
  },
  { type: "author", id: "usr_2", publicationId: "pub_1", name: "Ben" },
  {
    type: "post",
    id: "pst_1",
    publicationId: "pub_1",
    slug: "hello-world",
    title: "Hello",
    subtitle: "A first post",
    imageUrl: "https://img.example.com/hello.png",
    status: "published",
    publishedAt: String(PAST),
    updatedAt: String(PAST + 1000),
    coinId: "coin_1",
    categories: ["essays", "news"],
    authorIds: ["usr_2", "usr_1"],
    json: doc("Hi <there> & all"),
  },
  {
    type: "post",
    id: "pst_bare",
    publicationId: "pub_1",
    slug: "bare",
    title: "Bare",
    publishedAt: PAST,
    updatedAt: PAST,
  },
  {
    type: "post",
    id: "pst_draft",
    publicationId: "pub_1",
    slug: "draft",
    title: "Secret draft",
    status: "draft",
    json: doc("secret"),
  },
  {
    type: "post",
    id: "pst_archived",
    publicationId: "pub_1",
    slug: "archived",
    title: "Old",
    status: "archived",
    publishedAt: PAST,
  },
  {
    type: "post",
    id: "pst_future",
    publicationId: "pub_1",
    slug: "future",
    title: "Soon",
    publishedAt: FUTURE,
  },
  {
    type: "post",
    id: "pst_unicode",
    publicationId: "pub_2",
    slug: "café-ü",
    title: "Ünïcode",
    publishedAt: PAST,
  },
  {
    type: "post",
    id: "Pst_Case",
    publicationId: "pub_2",
    slug: "Case-Slug",
    title: "Case",
    publishedAt: PAST,
  },
];

export function ndjson(lines: readonly unknown[]): Readable {
  return Readable.from([Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n") + "\n")]);
}

export async function loadFixtures(store: PostStore): Promise<void> {
  const summary = await importNdjson(store, ndjson(records));
  if (!summary.committed || summary.rejected > 0) {
    throw new Error(`fixtures did not load: ${JSON.stringify(summary.rejections)}`);
  }
}
