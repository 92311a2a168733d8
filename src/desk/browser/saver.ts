// Never lose a word. Every edit is kept in the browser at once (local.ts) and sent to the
// server after a pause in typing (drafts and scheduled posts; a live post's edits wait for
// "Save changes", so readers never see half a sentence), always with the ETag it was made on
// as If-Match. A 412 means someone saved first: the writer chooses whose text stays on the
// post, and the other is saved as a new draft, so both texts are kept. Without a connection
// the edits wait in the browser and are sent when `online` fires (or a retry finds it back).
import { Unreachable, type Answer, type DeskApi, type PostBody, type ServerPost } from "./api.js";
import { HEARTBEAT_MS, type Kept, type LocalCopy } from "./local.js";

/** The pause in typing after which a draft is saved. */
export const DEBOUNCE_MS = 1200;
const RETRY_MS = 10_000;

export type Choice = "mine" | "theirs";

/** What the saver needs of the page. */
export interface SaverUi {
  /** The post as the page shows it now. */
  snapshot(): PostBody;
  /** Puts a body into the page (kept edits taken up, or the other version chosen). */
  show(body: PostBody): void;
  status(text: string, link?: { href: string; text: string }): void;
  error(text: string): void;
  /** Asks whose text stays on the post; `theirs` describes the other version. */
  choose(theirs: ServerPost): Promise<Choice>;
  /** The post exists now (it was created): its address changed. */
  created(id: string): void;
  /** Whether the server has everything the page shows ("saved") or not yet ("unsaved"). */
  state(state: "saved" | "unsaved"): void;
  /** Whether edits go to the server while typing (not for a live post). */
  autosaves(): boolean;
  /** A new title is being typed: a new post waits until it is written. */
  typingTitle(): boolean;
}

export class Saver {
  private version = 0;
  private savedVersion = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<boolean> | undefined;
  /** A create whose answer was lost: resent as it was, so it cannot make two posts. */
  private pendingCreate: { key: string; body: PostBody } | undefined;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  /** The page is going away for good: what it keeps now is nobody's. */
  private left = false;
  /** Another tab's copy, looked at again once it may count as abandoned. */
  private watcher: ReturnType<typeof setTimeout> | undefined;
  private takingUp = false;

  constructor(
    private readonly api: DeskApi,
    private readonly local: LocalCopy,
    private readonly ui: SaverUi,
    public id: string | undefined,
    public etag: string | undefined,
  ) {
    window.addEventListener("online", () => {
      if (this.dirty) void this.save();
    });
    window.addEventListener("offline", () => {
      if (this.dirty) this.ui.status(OFFLINE);
    });
    window.addEventListener("beforeunload", (event) => {
      if (!this.dirty && this.running === undefined) return;
      this.keep();
      event.preventDefault();
      // Older browsers ask only when this is set.
      event.returnValue = "";
    });
    // Fired once the page really goes (its prompt accepted), unlike beforeunload. Without this
    // word a visit takes the copy up only once it has gone untouched for ABANDONED_MS by the
    // clock: a visit sooner would show the server's text and none of the writer's.
    window.addEventListener("pagehide", (event) => {
      if (event.persisted) return;
      this.left = true;
      clearInterval(this.heartbeat);
      clearTimeout(this.watcher);
      if (this.dirty || this.running !== undefined) this.keep();
    });
    // Another tab of this post wrote its copy: it may have gone away, leaving it to this one.
    window.addEventListener("storage", (event) => {
      if (this.local.isOfPost(event.key)) void this.takeUpLeft();
    });
    this.heartbeat = setInterval(() => {
      if (this.dirty) this.keep();
    }, HEARTBEAT_MS);
  }

  get dirty(): boolean {
    return this.version !== this.savedVersion;
  }

  /**
   * At start: edits this browser kept and never saved (a reload, a closed tab, a crash) come
   * back; made on another version than the server's now, they are a conflict like a 412.
   */
  async takeUp(kept: Kept | undefined) {
    if (kept === undefined || sameBody(kept.body, this.ui.snapshot())) return this.watch();
    if (kept.base !== this.etag && this.id !== undefined) {
      const theirs = await this.api.post(this.id);
      if (theirs.json !== undefined) return this.conflict(kept.body, theirs.json, true);
    }
    this.ui.show(kept.body);
    this.version++;
    this.mark();
    this.keep();
    this.ui.status("Your unsaved changes from an earlier visit are back.");
    this.schedule();
  }

