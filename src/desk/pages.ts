// The desk's server-made pages: the sign-in confirmation behind an invite link (a GET never
// spends an invite: link scanners and prefetchers follow links; the page's form POSTs it),
// the answers to signing in and out, the writer's list and the editor. They are rendered by
// the site's theme in its layout, so they look like the site and every string in them is
// escaped by the same engine. Only the editor runs a script: the desk's own bundle.
import type { FastifyReply } from "fastify";
import { SUBTITLE_MAX_LENGTH, TITLE_MAX_LENGTH } from "../posts/fields.js";
import { apiStatus } from "../posts/lifecycle.js";
import { scriptSafeJson } from "../site/head.js";
import { ownPageModel, SiteUrls, type Theme } from "../site/index.js";
import type { PageModel } from "../site/model.js";
import type { OwnPost, PostRecord, PublicationRecord } from "../store/post-store.js";
import type { AssetPaths } from "./assets.js";
import type { EditorData } from "./editor-data.js";
import { CSRF_FIELD } from "./guard.js";
import { EDITOR, LIST, MESSAGE } from "./templates.js";
import { ariaKeys, TOOLS } from "./toolbar.js";

/**
 * A desk page's policy: nothing from elsewhere, no inline script, forms and frames kept to the
 * site. `script` lets the desk's own bundles run and talk to the desk alone.
 */
const policy = (images: string, script: boolean) =>
  [
    "default-src 'none'",
    ...(script ? ["script-src 'self'"] : []),
    "style-src 'self'",
    `img-src ${images}`,
    ...(script ? ["connect-src 'self'"] : []),
    ...["form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"],
  ].join("; ");

/** The editor's: images from anywhere a post may show them from. */
export const EDITOR_POLICY = policy("'self' https: data: blob:", true);

const headers = (csp: string) =>
  Object.freeze({
    "content-security-policy": csp,
    "cache-control": "no-store",
    "cross-origin-resource-policy": "same-origin",
    // Not the API's no-referrer: under it a browser sends the form's POST with `Origin: null`,
    // which the desk's CSRF check refuses. Same-origin requests only carry it.
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
  });
/** The site's stylesheet and the layout's blank icon; no script. */
const MESSAGE_HEADERS = headers(policy("data:", false));
/** The passkey button's page: that script alone. */
const PASSKEY_HEADERS = headers(policy("data:", true));
const EDITOR_HEADERS = headers(EDITOR_POLICY);

interface MessagePage extends PageModel {
  heading: string;
  message: string;
  form?: { action: string; button: string; fields: { name: string; value: string }[] };
  /** The passkey sign-in button, and the desk address it returns to. */
  passkey?: { script: string; back: string };
  link?: { href: string; text: string };
}

export interface Who {
  user: string;
  publication: string;
  /** How many passkeys the writer has registered. */
  passkeys: number;
}

/** One row of the writer's list. */
export interface ListedPost {
  title: string;
  editUrl: string;
  status: string;
  statusText: string;
  when: string;
  views: string;
}

interface ListPage extends PageModel {
  heading: string;
  message: string;
  csrf: string;
  csrfField: string;
  /** Undefined when the bundle was not built: the list works without its stylesheet. */
  assets?: AssetPaths;
  notice?: string;
  passkeys: number;
  passkeysText: string;
  statuses: { value: string; label: string; selected: boolean }[];
  query: string;
  countText: string;
  posts: ListedPost[];
  more?: { url?: string; text?: string };
}

interface EditorPage extends PageModel {
  heading: string;
  assets: AssetPaths;
  stateText: string;
  liveUrl: string;
  previewUrl: string;
  post: { title: string; subtitle: string; slug: string; categories: string; imageUrl: string };
  limits: { title: number; subtitle: number };
  tools: { command: string; label: string; aria: string; toggle: boolean }[];
  languages: readonly string[];
  maxMegabytes: number;
  stats: string;
  saveLabel: string;
  savedText: string;
  can: { publish: boolean; schedule: boolean; unpublish: boolean; delete: boolean };
  data: string;
}

export const STATUS_TEXT: Record<string, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

/** Languages the site highlights and a writer is likely to name; any other may be typed. */
const LANGUAGES = [
  ...["bash", "c", "cpp", "csharp", "css", "diff", "go", "html", "java", "javascript", "json"],
  ...["kotlin", "markdown", "php", "python", "ruby", "rust", "sql", "swift", "typescript"],
  ...["xml", "yaml"],
];

const PAGE_SAMPLE_ASSETS: AssetPaths = {
  script: "/desk/assets/a.js",
  style: "/desk/assets/a.css",
  passkey: "/desk/assets/p.js",
};

const SIGN_IN_LINK = { href: "/desk/signin", text: "Sign in with a passkey instead" };

