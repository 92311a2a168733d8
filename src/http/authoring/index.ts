// The authoring API installed in one call, before its routes: the key check on
// every `auth` route, the per-key write limit, the write and list services, page views.
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config/index.js";
import { KeyVerifier } from "../../posts/api-keys.js";
import { ContentDeriver } from "../../posts/derive.js";
import { OwnPosts } from "../../posts/own-posts.js";
import { PostWrites } from "../../posts/post-writes.js";
import { ViewCounter } from "../../posts/views.js";
import type { PostStore } from "../../store/post-store.js";
import { requireApiKeys } from "../edge/auth.js";
import { sharedCounter } from "../edge/shared-rate-limit.js";
import { ownPostAnswer, ownRoutes } from "./own-routes.js";
import { postWriteRoutes } from "./write-routes.js";
import type { RepresentationService } from "../edge/send-post.js";
import { viewRoutes } from "./views.js";
import { WriteLimiter } from "../edge/write-limit.js";

interface AuthoringDependencies {
  config: Config;
  store: PostStore;
  reads: RepresentationService;
  clock: () => number;
}

export async function installAuthoring(app: FastifyInstance, deps: AuthoringDependencies) {
  const { config, store, clock } = deps;
  const settings = config.authoring;
  // Key caching and write windows run on real time, whatever clock decides visibility.
  const counter = settings.writeRateLimit > 0 ? sharedCounter(app, config.redis) : undefined;
  const verifier = new KeyVerifier(store);
  const limiter = new WriteLimiter(settings.writeRateLimit, counter);
  requireApiKeys(app, verifier, limiter);
  const deriver = ContentDeriver.forProcess();
  const views = new ViewCounter(store, {
    flushMs: settings.viewsFlushMs,
    onError: (err) => app.log.warn({ err }, "page views not written; kept for the next flush"),
  });
  views.start();
  // Views counted until the server stops are written before the store closes (server.ts).
  app.addHook("onClose", async () => {
    await views.stop();
  });
  const writes = new PostWrites(store, deriver, clock);
  const own = new OwnPosts(store, clock);
  await app.register(postWriteRoutes, { writes, maxBodyBytes: settings.maxBodyBytes });
  await app.register(ownRoutes, { own, store });
  await app.register(viewRoutes, { service: deps.reads, views });
  // The public read of one post, which a writer's key turns into a read of their own; what a
  // publication's key may do, for others acting for the publication (the desk); and the view
  // counter, which the site's post pages feed too.
  return { ownPost: ownPostAnswer(verifier, own), writes, own, limiter, views };
}

export type AuthoringServices = Awaited<ReturnType<typeof installAuthoring>>;