  /**
   * A copy another tab left, or one that came to count as abandoned while this page was open
   * (its tab crashed): taken up as at start, while this page has no edits of its own to mix
   * it with; else it waits for a later visit.
   */
  private async takeUpLeft() {
    clearTimeout(this.watcher);
    if (this.left || this.takingUp) return;
    if (this.dirty || this.running !== undefined) return;
    this.takingUp = true;
    try {
      await this.takeUp(this.local.takeUp());
    } finally {
      this.takingUp = false;
    }
  }

  private watch() {
    clearTimeout(this.watcher);
    const wait = this.local.untilAbandoned();
    if (wait === undefined || this.left) return;
    // A little past the mark: a timer may fire a millisecond early by the page's clock.
    this.watcher = setTimeout(() => void this.takeUpLeft(), wait + 50);
  }

  /** Every edit: kept at once, saved after a pause. */
  changed() {
    this.version++;
    this.keep();
    this.ui.error("");
    this.schedule();
    this.mark();
  }

  /** Saves now (with `extra`: a publish, a schedule); true when the server has it all. */
  async save(extra: PostBody = {}): Promise<boolean> {
    clearTimeout(this.timer);
    while (this.running !== undefined) await this.running;
    const run = this.send(extra);
    this.running = run;
    this.mark();
    try {
      return await run;
    } finally {
      this.running = undefined;
      this.mark();
    }
  }

  /** Waits for what is being sent; saves what is not (a draft's) — before a preview. */
  async settle(): Promise<boolean> {
    while (this.running !== undefined) await this.running;
    return this.dirty ? this.save() : true;
  }

  /** The post is gone (deleted here): nothing of it is kept any more. */
  forget() {
    this.savedVersion = this.version;
    this.local.clear();
    this.mark();
  }

  private mark() {
    this.ui.state(this.dirty || this.running !== undefined ? "unsaved" : "saved");
  }

  private keep() {
    if (!this.local.write(this.ui.snapshot(), this.etag, this.left) && this.dirty) {
      this.ui.error("This browser does not keep your unsaved text: save before leaving.");
    }
  }

  private schedule() {
    clearTimeout(this.timer);
    if (!this.ui.autosaves()) {
      this.ui.status("Unsaved changes, kept in this browser: press Save changes to publish them.");
      return;
    }
    this.timer = setTimeout(() => {
      if (this.id === undefined && this.ui.typingTitle()) return;
      void this.save();
    }, DEBOUNCE_MS);
  }

  private async send(extra: PostBody): Promise<boolean> {
    if (!navigator.onLine) {
      if (this.dirty) this.ui.status(OFFLINE);
      return false;
    }
    const version = this.version;
    const body = { ...this.ui.snapshot(), ...extra };
    if (this.id === undefined && (body.title ?? "") === "") {
      this.ui.status("Not saved yet: give the post a title. Your text is kept in this browser.");
      return false;
    }
    let answer: Answer;
    try {
      answer = this.id === undefined ? await this.create(body) : await this.update(body);
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      this.ui.status(OFFLINE);
      this.retry(RETRY_MS);
      return false;
    }
    if (answer.status === 200 || answer.status === 201) {
      if (answer.etag !== undefined) this.etag = answer.etag;
      if (this.version === version) {
        this.savedVersion = version;
        this.local.clear();
      } else {
        this.keep();
        this.schedule();
      }
      this.ui.status(`Saved at ${clock(new Date())}.`);
      return true;
    }
    return this.refused(answer, body);
  }

