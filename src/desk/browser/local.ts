// Edits not yet saved, kept in the browser (localStorage) from the moment they are made until
// the server has them: through a lost connection, a closed tab or a crash. One entry per post
// and tab, so two tabs on one post never overwrite each other's; a tab that still has unsaved
// work touches its entry every few seconds, so another tab knows an entry left untouched is
// an earlier visit's, to be taken up. A tab that goes away (closed, navigated) says so in its
// entry: the next visit need not wait for it to look abandoned, which a visit soon after, or a
// machine too slow to close the tab at once, would otherwise not see in time.
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
  /** Written as the tab went away: nobody's, whatever `touched` says. */
  left?: boolean;
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
  write(body: PostBody, base: string | undefined, left = false): boolean {
    const kept: Kept = { tab: this.tab, touched: Date.now(), base, body, ...(left && { left }) };
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

  /** Whether `key` (of a `storage` event) is an entry of this post. */
  isOfPost(key: string | null): boolean {
    return key !== null && key.startsWith(`${PREFIX}${this.post}:`);
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
   * Unsaved edits of this post this tab may take up: its own (a reload), a tab's that went
   * away, or one abandoned (a crash leaves no word), the newest first. Taking one up removes
   * it; the caller keeps it again as its own.
   */
  takeUp(): Kept | undefined {
    const store = storage();
    if (store === undefined) return undefined;
    const found = this.entries(store).filter(({ kept }) => this.mayTake(kept, Date.now()));
    found.sort((a, b) => b.kept.touched - a.kept.touched);
    const newest = found[0];
    // Older abandoned entries of the same post are merged into nothing: keep them, a later
    // visit takes them up one by one.
    if (newest !== undefined) store.removeItem(newest.key);
    return newest?.kept;
  }

  /**
   * How long until another tab's entry, touched lately, counts as abandoned (ms); undefined
   * when there is none. That tab may still be open, or may have died without a word.
   */
  untilAbandoned(): number | undefined {
    const store = storage();
    if (store === undefined) return undefined;
    const now = Date.now();
    const waits = this.entries(store)
      .filter(({ kept }) => !this.mayTake(kept, now))
      .map(({ kept }) => kept.touched + ABANDONED_MS - now);
    return waits.length === 0 ? undefined : Math.max(0, Math.min(...waits));
  }

  private mayTake(kept: Kept, now: number): boolean {
    return kept.tab === this.tab || kept.left === true || now - kept.touched > ABANDONED_MS;
  }

  private entries(store: Storage): { key: string; kept: Kept }[] {
    const found: { key: string; kept: Kept }[] = [];
    const broken: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key === null || !this.isOfPost(key)) continue;
      try {
        found.push({ key, kept: JSON.parse(store.getItem(key) ?? "") as Kept });
      } catch {
        broken.push(key);
      }
    }
    // Removed after the loop: removing shifts the indexes it walks.
    for (const key of broken) store.removeItem(key);
    return found;
  }
}
