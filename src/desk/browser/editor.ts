// The desk's editor in the browser: TipTap on the very extension set the server renders with
// (content/schema.ts), so nothing written here is dropped there, plus behaviour that exists
// only while editing (undo, placeholder, drop and gap cursors). The page (templates.ts) gives
// the fields, toolbar and dialogs; this binds them, saves (saver.ts), uploads images and runs
// the post's actions: preview, publish, schedule, unpublish, delete.
import { Editor, type JSONContent } from "@tiptap/core";
import { Dropcursor, Gapcursor, Placeholder, UndoRedo } from "@tiptap/extensions";
import { Fragment, Slice, type Node as PMNode } from "@tiptap/pm/model";
import { NodeSelection } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { extensions } from "../../content/schema.js";
import { isSafeLink, isSafeMedia } from "../../content/url.js";
import { readingMinutes, wordCount } from "../../site/reading.js";
import type { EditorData } from "../editor-data.js";
import { DeskApi, Unreachable, type PostBody, type ServerPost } from "./api.js";
import { ask, byId } from "./dialogs.js";
import { LocalCopy, tabId } from "./local.js";
import { Saver, type Choice } from "./saver.js";
import { deskKeys, Toolbar } from "./tools.js";

/** What the server recognises (media/sniff.ts): anything else is refused before sending. */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];
const EMPTY: JSONContent = { type: "doc", content: [{ type: "paragraph" }] };

const data = JSON.parse(byId("desk-data").textContent ?? "{}") as EditorData;
const api = new DeskApi(data.csrf);

const fields = {
  title: byId<HTMLInputElement>("post-title"),
  subtitle: byId<HTMLInputElement>("post-subtitle"),
  slug: byId<HTMLInputElement>("post-slug"),
  categories: byId<HTMLInputElement>("post-categories"),
  cover: byId<HTMLInputElement>("post-cover"),
};
const coverPreview = byId<HTMLImageElement>("cover-preview");
let imageUrl = data.post?.imageUrl ?? "";
let status = data.post?.status ?? "new";
let slugSaved = data.post?.slug ?? "";

const askers = {
  link: () => void askLink(),
  image: () => void askImage(),
  embed: () => void askEmbed(),
  save: () => void saveNow(),
};

const mount = byId("editor");
mount.replaceChildren();
const editor = new Editor({
  element: mount,
  extensions: [
    ...extensions,
    UndoRedo,
    Dropcursor,
    Gapcursor,
    Placeholder.configure({ placeholder: "Write your post…" }),
    deskKeys(askers),
  ],
  content: (data.post?.json as JSONContent | undefined) ?? EMPTY,
  // Its styles are in editor.css: the page's policy lets no inline <style> in.
  injectCSS: false,
  editorProps: {
    attributes: {
      role: "textbox",
      "aria-multiline": "true",
      "aria-label": "Body",
      "aria-describedby": "stats",
      class: "prose desk-prose",
    },
    transformPasted: (slice) => safeSlice(slice),
    handlePaste: (view, event) => dropped(view, event.clipboardData?.files, undefined),
    handleDrop: (view, event, _slice, moved) =>
      !moved && dropped(view, event.dataTransfer?.files, { x: event.clientX, y: event.clientY }),
  },
});

const saver = new Saver(
  api,
  new LocalCopy(data.post?.id ?? "new", tabId()),
  {
    snapshot,
    show,
    status: say,
    error: (text) => (byId("save-error").textContent = text),
    choose,
    created,
    state: (state) => (byId("save-status").dataset.state = state),
    autosaves: () => status !== "published",
    typingTitle: () => document.activeElement === fields.title,
  },
  data.post?.id,
  data.post?.etag,
);

new Toolbar(editor, askers);
editor.on("update", () => {
  saver.changed();
  stats();
});
for (const field of [fields.title, fields.subtitle, fields.categories]) {
  field.addEventListener("input", () => saver.changed());
}
fields.slug.addEventListener("change", () => saver.changed());
// A new post waits for its title to be written before it is created (its slug comes from it).
fields.title.addEventListener("blur", () => {
  if (saver.id === undefined && saver.dirty) void saver.save();
});
fields.cover.addEventListener("change", () => void pickCover());
byId("post-form").addEventListener("submit", (event) => event.preventDefault());
byId("action-save").addEventListener("click", () => void saveNow());
byId("action-publish").addEventListener("click", () => void publish());
byId("action-schedule").addEventListener("click", () => void schedule());
byId("action-unpublish").addEventListener("click", () => void unpublish());
byId("action-delete").addEventListener("click", () => void remove());
byId("action-preview").addEventListener("click", (event) => void preview(event));
stats();
render();
if (data.post === undefined) fields.title.focus();
performance.mark("desk:editor-ready");
void saver.takeUp(new LocalCopy(data.post?.id ?? "new", tabId()).takeUp());