  private async create(body: PostBody): Promise<Answer> {
    const create = this.pendingCreate ?? {
      key: `desk-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      body: { status: "draft" as const, ...body },
    };
    this.pendingCreate = create;
    const answer = await this.api.create(create.body, create.key);
    this.pendingCreate = undefined;
    const made = answer.json as { id?: string } | undefined;
    if ((answer.status === 201 || answer.status === 200) && made?.id !== undefined) {
      this.id = made.id;
      this.local.rename(made.id);
      this.ui.created(made.id);
      // The create carried an older body than the page may have now: send the rest.
      if (create.body !== body && !sameBody(create.body, body)) this.version++;
    }
    return answer;
  }

  private update(body: PostBody): Promise<Answer> {
    return this.api.update(this.id!, body, this.etag);
  }

  private async refused(answer: Answer, mine: PostBody): Promise<boolean> {
    switch (answer.status) {
      case 412: {
        const theirs = await this.api.post(this.id!);
        if (theirs.json === undefined) return this.gone(mine);
        await this.conflict(mine, theirs.json, false);
        return false;
      }
      case 404:
        return this.gone(mine);
      case 401:
        this.ui.error(
          "Your desk session has ended: sign in again (your text is kept in this browser).",
        );
        return false;
      case 429:
      case 503:
        this.ui.status("The server is busy: saving again shortly.");
        this.retry((answer.retryAfter ?? 10) * 1000);
        return false;
      default:
        if (answer.status >= 500) {
          this.ui.status("Not saved (the server failed): trying again shortly.");
          this.retry(RETRY_MS);
        } else {
          this.ui.error(`Not saved: ${answer.message ?? `error ${answer.status}`}`);
        }
        return false;
    }
  }

  /** The post was deleted elsewhere: the text becomes a new draft. */
  private async gone(mine: PostBody): Promise<boolean> {
    const copy = await this.copy(mine, "(recovered)");
    // Not saved anywhere: the text stays in the browser, and the page says why.
    if (copy === undefined) return false;
    this.id = copy.id;
    this.etag = copy.etag;
    this.local.rename(copy.id);
    this.ui.created(copy.id);
    if (sameBody(mine, this.ui.snapshot())) {
      this.savedVersion = this.version;
      this.local.clear();
    } else this.schedule();
    this.ui.error("This post was deleted elsewhere: your text is a new draft, open here.");
    this.ui.status("Saved as a new draft.");
    return true;
  }

  /**
   * Two versions: `mine` (this page's) and `theirs` (the server's). The writer picks the one
   * that stays; the other is saved as a new draft before anything is overwritten.
   */
  private async conflict(mine: PostBody, theirs: ServerPost, shown: boolean) {
    const choice = await this.ui.choose(theirs);
    if (choice === "mine") {
      const copy = (await this.copy(bodyOf(theirs), "(their version)"))?.id;
      if (copy === undefined) return;
      this.etag = theirs.etag;
      if (shown) this.ui.show(mine);
      this.version++;
      this.keep();
      const saved = await this.send({});
      if (saved) {
        this.ui.status("Your version is saved; theirs is a new draft:", {
          ...{ href: `/desk/posts/${copy}`, text: "open their version" },
        });
      }
      return;
    }
    const copy = (await this.copy(mine, "(my version)"))?.id;
    if (copy === undefined) return;
    this.ui.show(bodyOf(theirs));
    this.etag = theirs.etag;
    this.savedVersion = ++this.version;
    this.local.clear();
    this.mark();
    this.ui.status("Showing their version; yours is a new draft:", {
      ...{ href: `/desk/posts/${copy}`, text: "open your version" },
    });
  }

  /** Saves `body` as a new draft; its id, or undefined (and the page says why). */
  private async copy(
    body: PostBody,
    suffix: string,
  ): Promise<{ id: string; etag: string | undefined } | undefined> {
    const title = `${[...(body.title || "Untitled")].slice(0, 200 - suffix.length - 1).join("")} ${suffix}`;
    const copy: PostBody = { ...body, title, status: "draft" };
    delete copy.slug;
    delete copy.scheduledAt;
    try {
      const key = `desk-copy-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const answer = await this.api.create(copy, key);
      const id = (answer.json as { id?: string } | undefined)?.id;
      if (id !== undefined) return { id, etag: answer.etag };
      this.ui.error(`The other version could not be saved: ${answer.message ?? answer.status}`);
    } catch {
      this.ui.error("The other version could not be saved: no connection. Nothing was changed.");
    }
    return undefined;
  }

  private retry(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.dirty) void this.save();
    }, ms);
  }
}

const OFFLINE =
  "Offline: your changes are kept in this browser and saved when the connection returns.";

/** A post's fields as a write sends them. */
export function bodyOf(post: ServerPost): PostBody {
  return {
    ...{ title: post.title, subtitle: post.subtitle ?? "", slug: post.slug },
    categories: post.categories.join(", "),
    ...(post.imageUrl !== undefined && { imageUrl: post.imageUrl }),
    json: JSON.parse(
      post.json === "" ? '{"type":"doc","content":[{"type":"paragraph"}]}' : post.json,
    ),
  };
}

function sameBody(a: PostBody, b: PostBody): boolean {
  const keys = ["title", "subtitle", "slug", "categories", "imageUrl", "json"] as const;
  return keys.every((k) => JSON.stringify(a[k] ?? "") === JSON.stringify(b[k] ?? ""));
}

function clock(date: Date): string {
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}
