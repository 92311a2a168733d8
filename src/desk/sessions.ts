// Who is signed in to the desk. Invites and sessions are random secrets handed out once; the
// store keeps only their SHA-256 (256 random bits leave nothing to guess from a hash). Every
// desk request reads its session row, so a revocation holds on every node at its next request;
// reader routes never look at sessions, so this costs the read path nothing.
import { createHash, randomBytes } from "node:crypto";
import type { DeskSettings } from "../config/desk.js";
import type {
  DeskPrincipal,
  DeskSessionRecord,
  DeskSignInMethod,
  DeskStore,
  PublicationReader,
} from "../store/post-store.js";

const INVITE_PREFIX = "folio_di_";
const INVITE_SHAPE = /^folio_di_[A-Za-z0-9_-]{43}$/;
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** last_seen_at is written at most this often per session: idle expiry is to the minute. */
export const TOUCH_EVERY_MS = 60_000;

export type DeskSessionStore = DeskStore & Pick<PublicationReader, "findPublication" | "findUser">;

/** An invite cannot be made as asked (unknown publication, or the user is not its author). */
export class DeskInviteError extends Error {}

export interface Invite {
  token: string;
  url: string;
  publicationId: string;
  expiresAt: number;
}

export interface Started {
  /** The cookie's value, shown to the browser once. */
  secret: string;
  session: DeskSessionRecord;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

const random = () => randomBytes(32).toString("base64url");

export class DeskSessions {
  constructor(
    private readonly store: DeskSessionStore,
    private readonly settings: DeskSettings,
    private readonly siteUrl: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A single-use sign-in link for an author of the publication (by slug or id). */
  async invite(publication: string, userId: string): Promise<Invite> {
    const found =
      (await this.store.findPublication({ id: publication })) ??
      (await this.store.findPublication({ slug: publication }));
    if (found === undefined) throw new DeskInviteError(`no publication ${publication}`);
    const user = await this.store.findUser({ id: userId });
    if (user === undefined || user.publicationId !== found.id) {
      throw new DeskInviteError(`${userId} is not an author of ${found.slug}`);
    }
    const token = `${INVITE_PREFIX}${random()}`;
    const now = this.clock();
    const expiresAt = now + this.settings.inviteTtlMs;
    await this.store.createDeskInvite({
      ...{ hash: hashSecret(token), publicationId: found.id, userId },
      ...{ createdAt: now, expiresAt },
    });
    const url = `${this.siteUrl}/desk/signin?token=${encodeURIComponent(token)}`;
    return { token, url, publicationId: found.id, expiresAt };
  }

  /** Spends the invite and starts a session; undefined when it is unknown, used or expired. */
  async redeem(token: string): Promise<Started | undefined> {
    if (!INVITE_SHAPE.test(token)) return undefined;
    const principal = await this.store.redeemDeskInvite(hashSecret(token), this.clock());
    return principal && this.start(principal, "invite");
  }

  async start(principal: DeskPrincipal, method: DeskSignInMethod): Promise<Started> {
    const secret = random();
    const now = this.clock();
    const session: DeskSessionRecord = {
      id: `ses_${randomBytes(12).toString("base64url")}`,
      publicationId: principal.publicationId,
      userId: principal.userId,
      csrf: random(),
      method,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + this.settings.sessionMaxMs,
    };
    await this.store.createDeskSession({ ...session, hash: hashSecret(secret) });
    return { secret, session };
  }

  /** The live session a cookie's secret names: not revoked, not idle too long, not past its end. */
  async authenticate(secret: string): Promise<DeskSessionRecord | undefined> {
    if (!SECRET_SHAPE.test(secret)) return undefined;
    const session = await this.store.findDeskSession(hashSecret(secret));
    if (session === undefined) return undefined;
    const now = this.clock();
    if (now >= session.expiresAt || now >= session.lastSeenAt + this.settings.sessionIdleMs) {
      return undefined;
    }
    if (now - session.lastSeenAt >= TOUCH_EVERY_MS) {
      await this.store.touchDeskSession(session.id, now);
      session.lastSeenAt = now;
    }
    return session;
  }

  revoke(id: string): Promise<boolean> {
    return this.store.revokeDeskSession(id, this.clock());
  }

  list(): Promise<DeskSessionRecord[]> {
    return this.store.listDeskSessions();
  }
}
