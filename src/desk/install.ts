// The desk installed in one call: sessions and their guard, passkeys, the desk's routes, and
// the public image route.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config/index.js";
import type { AuthoringServices } from "../http/authoring/index.js";
import { mediaRoutes } from "../media/routes.js";
import { PostPreview, type Theme } from "../site/index.js";
import type { PostStore } from "../store/post-store.js";
import { DeskAssets } from "./assets.js";
import { cookieJar, installGuard } from "./guard.js";
import { Passkeys, relyingParty } from "./passkeys.js";
import { DeskPages } from "./pages.js";
import { deskRoutes } from "./routes.js";
import { DeskSessions } from "./sessions.js";

export interface DeskDependencies {
  config: Config;
  store: PostStore;
  authoring: AuthoringServices;
  /** The site's theme: the desk's pages are shown in its layout. */
  theme: Theme;
  /** Real time: sessions and invites expire by the wall clock, whatever decides visibility. */
  clock?: () => number;
  /** What decides visibility (the app's clock): a post's state as the editor shows it. */
  now?: () => number;
  /** The editor's bundle; by default what `npm run build` put in dist/desk/. */
  assets?: DeskAssets;
}

export async function installDesk(app: FastifyInstance, deps: DeskDependencies) {
  const { config, store } = deps;
  const clock = deps.clock ?? Date.now;
  const sessions = new DeskSessions(store, config.desk, config.siteUrl, clock);
  const jar = cookieJar(config.siteUrl);
  const siteOrigin = new URL(config.siteUrl).origin;
  const assets = deps.assets ?? new DeskAssets();
  const maxBytes = config.desk.mediaMaxBytes;
  const pages = new DeskPages(deps.theme, config.siteUrl, assets.paths, maxBytes);
  await app.register(async (scope) => {
    installGuard(scope, sessions, jar, siteOrigin, (request, reply) =>
      pages.signInNeeded(reply, request.url, 401),
    );
    await scope.register(deskRoutes, {
      ...{ store, sessions, jar, siteOrigin, authoring: deps.authoring, clock, assets, pages },
      now: deps.now ?? Date.now,
      preview: new PostPreview(deps.theme, config.siteUrl, store),
      passkeys: new Passkeys(store, relyingParty(config.siteUrl), clock),
      settings: config.desk,
      maxBodyBytes: config.authoring.maxBodyBytes,
    });
  });
  await app.register(mediaRoutes, { store });
}
