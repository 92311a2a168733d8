// An option that names a publication takes what people have in hand: its slug (it is in every
// URL, with or without the leading `@`) or its id.
import type { PublicationReader, PublicationRecord } from "../store/post-store.js";
import { UsageError } from "./args.js";
import { shown } from "./terminal-text.js";

type Reader = Pick<PublicationReader, "findPublication">;

/** The stored publication `value` names by id or slug, or undefined when none does. */
export async function findNamedPublication(
  store: Reader,
  value: string,
  option = "--publication",
): Promise<PublicationRecord | undefined> {
  const slug = value.replace(/^@/, "");
  const [byId, bySlug] = await Promise.all([
    store.findPublication({ id: value }),
    slug === "" ? undefined : store.findPublication({ slug }),
  ]);
  if (byId !== undefined && bySlug !== undefined && byId.id !== bySlug.id) {
    throw new UsageError(
      `${option} ${value} is the id of one publication and the slug of another (id ${bySlug.id}): give that one's id`,
    );
  }
  return byId ?? bySlug;
}

/** The stored publication `value` names by id or slug; a usage error when none does. */
export async function namedPublication(
  store: Reader,
  value: string,
  option = "--publication",
): Promise<PublicationRecord> {
  const found = await findNamedPublication(store, value, option);
  if (found === undefined) {
    throw new UsageError(
      `${option}: unknown publication ${value} (no publication has this slug or id)`,
    );
  }
  return found;
}

/** How a publication is shown back: its slug, for people, and its id, for the API. */
export const nameOf = (publication: PublicationRecord) =>
  shown(`${publication.slug} (${publication.id})`);
