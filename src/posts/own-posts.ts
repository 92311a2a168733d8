// A publication's own posts for the authoring API: any status, newest first, in
// keyset pages behind an opaque cursor, each with its view total.
import { ApiError } from "../errors.js";
import type {
  AuthoringReader,
  OwnCursor,
  OwnPostsPage,
  OwnStatus,
  PostReader,
  PostRecord,
  PublicationReader,
} from "../store/post-store.js";

export const OWN_LIMIT = { default: 10, max: 100 } as const;

interface OwnListRequest {
  publicationId: string;
  /** Absent means published, as the original's client documents. */
  status?: OwnStatus;
  limit?: number;
  cursor?: string;
  withContent: boolean;
}

interface OwnList extends OwnPostsPage {
  cursor?: string;
}

export class OwnPosts {
  constructor(
    private readonly store: Pick<AuthoringReader, "listOwnPosts"> &
      Pick<PostReader, "findPostById"> &
      Pick<PublicationReader, "findPublication">,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(r: OwnListRequest): Promise<OwnList> {
    const after = r.cursor === undefined ? undefined : decodeCursor(r.cursor);
    const query = {
      ...{ publicationId: r.publicationId, status: r.status ?? "published" },
      ...{ limit: r.limit ?? OWN_LIMIT.default, withContent: r.withContent, now: this.clock() },
    };
    const page = await this.store.listOwnPosts(after ? { ...query, after } : query);
    const last = page.posts[page.posts.length - 1];
    return page.hasMore && last ? { ...page, cursor: encodeCursor(last) } : page;
  }

  /** One of the publication's posts, in any status; another publication's is none. */
  async find(
    publicationId: string,
    id: string,
    withContent: boolean,
  ): Promise<PostRecord | undefined> {
    const post = await this.store.findPostById(id, { withContent });
    return post?.publicationId === publicationId ? post : undefined;
  }
}

/** The key's publication; a key outlives nothing, but a publication may be gone since. */
export async function publicationOf(
  store: Pick<PublicationReader, "findPublication">,
  publicationId: string,
) {
  const publication = await store.findPublication({ id: publicationId });
  if (publication === undefined) throw new ApiError("not_found", "Publication not found");
  return publication;
}

function encodeCursor({ createdAt, id }: OwnCursor): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
}

/** A cursor this API did not give is a 400 naming it. */
function decodeCursor(cursor: string): OwnCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (Number.isSafeInteger(createdAt) && typeof id === "string") {
      return { createdAt: createdAt as number, id };
    }
  } catch {
    // Not base64url JSON: refused below like any other foreign cursor.
  }
  throw new ApiError("invalid_parameter", "cursor: is not a cursor this API gave");
}