/** The post as the page shows it, as a write sends it. */
function snapshot(): PostBody {
  const title = fields.title.value.trim();
  const slug = fields.slug.value.trim();
  return {
    // An existing post keeps its title while the field is empty: a title is required.
    ...((title !== "" || saver.id === undefined) && { title }),
    subtitle: fields.subtitle.value.trim(),
    ...(slug !== "" && { slug }),
    categories: fields.categories.value,
    ...(imageUrl !== "" && { imageUrl }),
    json: editor.getJSON(),
  };
}

function show(body: PostBody) {
  fields.title.value = body.title ?? fields.title.value;
  fields.subtitle.value = body.subtitle ?? "";
  if (body.slug !== undefined) fields.slug.value = body.slug;
  fields.categories.value = body.categories ?? "";
  setCover(body.imageUrl ?? imageUrl);
  editor.commands.setContent((body.json as JSONContent | undefined) ?? EMPTY, {
    emitUpdate: false,
  });
  stats();
}

function say(text: string, link?: { href: string; text: string }) {
  const line = byId("save-status");
  line.replaceChildren(text);
  if (link !== undefined) {
    const a = document.createElement("a");
    a.href = link.href;
    a.textContent = link.text;
    line.append(" ", a, ".");
  }
}

function stats() {
  const words = wordCount(editor.getText({ blockSeparator: " " }));
  const minutes = readingMinutes(editor.getText({ blockSeparator: " " }));
  byId("stats").textContent =
    `${words.toLocaleString()} ${words === 1 ? "word" : "words"} · ${minutes} min read`;
}

/** The state line and which actions the post's state allows. */
function render() {
  const text: Record<string, string> = {
    new: "New, not saved yet",
    draft: "Draft",
    scheduled: "Scheduled",
    published: "Published",
    archived: "Archived",
  };
  let state = text[status] ?? status;
  if (status === "scheduled" && data.post?.publishedAt !== undefined) {
    state += ` for ${when(data.post.publishedAt)}`;
  }
  byId("post-state").textContent = state;
  const draftLike = status === "new" || status === "draft" || status === "archived";
  byId("action-save").textContent = status === "published" ? "Save changes" : "Save draft";
  byId("action-publish").hidden = status === "published";
  byId("action-schedule").hidden = !(draftLike || status === "scheduled");
  byId("action-unpublish").hidden = !(status === "published" || status === "scheduled");
  byId("action-delete").hidden = saver.id === undefined;
  const previewLink = byId<HTMLAnchorElement>("action-preview");
  previewLink.hidden = saver.id === undefined;
  if (saver.id !== undefined)
    previewLink.href = `/desk/posts/${encodeURIComponent(saver.id)}/preview`;
  const live = byId<HTMLAnchorElement>("live-link");
  live.hidden = status !== "published";
  if (status === "published") live.href = `${data.publicationUrl}/${encodeURIComponent(slugSaved)}`;
}

/** A time in the writer's zone, with UTC beside it. */
function when(ms: number): string {
  const date = new Date(ms);
  const local = date.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  const utc = date.toLocaleString("en-GB", {
    ...{ dateStyle: "medium", timeStyle: "short", timeZone: "UTC" },
  });
  return `${local} (${utc} UTC)`;
}

function created(id: string) {
  history.replaceState(null, "", `/desk/posts/${encodeURIComponent(id)}`);
  data.post = { ...(data.post ?? EMPTY_POST), id };
  // A new post, or the copy of one deleted elsewhere: a draft until the server says more.
  status = "draft";
  render();
  // The slug the server made from the title.
  void refresh();
}
const EMPTY_POST = {
  ...{ id: "", etag: "", title: "", subtitle: "", slug: "", categories: [], imageUrl: "" },
  ...{ status: "draft", json: EMPTY },
};

/** The server's view of the post after an action: its state, slug and schedule. */
async function refresh() {
  if (saver.id === undefined) return;
  try {
    const answer = await api.post(saver.id);
    const post = answer.json;
    if (post === undefined) return;
    status = post.status;
    slugSaved = post.slug;
    if (document.activeElement !== fields.slug && !saver.dirty) fields.slug.value = post.slug;
    if (data.post !== undefined && post.publishedAt !== undefined) {
      data.post.publishedAt = Number(post.publishedAt);
    }
    render();
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  }
}

async function saveNow() {
  if (await saver.save()) await refresh();
}

