// Small data sets for webhook tests: one publication, posts by id, endpoints with secrets.
import type { PostStore } from "../../src/store/post-store.js";
import { addEndpoint, type EndpointInput } from "../../src/webhooks/endpoints.js";
import { importLines } from "./store-tools.js";
import type { Receiver } from "./webhook-receiver.js";

export const PUBLICATIONS = [
  { type: "publication", id: "pub_w", slug: "wire", name: "The Wire" },
  { type: "publication", id: "pub_x", slug: "other", name: "Other" },
];

/** A published post visible now, unless `fields` say otherwise. */
export function post(id: string, fields: Record<string, unknown> = {}) {
  return {
    type: "post",
    id,
    publicationId: "pub_w",
    slug: id.replace(/_/g, "-"),
    title: `Title of ${id}`,
    publishedAt: Date.now() - 60_000,
    updatedAt: 1_700_000_000_000,
    markdown: `Body of ${id}`,
    ...fields,
  };
}

export function posts(n: number, prefix = "p", fields: Record<string, unknown> = {}) {
  return Array.from({ length: n }, (_, i) => post(`${prefix}_${i}`, fields));
}

/** Imports and insists it committed cleanly. */
export async function load(store: PostStore, lines: readonly unknown[]) {
  const summary = await importLines(store, lines);
  if (!summary.committed || summary.rejected > 0) {
    throw new Error(`import failed: ${JSON.stringify(summary.rejections.slice(0, 3))}`);
  }
  return summary;
}

/** An endpoint for the receiver, its secret handed to the receiver to verify with. */
export async function endpointFor(
  store: PostStore,
  receiver: Pick<Receiver, "url" | "secret">,
  input: Partial<EndpointInput> = {},
) {
  const created = await addEndpoint(
    store,
    { url: receiver.url, ...input },
    { allowPrivate: true, now: Date.now() },
  );
  receiver.secret = created.secret;
  return created.endpoint;
}

/** Event types per post id, oldest first, as the store lists its deliveries. */
export async function recorded(store: PostStore): Promise<string[]> {
  const deliveries = await store.listDeliveries({ limit: 1000 });
  return deliveries.reverse().map((d) => `${d.eventType} ${d.postId}`);
}
