// Idempotency-Key on creates: the first answer is kept 24 hours under the key;
// the same key with the same body gets it again and creates nothing, with another body it
// is a 409. The claim is a row in the write's own transaction, so two nodes racing with one
// key serialize on it: the second waits, then replays the first's answer.
import { createHash } from "node:crypto";
import { ApiError } from "../errors.js";
import type { AuthoringWrites } from "../store/post-store.js";

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Visible ASCII, as a header value can carry it; long enough for any UUID or hash. */
const KEY_RULE = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyRequest {
  key: string;
  /** Of the body as parsed, so whitespace does not make a retry "another body". */
  bodyHash: string;
}

export function idempotencyRequest(key: string | undefined, body: unknown) {
  if (key === undefined) return undefined;
  if (!KEY_RULE.test(key)) {
    throw new ApiError(
      "invalid_parameter",
      "Idempotency-Key must be 1 to 255 visible ASCII characters",
    );
  }
  const bodyHash = createHash("sha256")
    .update(JSON.stringify(body ?? null))
    .digest("hex");
  return { key, bodyHash };
}

/** Undefined when this request holds the key now; else the first answer, replayed. */
export async function claimKey(
  tx: AuthoringWrites,
  publicationId: string,
  r: IdempotencyRequest,
  now: number,
) {
  const claim = { publicationId, key: r.key, requestHash: r.bodyHash, now };
  const stored = await tx.claimIdempotencyKey({
    ...claim,
    expiredBefore: now - IDEMPOTENCY_TTL_MS,
  });
  if (stored === undefined) return undefined;
  if (stored.requestHash !== r.bodyHash) {
    throw new ApiError("conflict", "Idempotency-Key was already used with another body");
  }
  return JSON.parse(stored.answer) as unknown;
}

export async function saveAnswer(
  tx: AuthoringWrites,
  publicationId: string,
  r: IdempotencyRequest,
  answer: unknown,
) {
  await tx.saveIdempotentAnswer(publicationId, r.key, JSON.stringify(answer));
}