async function publish() {
  if (!(await saver.save({ status: "published" }))) return;
  await refresh();
  say("Published.", {
    href: byId<HTMLAnchorElement>("live-link").href,
    text: "Read it on the site",
  });
}

async function unpublish() {
  const extra: PostBody = status === "scheduled" ? { scheduledAt: null } : { status: "draft" };
  if (!(await saver.save(extra))) return;
  await refresh();
  say(
    extra.scheduledAt === null
      ? "No longer scheduled: a draft again."
      : "Unpublished: a draft again.",
  );
}

async function schedule() {
  const input = byId<HTMLInputElement>("schedule-at");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  byId("schedule-zone").textContent = zone;
  const utcLine = byId("schedule-utc");
  const minute = 60_000;
  const start = data.post?.publishedAt ?? Date.now() + 60 * minute;
  input.value = localInput(Math.max(start, Date.now() + minute));
  input.min = localInput(Date.now());
  const explain = () => {
    const at = new Date(input.value).getTime();
    utcLine.textContent = Number.isFinite(at)
      ? `That is ${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC.`
      : "Choose a day and a time.";
  };
  input.addEventListener("input", explain);
  explain();
  const answer = await ask(byId<HTMLDialogElement>("dialog-schedule"));
  input.removeEventListener("input", explain);
  if (answer !== "ok") return;
  const at = new Date(input.value).getTime();
  if (!Number.isFinite(at) || at <= Date.now()) {
    byId("save-error").textContent = "Not scheduled: choose a time in the future.";
    return;
  }
  if (!(await saver.save({ scheduledAt: at }))) return;
  await refresh();
  say(`Scheduled for ${when(at)}.`);
}

/** A datetime-local input's value for `ms`, in the writer's zone. */
function localInput(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

async function remove() {
  if (saver.id === undefined) return;
  if ((await ask(byId<HTMLDialogElement>("dialog-delete"))) !== "ok") return;
  try {
    const answer = await api.remove(saver.id, saver.etag);
    if (answer.status === 200 || answer.status === 404) {
      saver.forget();
      location.assign("/desk?deleted=1");
      return;
    }
    byId("save-error").textContent =
      answer.status === 412
        ? "Not deleted: the post was changed elsewhere since you opened it. Reload to see it."
        : `Not deleted: ${answer.message ?? answer.status}`;
  } catch {
    byId("save-error").textContent = "Not deleted: no connection.";
  }
}

/** The preview shows what the server has: what is being typed is saved first. */
async function preview(event: MouseEvent) {
  if (!saver.dirty || status === "published") return;
  event.preventDefault();
  const href = (event.currentTarget as HTMLAnchorElement).href;
  if (await saver.settle()) window.open(href, "_blank");
}

async function choose(theirs: ServerPost): Promise<Choice> {
  const words = wordCount(textOf(theirs.staticHtml));
  const saved = theirs.updatedAt === undefined ? "" : `, saved ${when(Number(theirs.updatedAt))}`;
  byId("conflict-theirs").textContent =
    `Their version: “${theirs.title}”${saved}, ${words} ${words === 1 ? "word" : "words"}.`;
  const answer = await ask(byId<HTMLDialogElement>("dialog-conflict"), true);
  return answer === "theirs" ? "theirs" : "mine";
}

function textOf(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
}

async function askLink() {
  const href = byId<HTMLInputElement>("link-href");
  href.value = (editor.getAttributes("link").href as string | undefined) ?? "";
  const answer = await ask(byId<HTMLDialogElement>("dialog-link"));
  const chain = editor.chain().focus().extendMarkRange("link");
  if (answer === "remove" || (answer === "ok" && href.value.trim() === "")) {
    chain.unsetLink().run();
  } else if (answer === "ok") {
    const url = href.value.trim();
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .run();
    } else {
      // The cursor after the link, as after typing it: the next keys do not replace it.
      chain.setLink({ href: url }).setTextSelection(editor.state.selection.to).run();
    }
  } else editor.commands.focus();
}

async function askImage() {
  const file = byId<HTMLInputElement>("image-file");
  const src = byId<HTMLInputElement>("image-src");
  const alt = byId<HTMLInputElement>("image-alt");
  file.value = "";
  src.value = "";
  alt.value = "";
  const answer = await ask(byId<HTMLDialogElement>("dialog-image"));
  const at = editor.state.selection.from;
  editor.commands.focus();
  if (answer !== "ok") return;
  const chosen = file.files?.[0];
  const url = chosen === undefined ? src.value.trim() : await upload(chosen);
  if (url === undefined || url === "") return;
  insertBlock(at, { type: "image", attrs: { src: url, alt: alt.value } });
}

