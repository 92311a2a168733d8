// A list page joined from its posts' stored bodies (store/stored-bytes.ts): the envelope's
// bytes around ready bodies, byte for byte what wire.ts's serializers make of the
// same page's records, with no post serialized.
import type { FeedItem, Page } from "../../posts/discovery.js";
import type { ListedBody, PublicationRecord } from "../../store/post-store.js";
import { Answer, JSON_TYPE } from "../wire/answer.js";
import { pagination, serialize } from "./wire.js";
import { toWirePublication } from "../wire/publication.js";
import { contentParts } from "../wire/representation.js";

/**
 * A page joined from the posts' stored bodies: the bytes `postPageAnswer` would make, with no
 * post serialized. Undefined when a post has no stored body (the page is then built from records).
 */
export function postBodiesAnswer(page: Page<ListedBody>, keys: string[]): Answer | undefined {
  const bodies = storedBodies(page.items);
  return bodies && new Answer(pageBytes(bodies, page), JSON_TYPE, keys);
}

/** The feed's page joined from stored bodies, as `feedPageAnswer` would make it. */
export function feedBodiesAnswer(page: Page<FeedItem<ListedBody>>, keys: string[]) {
  const bodies = storedBodies(page.items.map((item) => item.post));
  if (bodies === undefined) return undefined;
  const items = page.items.map((item, i) => [POST_OPEN, ...bodies[i]!, itemTail(item)]);
  return new Answer(pageBytes(items, page), JSON_TYPE, keys);
}

/**
 * A feed item's bytes after its post: its publication and owner, serialized once per
 * publication record (posts/shown-publications.ts keeps the records until one changes).
 */
const tails = new WeakMap<PublicationRecord, Buffer>();

function itemTail({ publication, user }: FeedItem<ListedBody>): Buffer {
  let tail = tails.get(publication);
  if (tail === undefined) {
    tail = Buffer.concat([
      PUBLICATION_OPEN,
      Buffer.from(serialize.publication(toWirePublication(publication))),
      ...[USER_OPEN, Buffer.from(serialize.user(user)), CLOSE],
    ]);
    tails.set(publication, tail);
  }
  return tail;
}

// The envelopes around stored bodies, in the schemas' property order (PostPage, FeedItem).
const ITEMS_OPEN = Buffer.from('{"items":[');
const PAGINATION_OPEN = Buffer.from('],"pagination":');
const POST_OPEN = Buffer.from('{"post":');
const PUBLICATION_OPEN = Buffer.from(',"publication":');
const USER_OPEN = Buffer.from(',"user":');
const CLOSE = Buffer.from("}");
const COMMA = Buffer.from(",");

/** Each post's body as the parts it is joined from (with content: three). */
function storedBodies(posts: readonly ListedBody[]): Buffer[][] | undefined {
  if (!posts.every((post) => post.body !== null)) return undefined;
  return posts.map(({ body, content }) =>
    content === undefined ? [body!] : contentParts(body!, content),
  );
}

/** The page's bytes, copied once: each item is the parts it is made of. */
function pageBytes(items: readonly (readonly Buffer[])[], page: Page<unknown>): Buffer {
  const parts: Buffer[] = [ITEMS_OPEN];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(...item);
  });
  const tail = Buffer.from(serialize.pagination(pagination(page)));
  parts.push(PAGINATION_OPEN, tail, CLOSE);
  return Buffer.concat(parts);
}
