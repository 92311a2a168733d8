// A post's page as the reader's site would show it, for the writer before (or whatever)
// readers see: the same model and template as the site's post page, from the post as stored
// in any status. Not cached and not indexed: the caller sends it to its writer alone.
import type { WirePost } from "../http/wire/schemas.js";
import type { MediaStore, PublicationRecord } from "../store/post-store.js";
import { SiteMedia } from "./media.js";
import { postPageModel, SITE_LANG, SITE_NAME } from "./pages.js";
import type { Theme } from "./theme.js";
import { SiteUrls } from "./urls.js";
import { Views } from "./views.js";

export class PostPreview {
  private readonly urls: SiteUrls;
  private readonly views: Views;
  private readonly media: SiteMedia;

  constructor(
    private readonly theme: Theme,
    siteUrl: string,
    store: Pick<MediaStore, "findMedia">,
  ) {
    this.urls = new SiteUrls(siteUrl);
    this.views = new Views(this.urls);
    this.media = new SiteMedia(store, siteUrl);
  }

  /** The page's HTML for `wire` (with its content), on Folio's own site, marked noindex. */
  async render(publication: PublicationRecord, wire: WirePost): Promise<string> {
    const { theme, urls, views } = this;
    const images = await this.media.lookupFor(wire.staticHtml ?? "", wire.imageUrl);
    const parts = { theme, urls, views, lang: SITE_LANG, siteName: SITE_NAME };
    const model = postPageModel(parts, { main: true }, publication, wire, images, {});
    model.head.robots = "noindex";
    return theme.render("post", model);
  }
}
