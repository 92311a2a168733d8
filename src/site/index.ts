// The reader's site installed in one call: its theme (refused at start when broken), its
// page cache in the LRU the API's caches share, kept current by the same change notices and
// go-live times, and its routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config/index.js";
import type { Answer } from "../http/wire/answer.js";
import type { DiscoveryDependencies } from "../http/discovery/index.js";
import { AnswerCache } from "../posts/answer-cache.js";
import { CachedAnswers } from "../posts/cached-answers.js";
import { CursorCodec } from "../posts/cursor.js";
import { Discovery } from "../posts/discovery.js";
import { DiscoverySearch } from "../posts/discovery-search.js";
import type { ViewCounter } from "../posts/views.js";
import { SiteHosts } from "./hosts.js";
import { Pages, SITE_LANG, SITE_NAME } from "./pages.js";
import { siteRoutes, unknownRoute, type SiteContext } from "./routes.js";
import { keptHighlights } from "./highlights.js";
import { SiteMedia } from "./media.js";
import { Sitemaps } from "./sitemap.js";
import { StoredPages } from "./stored-pages.js";
import { DEFAULT_THEME_DIR, Theme } from "./theme.js";
import { SiteUrls } from "./urls.js";

export { ownPageModel } from "./pages.js";
export { PostPreview } from "./preview.js";
export { type Theme } from "./theme.js";
export { ThemeError } from "./theme-error.js";
export { SiteUrls } from "./urls.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The site's page cache, for metrics and tests. */
    pageCache: AnswerCache<Answer>;
    /** Post pages kept in the store: `idle()` settles when those being written are. */
    storedPages: StoredPages;
  }
}

/** What discovery reads with (the same services and caches), and the site's own parts. */
interface SiteDependencies extends DiscoveryDependencies {
  views: ViewCounter | undefined;
  theme: Theme;
  /** The API's answer for an unknown route. */
  apiNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

// The site's share of the LRU: every key starts with "s" (posts "p", API answers "a").
const SITE_PREFIX = "s";

/** The configured theme (SITE_THEME_DIR, else the default); ThemeError when it is broken. */
export function loadTheme(config: Pick<Config, "siteThemeDir">): Theme {
  return Theme.load(config.siteThemeDir ?? DEFAULT_THEME_DIR);
}

/**
 * Installs the site; returns the not-found answer for the rest of the app (HTML for a
 * browser, the API's JSON otherwise).
 */
export async function installSite(app: FastifyInstance, deps: SiteDependencies) {
  const { config, store, clock, theme } = deps;
  const urls = new SiteUrls(config.siteUrl);
  const cache = new AnswerCache<Answer>(deps.responses, undefined, SITE_PREFIX);
  const discovery = new Discovery(store, new CursorCodec(() => store.cursorKey()));
  const hosts = new SiteHosts(store, config.siteUrl);
  const stopWatching = await store.watchChanges((notice) => {
    cache.apply(notice);
    discovery.apply(notice);
    hosts.apply(notice);
  });
  app.addHook("onClose", stopWatching);
  app.decorate("pageCache", cache);
  const maker = { theme, siteUrl: config.siteUrl, lang: SITE_LANG, siteName: SITE_NAME };
  const stored = new StoredPages(store, maker, (error) =>
    app.log.warn({ err: error }, "a post page was not kept"),
  );
  // Pages being written finish before the store closes.
  app.addHook("onClose", () => stored.idle());
  app.decorate("storedPages", stored);
  const pages = new Pages({
    ...{ theme, urls, lang: SITE_LANG, siteName: SITE_NAME, posts: deps.posts, discovery, store },
    search: new DiscoverySearch(store),
    media: new SiteMedia(store, config.siteUrl),
    highlight: keptHighlights(deps.responses),
    stored,
  });
  const context: SiteContext = {
    ...{ pages, hosts, urls, theme, posts: deps.posts, views: deps.views, clock },
    sitemaps: new Sitemaps(urls, discovery, store),
    answers: new CachedAnswers(cache, deps.goLive, clock),
    cacheControl: config.cacheControl,
    apiNotFound: deps.apiNotFound,
  };
  await app.register(siteRoutes(context));
  return (request: FastifyRequest, reply: FastifyReply) => unknownRoute(context, request, reply);
}
