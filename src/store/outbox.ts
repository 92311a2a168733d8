// The transactional outbox: inside a write transaction, after its posts are
// written, the events they make are recorded with them, so the events commit or vanish with
// the change. Written once for both backends; each answers the few questions of OutboxIo on
// its own transaction. Events no endpoint wants are not stored, but the announced rows that
// decide the next event are kept either way.
import { eventBody, newId } from "./event-payload.js";
import type { NewDelivery, OutboxEvent, OutboxIo } from "./outbox-io.js";
import {
  announcedAfter,
  classify,
  type Announced,
  type Classified,
  type PostState,
} from "./post-events.js";
import type { PostInput } from "./records.js";
import { isScheduled, isVisible } from "./visibility.js";
import { endpointWants, type EndpointRecord } from "./webhook-endpoints.js";

export type * from "./outbox-io.js";

interface Decision {
  id: string;
  before: Announced | undefined;
  /** The post as the event describes it; absent: only its id and slug are told. */
  after: PostState | undefined;
  event: Classified;
  endpoints: EndpointRecord[];
}

/** One per write transaction: endpoints are read once, at its first event. */
export class Outbox {
  private endpoints: Promise<EndpointRecord[]> | undefined;
  /** Posts this transaction is about to hide, as they stood while receivers held them public. */
  private readonly lastPublic = new Map<string, PostState>();
  /** When the first post this transaction wrote as scheduled goes live. */
  private firstGoLive = Infinity;

  constructor(private readonly io: OutboxIo) {}

  /**
   * Called before posts are written. A post receivers hold as published that the write hides
   * is read as it stands, so its `post.unpublished` tells what was public: a write that drafts
   * a post and gives it a new title and body in one request must not announce text that was
   * never published. Visibility only grows with time, so a post visible now stays visible
   * when its event is decided, and only those hidden now are read.
   */
  async beforeWrite(posts: readonly PostInput[], now: number): Promise<void> {
    const hiding = [...new Set(posts.filter((p) => !isVisible(p, now)).map((p) => p.id))];
    if (hiding.length === 0) return;
    await this.io.lockPosts(hiding);
    const announced = await this.io.announced(hiding);
    const shown = hiding.filter((id) => announced.get(id)?.visible === true);
    if (shown.length === 0) return;
    for (const [id, post] of await this.io.loadPosts(shown)) this.lastPublic.set(id, post);
  }

  /** Posts an import or API write has just written, as written. */
  async written(posts: readonly PostInput[], now: number): Promise<number> {
    try {
      if (posts.length === 0) return 0;
      for (const p of posts) {
        if (isScheduled(p, now)) this.firstGoLive = Math.min(this.firstGoLive, p.publishedAt!);
      }
      const ids = [...new Set(posts.map((p) => p.publicationId))];
      // Asked together, so a backend that can answers them in one round trip.
      const [slugs, before] = await Promise.all([
        this.io.publicationSlugs(ids),
        this.io.announced([...new Set(posts.map((p) => p.id))]),
        this.liveEndpoints(),
      ]);
      const after = new Map<string, PostState | undefined>();
      for (const p of posts)
        after.set(p.id, { ...p, publicationSlug: slugs.get(p.publicationId)! });
      return await this.record(after, now, before);
    } finally {
      // Read for this batch only: a record refused by the batch leaves nothing behind.
      this.lastPublic.clear();
    }
  }

  /**
   * Whether a post this transaction wrote as scheduled is visible by `now`. Only then does
   * its commit owe a sweep: anything else gone live is announced by the sweeps of its own.
   */
  goesLiveBy(now: number): boolean {
    return this.firstGoLive <= now;
  }

  /** Posts removed by this transaction. */
  async deleted(ids: readonly string[], now: number): Promise<number> {
    return this.record(new Map(ids.map((id) => [id, undefined])), now);
  }

