// API keys as the store keeps them: a hash of the secret, never the secret.
// Each key belongs to one publication; a revoked key stays listed with its revocation time.

export interface ApiKeyRecord {
  id: string;
  publicationId: string;
  name?: string;
  /** SHA-256 of the whole key, hex. */
  hash: string;
  /** The key's first characters, so a person can tell keys apart; never enough to use. */
  hint: string;
  createdAt: number;
  revokedAt?: number;
}

/** Managing and checking API keys. */
export interface ApiKeyStore {
  /** Stores a new key; rejects with UnknownPublicationError when the publication is missing. */
  createApiKey(key: ApiKeyRecord): Promise<void>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked at `at`; false when no such key exists (or it was already revoked). */
  revokeApiKey(id: string, at: number): Promise<boolean>;
  /** The live (unrevoked) key with this hash, if any. */
  findApiKey(hash: string): Promise<ApiKeyRecord | undefined>;
}

// One error for both roles (keys and endpoints name a publication that must exist).
export { UnknownPublicationError } from "./records.js";