export class DeskPages {
  private readonly renderMessage: (model: MessagePage) => string;
  private readonly renderList: (model: ListPage) => string;
  private readonly renderEditor: (model: EditorPage) => string;
  private readonly urls: SiteUrls;

  /** ThemeError when the theme's layout cannot show a desk page. */
  constructor(
    private readonly theme: Theme,
    siteUrl: string,
    private readonly assets: AssetPaths | undefined,
    private readonly maxBytes: number,
  ) {
    this.urls = new SiteUrls(siteUrl);
    const sample = this.model({
      ...{ heading: "Sample", message: "A sample desk page." },
      form: { action: "/desk", button: "Go", fields: [{ name: "a", value: "b" }] },
      passkey: { script: PAGE_SAMPLE_ASSETS.passkey, back: "/desk" },
      link: { href: "/desk", text: "Sample" },
    });
    this.renderMessage = theme.compile("the desk's page", MESSAGE, sample);
    const who = { user: "Sample", publication: "Sample", passkeys: 0 };
    this.renderList = theme.compile(
      "the desk's list",
      LIST,
      this.listModel(who, "csrf", { status: "all", query: "", posts: [] }, PAGE_SAMPLE_ASSETS),
    );
    this.renderEditor = theme.compile(
      "the desk's editor",
      EDITOR,
      this.editorModel(undefined, undefined, "csrf", 0, PAGE_SAMPLE_ASSETS),
    );
  }

  signIn(reply: FastifyReply, token: string) {
    return this.message(reply, 200, {
      heading: "Sign in to the desk",
      message: "This link signs you in once. Continue only if you asked for it.",
      form: {
        ...{ action: "/desk/signin", button: "Sign in" },
        fields: [{ name: "token", value: token }],
      },
    });
  }

  /**
   * Where a writer without a session lands: a passkey signs them in and back to `back` (a desk
   * address); without one, an invite link is the way in.
   */
  signInNeeded(reply: FastifyReply, back: string, status: number) {
    const content = {
      heading: "Sign in to the desk",
      message:
        "Sign in with a passkey you added on this device, or follow a sign-in link from your " +
        "publication's operator (each link works once).",
    };
    if (this.assets === undefined) return this.message(reply, status, content);
    const passkey = { script: this.assets.passkey, back };
    const html = this.renderMessage(this.model({ ...content, passkey }));
    return this.send(reply, status, PASSKEY_HEADERS, html);
  }

  badLink(reply: FastifyReply) {
    return this.message(reply, 400, {
      heading: "This sign-in link cannot be used",
      message:
        "It was used already, it expired, or it was copied incompletely. Ask for a new invite.",
      link: SIGN_IN_LINK,
    });
  }

  signedOut(reply: FastifyReply) {
    return this.message(reply, 200, {
      heading: "Signed out",
      message: "Your desk session has ended.",
      link: { href: "/desk/signin", text: "Sign in again" },
    });
  }

  notFound(reply: FastifyReply) {
    return this.message(reply, 404, {
      heading: "No such post",
      message: "Your publication has no post at this address. It may have been deleted.",
    });
  }

  /** The editor was not bundled (`npm run build` makes it). */
  unavailable(reply: FastifyReply) {
    return this.message(reply, 503, {
      heading: "The editor is not built",
      message: "This Folio was built without the desk's editor: run npm run build.",
    });
  }

  /** The writer's list of their publication's posts. */
  list(reply: FastifyReply, who: Who, csrf: string, listing: Listing) {
    const model = this.listModel(who, csrf, listing, this.assets);
    const policy = this.assets === undefined ? MESSAGE_HEADERS : PASSKEY_HEADERS;
    return this.send(reply, 200, policy, this.renderList(model));
  }

  /** The editor, on a post of the session's publication or on a new one (`post` undefined). */
  editor(
    reply: FastifyReply,
    publication: PublicationRecord,
    post: (PostRecord & { etag: string }) | undefined,
    csrf: string,
    now: number,
  ) {
    if (this.assets === undefined) return this.unavailable(reply);
    const model = this.editorModel(publication, post, csrf, now, this.assets);
    return this.send(reply, 200, EDITOR_HEADERS, this.renderEditor(model));
  }

  private listModel(
    who: Who,
    csrf: string,
    listing: Listing,
    assets: AssetPaths | undefined,
  ): ListPage {
    const { status, query, posts } = listing;
    const statuses = [
      { value: "all", label: "Drafts, scheduled and published" },
      ...["draft", "scheduled", "published", "archived"].map((value) => ({
        value,
        label: STATUS_TEXT[value]!,
      })),
    ].map((s) => ({ ...s, selected: s.value === status }));
    const count = posts.length === 1 ? "1 post" : `${posts.length} posts`;
    return {
      ...this.page("Desk"),
      heading: "Desk",
      message: `Signed in as ${who.user} to ${who.publication}.`,
      ...{ csrf, csrfField: CSRF_FIELD, statuses, query, posts },
      passkeys: who.passkeys,
      passkeysText:
        who.passkeys === 0
          ? "You have no passkey yet: add one to sign in on this device without an invite link."
          : who.passkeys === 1
            ? "You have 1 passkey."
            : `You have ${who.passkeys} passkeys.`,
      ...(assets && { assets }),
      countText: query === "" ? count : `${count} matching “${query}”`,
      ...(listing.notice !== undefined && { notice: listing.notice }),
      ...(listing.more !== undefined && { more: listing.more }),
    };
  }