  /**
   * Posts gone live, read back as they now stand. The write that scheduled one is the write
   * its `post.published` reports, so the event carries that write's `sendNewsletter`.
   */
  readonly stored = (ids: readonly string[], now: number): Promise<number> =>
    this.readBack(ids, now, true);

  /** Posts re-rendered in place: only those receivers hold as published can have changed. */
  async rerendered(ids: readonly string[], now: number): Promise<number> {
    const announced = await this.io.announced(ids);
    const shown = ids.filter((id) => announced.get(id)?.visible === true);
    return this.readBack(shown, now, false);
  }

  private async readBack(ids: readonly string[], now: number, newsletter: boolean) {
    if (ids.length === 0) return 0;
    const posts = await this.io.loadPosts(ids);
    const flags = newsletter ? await this.io.newsletterFlags(ids) : undefined;
    const after = new Map<string, PostState | undefined>();
    for (const id of ids) {
      const post = posts.get(id);
      after.set(id, post && flags ? { ...post, sendNewsletter: flags.has(id) } : post);
    }
    return this.record(after, now);
  }

  /** Resolves to how many events the posts made (stored or, with no endpoint, not). */
  private async record(
    after: Map<string, PostState | undefined>,
    now: number,
    announced?: Map<string, Announced>,
  ): Promise<number> {
    const before = announced ?? (await this.io.announced([...after.keys()]));
    const saved: Announced[] = [];
    const removed: string[] = [];
    const decisions: Decision[] = [];
    let events = 0;
    for (const [id, post] of after) {
      const was = before.get(id);
      if (post === undefined && was !== undefined) removed.push(id);
      const lastPublic = this.lastPublic.get(id);
      const event = classify(was, post, now);
      if (event === undefined) continue;
      events++;
      if (post !== undefined) saved.push(announcedAfter(post, now));
      // Taken out of view, the post is described as receivers last saw it (its old slug
      // included, so previousSlug has nothing to add); unread, by its id and slug alone.
      const hidden = event.type === "post.unpublished";
      const told = hidden ? { type: event.type } : event;
      const described = hidden ? lastPublic : post;
      const publicationId = described?.publicationId ?? was!.publicationId;
      const all = await this.liveEndpoints();
      const endpoints = all.filter((e) => endpointWants(e, event.type, publicationId));
      if (endpoints.length > 0)
        decisions.push({ id, before: was, after: described, event: told, endpoints });
    }
    await this.io.saveAnnounced(saved, removed);
    if (decisions.length > 0) await this.store(decisions, now);
    return events;
  }

  private async store(decisions: readonly Decision[], now: number): Promise<void> {
    const gone = decisions.filter((d) => d.after === undefined).map((d) => d.before!);
    const slugs = await this.io.publicationSlugs([...new Set(gone.map((b) => b.publicationId))]);
    const events: OutboxEvent[] = [];
    const deliveries: NewDelivery[] = [];
    for (const d of decisions) {
      const publicationId = d.after?.publicationId ?? d.before!.publicationId;
      const publicationSlug = d.after?.publicationSlug ?? slugs.get(publicationId) ?? "";
      const { type, previousSlug } = d.event;
      const body = eventBody({
        type,
        at: now,
        post: d.after,
        before: d.before,
        publicationSlug,
        ...(previousSlug === undefined ? {} : { previousSlug }),
      });
      const event: OutboxEvent = {
        id: newId("msg"),
        type,
        postId: d.id,
        publicationId,
        createdAt: now,
        payload: body.payload,
      };
      if (body.content !== "" && d.endpoints.some((e) => e.includeContent))
        event.content = body.content;
      events.push(event);
      for (const e of d.endpoints) {
        deliveries.push({
          id: newId("dlv"),
          eventId: event.id,
          endpointId: e.id,
          postId: d.id,
          createdAt: now,
        });
      }
    }
    await this.io.insertEvents(events, deliveries);
  }

  private liveEndpoints(): Promise<EndpointRecord[]> {
    return (this.endpoints ??= this.io.liveEndpoints());
  }
}
