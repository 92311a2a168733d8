// Scheduled posts go live with no write, so no transaction makes their `post.published`.
// A sweep does: it finds posts visible now that receivers were not told of and
// records the event, once, whichever node sweeps and however often.

export interface GoLiveEvents {
  /**
   * Records `post.published` for every post gone live by `now` and not yet announced.
   * Resolves to how many it recorded.
   */
  announceGoLives(now: number): Promise<number>;
}

/**
 * The sweep looks this far behind the last instant it covered: a write that committed just
 * after a sweep looked (or on a node whose clock runs a little behind) is still seen.
 */
const SWEEP_MARGIN_MS = 5 * 60_000;

export interface GoLiveCandidate {
  id: string;
  publishedAt: number;
}

/** What a backend answers, inside one open transaction, for a sweep. */
export interface SweepIo {
  sweptUntil(): Promise<number>;
  /** Posts visible at `now`, published after `from`, that receivers hold as not published. */
  candidates(from: number, now: number): Promise<GoLiveCandidate[]>;
  /**
   * Those of `ids` this transaction now holds. A post another transaction is writing is
   * left to it (PostgreSQL, SKIP LOCKED); SQLite has one writer, so it holds them all.
   */
  lock(ids: readonly string[]): Promise<Set<string>>;
  /** Moves the mark forward (never back). */
  advance(to: number): Promise<void>;
}

/** What records the events of posts as they now stand (the transaction's outbox). */
type RecordStored = (ids: readonly string[], now: number) => Promise<number>;

/**
 * Sweeps posts published after `from` (default: the mark, less the margin). The mark stops
 * short of any post left to another transaction, so the next sweep looks at it again.
 */
export async function sweepGoLives(
  io: SweepIo,
  record: RecordStored,
  now: number,
  from?: number,
): Promise<number> {
  const since = from ?? (await io.sweptUntil()) - SWEEP_MARGIN_MS;
  const candidates = await io.candidates(since, now);
  const held =
    candidates.length === 0 ? new Set<string>() : await io.lock(candidates.map((c) => c.id));
  const recorded = await record([...held], now);
  if (from !== undefined) return recorded;
  const skipped = candidates.filter((c) => !held.has(c.id)).map((c) => c.publishedAt - 1);
  await io.advance(Math.min(now, ...skipped));
  return recorded;
}
