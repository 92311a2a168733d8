// The read service as the routes use it: the post cache over the store, kept current by
// change notices and go-live times, building Representations from stored bytes or records.
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config/index.js";
import type { ByteArena } from "../../posts/byte-arena.js";
import type { SharedLru } from "../../posts/byte-lru.js";
import type { GoLiveWatch } from "../../posts/go-live.js";
import { PostCache } from "../../posts/post-cache.js";
import { PublicationDomains } from "../../posts/publication-domains.js";
import { PostService, type Clock } from "../../posts/post-service.js";
import type { PostStore } from "../../store/post-store.js";
import { KeptPost } from "../wire/kept-post.js";
import { Representation, storedWire } from "../wire/representation.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The response cache, for health, metrics and tests. */
    postCache: PostCache<Representation, KeptPost>;
  }
}

interface ReadServiceParts {
  config: Config;
  clock: Clock;
  store: PostStore;
  goLive: GoLiveWatch;
  /** The LRU the post cache shares with the answer cache: one byte bound for both. */
  responses: SharedLru;
  /** Where the post cache keeps its entries' bytes. */
  arena: ByteArena;
  /** Told of every change notice: the write may have queued webhook deliveries. */
  onChange: () => void;
}

export async function installReadService(app: FastifyInstance, parts: ReadServiceParts) {
  const { config, clock, store, goLive, onChange } = parts;
  const { arena } = parts;
  const cache = new PostCache<Representation, KeptPost>(parts.responses, {
    keep: (r) => new KeptPost(arena, r),
    held: () => arena.footprint,
  });
  const domains = new PublicationDomains(store, {
    // What was cached before carries the domains as they were (none at all, while a node
    // whose store was out of reach at start had not read them yet).
    onLoaded: () => cache.apply({ all: true, postIds: [] }),
    onError: (err) => app.log.warn({ err }, "publication domains not read; trying again"),
  });
  // A go-live is a change no write announces: every "not found" held may have become untrue.
  goLive.onGoLive(() => cache.apply({ all: false, postIds: [] }));
  const stopWatching = await store.watchChanges((notice) => {
    cache.apply(notice);
    void goLive.refresh();
    onChange();
    // A publication's domain may have changed.
    if (notice.all) void domains.refresh();
  });
  await goLive.refresh();
  // A node starts whether or not its store answers: the domains are read once it does.
  await domains.refresh();
  app.addHook("onClose", async () => {
    domains.stop();
    goLive.stop();
    await stopWatching();
  });
  app.decorate("postCache", cache);
  return new PostService({
    ...{ store, cache, goLive, clock, missTtlMs: config.cacheMissTtlMs },
    fromStored: (post) =>
      Representation.made(
        post,
        storedWire(post),
        config.siteUrl,
        domains.originOf(post.publicationSlug),
      ),
    represent: (post, withContent) =>
      Representation.of(post, withContent, config.siteUrl, domains.originOf(post.publicationSlug)),
  });
}