  private editorModel(
    publication: PublicationRecord | undefined,
    post: (PostRecord & { etag: string }) | undefined,
    csrf: string,
    now: number,
    assets: AssetPaths,
  ): EditorPage {
    const status = post === undefined ? "new" : apiStatus(post, now);
    const live = post !== undefined && status === "published" && publication !== undefined;
    const data: EditorData = {
      csrf,
      siteOrigin: new URL(this.urls.siteUrl).origin,
      publicationUrl: publication === undefined ? "" : this.urls.base(publication),
      maxBytes: this.maxBytes,
      ...(post && {
        post: {
          ...{ id: post.id, etag: post.etag, title: post.title, slug: post.slug },
          subtitle: post.subtitle ?? "",
          categories: post.categories,
          imageUrl: post.imageUrl ?? "",
          status,
          ...(post.publishedAt !== undefined && { publishedAt: post.publishedAt }),
          json: parsed(post.content?.json),
        },
      }),
    };
    const draftLike = status === "new" || status === "draft" || status === "archived";
    return {
      ...this.page(post === undefined ? "New post" : `Edit: ${post.title}`),
      heading: post === undefined ? "New post" : "Edit post",
      assets,
      stateText: status === "new" ? "New, not saved yet" : STATUS_TEXT[status]!,
      liveUrl: live ? this.urls.post(publication, post.slug) : "",
      previewUrl: post === undefined ? "" : `/desk/posts/${encodeURIComponent(post.id)}/preview`,
      post: {
        ...{ title: post?.title ?? "", subtitle: post?.subtitle ?? "", slug: post?.slug ?? "" },
        categories: post?.categories.join(", ") ?? "",
        imageUrl: post?.imageUrl ?? "",
      },
      limits: { title: TITLE_MAX_LENGTH, subtitle: SUBTITLE_MAX_LENGTH },
      tools: TOOLS.map((t) => ({ ...t, aria: ariaKeys(t.keys) })),
      languages: LANGUAGES,
      maxMegabytes: Math.floor(this.maxBytes / (1024 * 1024)),
      stats: "",
      saveLabel: draftLike || status === "scheduled" ? "Save draft" : "Save changes",
      savedText: post === undefined ? "" : "All changes saved.",
      can: {
        publish: status !== "published",
        schedule: draftLike || status === "scheduled",
        unpublish: status === "published" || status === "scheduled",
        delete: post !== undefined,
      },
      data: scriptSafeJson(data),
    };
  }

  private page(title: string): PageModel {
    return ownPageModel(this.theme, this.urls, `${title} · Folio desk`);
  }

  private model(content: Omit<MessagePage, keyof PageModel>): MessagePage {
    return { ...this.page(content.heading), ...content };
  }

  private message(
    reply: FastifyReply,
    status: number,
    content: Omit<MessagePage, keyof PageModel>,
  ) {
    return this.send(reply, status, MESSAGE_HEADERS, this.renderMessage(this.model(content)));
  }

  private send(reply: FastifyReply, status: number, h: object, html: string) {
    return reply.code(status).headers(h).type("text/html; charset=utf-8").send(html);
  }
}

/** What the list shows, as routes.ts found it. */
export interface Listing {
  status: string;
  query: string;
  posts: ListedPost[];
  notice?: string;
  more?: { url?: string; text?: string };
}

/** A post of the list as its row shows it. */
export function listed(post: OwnPost, now: number, date: (ms: number) => string): ListedPost {
  const status = apiStatus(post, now);
  const when =
    status === "scheduled"
      ? `goes live ${date(post.publishedAt!)}`
      : status === "published"
        ? `published ${date(post.publishedAt!)}`
        : `updated ${date(post.updatedAt)}`;
  return {
    ...{ title: post.title, status, statusText: STATUS_TEXT[status]!, when },
    editUrl: `/desk/posts/${encodeURIComponent(post.id)}`,
    views: post.views === 1 ? "1 view" : `${post.views.toLocaleString("en-US")} views`,
  };
}

function parsed(json: string | undefined): unknown {
  if (json === undefined || json === "") return { type: "doc", content: [{ type: "paragraph" }] };
  return JSON.parse(json) as unknown;
}
