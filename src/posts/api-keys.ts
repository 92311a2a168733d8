// API keys: made here, stored only as a hash, checked on every authoring request
// through a short-lived in-memory cache. A key is 256 random bits, so one SHA-256 is enough
// to make the stored hash useless to whoever reads the table: there is nothing to guess.
import { createHash, randomBytes } from "node:crypto";
import type { ApiKeyRecord, ApiKeyStore } from "../store/post-store.js";

/** Recognizable by people and by secret scanners. */
const KEY_PREFIX = "folio_sk_";
const KEY_SHAPE = /^folio_sk_[A-Za-z0-9_-]{43}$/;
/** How much of a key a listing shows: the prefix and four characters. */
const HINT_LENGTH = KEY_PREFIX.length + 4;

interface NewApiKey {
  /** Shown once, never stored. */
  secret: string;
  record: ApiKeyRecord;
}

export function newApiKey(publicationId: string, name: string | undefined, now: number): NewApiKey {
  const secret = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const record: ApiKeyRecord = {
    id: `key_${randomBytes(9).toString("base64url")}`,
    publicationId,
    hash: hashKey(secret),
    hint: secret.slice(0, HINT_LENGTH),
    createdAt: now,
  };
  if (name !== undefined) record.name = name;
  return { secret, record };
}

export function hashKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

interface VerifierOptions {
  clock?: () => number;
  /**
   * How long a lookup's answer is believed. A revocation, made on any node or by the CLI,
   * is seen within this (plus one lookup) on every node, with no notice to deliver.
   */
  ttlMs?: number;
  maxEntries?: number;
}

interface Cached {
  key: ApiKeyRecord | undefined;
  until: number;
}

/** Checks presented keys: a store lookup at most once per TTL per key, per node. */
export class KeyVerifier {
  private readonly cache = new Map<string, Cached>();
  private readonly pending = new Map<string, Promise<ApiKeyRecord | undefined>>();
  private readonly clock: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly store: Pick<ApiKeyStore, "findApiKey">,
    options: VerifierOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.ttlMs = options.ttlMs ?? 500;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** The live key, or undefined for anything else; malformed keys never reach the store. */
  async verify(secret: string): Promise<ApiKeyRecord | undefined> {
    if (!KEY_SHAPE.test(secret)) return undefined;
    const hash = hashKey(secret);
    const cached = this.cache.get(hash);
    if (cached !== undefined && cached.until > this.clock()) return cached.key;
    let lookup = this.pending.get(hash);
    if (lookup === undefined) {
      lookup = this.lookUp(hash).finally(() => this.pending.delete(hash));
      this.pending.set(hash, lookup);
    }
    return lookup;
  }

  private async lookUp(hash: string): Promise<ApiKeyRecord | undefined> {
    const key = await this.store.findApiKey(hash);
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(hash, { key, until: this.clock() + this.ttlMs });
    return key;
  }
}
