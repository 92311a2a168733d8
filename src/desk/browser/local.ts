// Edits not yet saved, kept in the browser (localStorage) from the moment they are made until
// the server has them: through a lost connection, a closed tab or a crash. One entry per post
// and tab, so two tabs on one post never overwrite each other's; a tab that still has unsaved
// work touches its entry every few seconds, so another tab knows an entry left untouched is
// an earlier visit's, to be taken up.
import { ABANDONED_MS } from "../editor-data.js";
import type { PostBody } from "./api.js";

export { ABANDONED_MS, HEARTBEAT_MS } from "../editor-data.js";

const PREFIX = "folio-desk:";

export interface Kept {
  tab: string;
  /** When the tab last wrote it (ms). */
  touched: number;
  /** The server version the edits were made on: its ETag, none for a post not created. */
  base: string | undefined;
  body: PostBody;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** This tab's name: kept across reloads of the tab (sessionStorage), new in a new tab. */
export function tabId(): string {
  const random = () => Math.random().toString(36).slice(2, 10);
  try {
    const known = sessionStorage.getItem(`${PREFIX}tab`);
    if (known !== null) return known;
    const made = random();
    sessionStorage.setItem(`${PREFIX}tab`, made);
    return made;
  } catch {
    return random();
  }
}

export class LocalCopy {
  constructor(
    private post: string,
    private readonly tab: string,
  ) {}

  private key(post = this.post, tab = this.tab) {
    return `${PREFIX}${post}:${tab}`;
  }

  /** Keeps `body`; false when the browser refuses (storage full or off). */
  write(body: PostBody, base: string | undefined): boolean {
    const kept: Kept = { tab: this.tab, touched: Date.now(), base, body };
    try {
      storage()?.setItem(this.key(), JSON.stringify(kept));
      return storage() !== undefined;
    } catch {
      return false;
    }
  }

  clear() {
    storage()?.removeItem(this.key());
  }

  /** The post got its id: what was kept under "new" follows it. */
  rename(post: string) {
    const before = this.key();
    const kept = storage()?.getItem(before);
    this.post = post;
    if (kept === null || kept === undefined) return;
    storage()?.setItem(this.key(), kept);
    storage()?.removeItem(before);
  }

  /**
   * Unsaved edits of this post this tab may take up: its own (a reload) or an abandoned tab's,
   * the newest first. Taking one up removes it; the caller keeps it again as its own.
   */
  takeUp(): Kept | undefined {
    const store = storage();
    if (store === undefined) return undefined;
    const now = Date.now();
    const found: { key: string; kept: Kept }[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key === null || !key.startsWith(`${PREFIX}${this.post}:`)) continue;
      try {
        const kept = JSON.parse(store.getItem(key) ?? "") as Kept;
        if (kept.tab === this.tab || now - kept.touched > ABANDONED_MS) found.push({ key, kept });
      } catch {
        store.removeItem(key);
      }
    }
    found.sort((a, b) => b.kept.touched - a.kept.touched);
    const newest = found[0];
    // Older abandoned entries of the same post are merged into nothing: keep them, a later
    // visit takes them up one by one.
    if (newest !== undefined) store.removeItem(newest.key);
    return newest?.kept;
  }
}
