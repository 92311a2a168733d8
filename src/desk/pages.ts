// The desk's few server-made pages: the sign-in confirmation behind an invite link, and the
// answers to signing in and out. A GET never spends an invite (link scanners and prefetchers
// follow links); the page's form POSTs it. They are rendered by the site's theme in its layout,
// so they look like the site and every string in them is escaped by the same engine.
import type { FastifyReply } from "fastify";
import { ownPageModel, SiteUrls, type Theme } from "../site/index.js";
import type { PageModel } from "../site/model.js";
import { CSRF_FIELD } from "./guard.js";

/** The site's stylesheet and the layout's blank icon; nothing else, and no script. */
const POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const HEADERS = Object.freeze({
  "content-security-policy": POLICY,
  "cache-control": "no-store",
  "cross-origin-resource-policy": "same-origin",
  // Not the API's no-referrer: under it a browser sends the form's POST with `Origin: null`,
  // which the desk's CSRF check refuses. Same-origin requests only carry it.
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
});

interface DeskPage extends PageModel {
  heading: string;
  message: string;
  form?: { action: string; button: string; fields: { name: string; value: string }[] };
}

const TEMPLATE = `{{#> layout}}
<header class="intro">
  <h1>{{heading}}</h1>
  <p class="lede">{{message}}</p>
  {{~#if form}}
  <form method="post" action="{{form.action}}">
    {{~#each form.fields}}
    <input type="hidden" name="{{name}}" value="{{value}}">
    {{~/each}}
    <button class="button" type="submit">{{form.button}}</button>
  </form>
  {{~/if}}
</header>
{{/layout}}
`;

type Content = Omit<DeskPage, keyof PageModel>;

export class DeskPages {
  private readonly render: (model: DeskPage) => string;
  private readonly urls: SiteUrls;

  /** ThemeError when the theme's layout cannot show a desk page. */
  constructor(
    private readonly theme: Theme,
    siteUrl: string,
  ) {
    this.urls = new SiteUrls(siteUrl);
    const sample = this.model({
      ...{ heading: "Sample", message: "A sample desk page." },
      form: { action: "/desk", button: "Go", fields: [{ name: "a", value: "b" }] },
    });
    this.render = theme.compile("the desk's page", TEMPLATE, sample);
  }

  signIn(reply: FastifyReply, token: string) {
    return this.send(reply, 200, {
      heading: "Sign in to the desk",
      message: "This link signs you in once. Continue only if you asked for it.",
      form: {
        ...{ action: "/desk/signin", button: "Sign in" },
        fields: [{ name: "token", value: token }],
      },
    });
  }

  badLink(reply: FastifyReply) {
    return this.send(reply, 400, {
      heading: "This sign-in link cannot be used",
      message:
        "It was used already, it expired, or it was copied incompletely. Ask for a new invite.",
    });
  }

  signedOut(reply: FastifyReply) {
    return this.send(reply, 200, {
      heading: "Signed out",
      message: "Your desk session has ended.",
    });
  }

  home(reply: FastifyReply, who: { user: string; publication: string }, csrf: string) {
    return this.send(reply, 200, {
      heading: "Desk",
      message: `Signed in as ${who.user} to ${who.publication}.`,
      form: {
        ...{ action: "/desk/signout", button: "Sign out" },
        fields: [{ name: CSRF_FIELD, value: csrf }],
      },
    });
  }

  private model(content: Content): DeskPage {
    const title = `${content.heading} · Folio desk`;
    return { ...ownPageModel(this.theme, this.urls, title), ...content };
  }

  private send(reply: FastifyReply, status: number, content: Content) {
    return reply
      .code(status)
      .headers(HEADERS)
      .type("text/html; charset=utf-8")
      .send(this.render(this.model(content)));
  }
}