/**
 * An image or embed put in at `at`, with the cursor in a paragraph after it: the writer goes
 * on typing, and the next insertion cannot replace it (it would, selected).
 */
function insertBlock(at: number, node: JSONContent) {
  editor.chain().focus().insertContentAt(at, node).run();
  if (editor.state.selection instanceof NodeSelection) editor.commands.createParagraphNear();
}

async function askEmbed() {
  const url = byId<HTMLInputElement>("embed-url");
  const title = byId<HTMLInputElement>("embed-title");
  url.value = "";
  title.value = "";
  const answer = await ask(byId<HTMLDialogElement>("dialog-embed"));
  if (answer !== "ok" || url.value.trim() === "") return void editor.commands.focus();
  let provider: string | null = null;
  try {
    provider = new URL(url.value.trim()).hostname.replace(/^www\./, "");
  } catch {
    byId("save-error").textContent = "Not embedded: that is not a web address.";
    return;
  }
  const attrs = { url: url.value.trim(), provider, title: title.value.trim() || null };
  insertBlock(editor.state.selection.from, { type: "embed", attrs });
}

/** Image files pasted or dropped into the body: uploaded, then inserted where they landed. */
function dropped(
  view: EditorView,
  files: FileList | undefined,
  at: { x: number; y: number } | undefined,
) {
  const images = [...(files ?? [])].filter((f) => f.type.startsWith("image/"));
  if (images.length === 0) return false;
  const pos =
    at === undefined ? view.state.selection.from : view.posAtCoords({ left: at.x, top: at.y })?.pos;
  void (async () => {
    let insertAt = pos ?? view.state.selection.from;
    for (const file of images) {
      const url = await upload(file);
      if (url === undefined) continue;
      editor
        .chain()
        .focus()
        .insertContentAt(insertAt, { type: "image", attrs: { src: url, alt: "" } })
        .run();
      insertAt = editor.state.selection.to;
    }
  })();
  return true;
}

/** Sends an image to the desk; its absolute address, or undefined (and the page says why). */
async function upload(file: File): Promise<string | undefined> {
  const error = byId("save-error");
  if (!IMAGE_TYPES.includes(file.type)) {
    error.textContent = `${file.name}: only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.`;
    return undefined;
  }
  if (file.size > data.maxBytes) {
    const mb = Math.floor(data.maxBytes / (1024 * 1024));
    error.textContent = `${file.name} is larger than the ${mb} MB an image may be.`;
    return undefined;
  }
  say(`Uploading ${file.name}…`);
  try {
    const answer = await api.upload(file);
    if (answer.json === undefined) {
      error.textContent = `${file.name} was not uploaded: ${answer.message ?? answer.status}`;
      return undefined;
    }
    say(`${file.name} uploaded.`);
    return `${data.siteOrigin}${answer.json.src}`;
  } catch {
    error.textContent = `${file.name} was not uploaded: no connection.`;
    return undefined;
  }
}

async function pickCover() {
  const file = fields.cover.files?.[0];
  if (file === undefined) return;
  const url = await upload(file);
  fields.cover.value = "";
  if (url === undefined) return;
  setCover(url);
  saver.changed();
}

function setCover(url: string) {
  imageUrl = url;
  coverPreview.hidden = url === "";
  if (url !== "") coverPreview.src = url;
}

/**
 * What is pasted, with the server's URL rules applied as it comes in (content/url.ts): an
 * image or embed whose address could run something is left out, a link that could is left as
 * text. The server would drop them anyway; here the writer sees at once what readers will get.
 */
function safeSlice(slice: Slice): Slice {
  const content = safeFragment(slice.content);
  if (content === slice.content) return slice;
  const open = Slice.maxOpen(content);
  return new Slice(
    content,
    Math.min(slice.openStart, open.openStart),
    Math.min(slice.openEnd, open.openEnd),
  );
}

function safeFragment(fragment: Fragment): Fragment {
  let changed = false;
  const kept: PMNode[] = [];
  fragment.forEach((node) => {
    const { name } = node.type;
    if (name === "image" && !isSafeMedia(String(node.attrs.src ?? "")))
      return void (changed = true);
    if (name === "embed" && !isSafeMedia(String(node.attrs.url ?? "")))
      return void (changed = true);
    const marks = node.marks.filter(
      (m) => m.type.name !== "link" || isSafeLink(String(m.attrs.href ?? "")),
    );
    const content = safeFragment(node.content);
    const next =
      content === node.content && marks.length === node.marks.length
        ? node
        : (node.isText ? node : node.copy(content)).mark(marks);
    changed ||= next !== node;
    kept.push(next);
  });
  return changed ? Fragment.fromArray(kept) : fragment;
}
