// The read service: look a post up, and hand it on only if it may be seen.
import type { PostRecord, PostStore } from "../store/post-store.js";
import { isVisible } from "./visibility.js";

export type Clock = () => number;

export class PostReader {
  constructor(
    private readonly store: PostStore,
    private readonly now: Clock = Date.now,
  ) {}

  async byId(id: string, withContent: boolean): Promise<PostRecord | undefined> {
    return this.visible(await this.store.findPostById(id, { withContent }));
  }

  async bySlugs(publicationSlug: string, postSlug: string, withContent: boolean) {
    const post = await this.store.findPostBySlugs(publicationSlug, postSlug, { withContent });
    return this.visible(post);
  }

  private visible(post: PostRecord | undefined): PostRecord | undefined {
    return post !== undefined && isVisible(post, this.now()) ? post : undefined;
  }
}
