// Signing as the Standard Webhooks specification defines it: "the signature is computed over
// `${msg_id}.${timestamp}.${payload}` with HMAC-SHA256", keyed with the base64-decoded part of
// a `whsec_` secret, sent base64-encoded and prefixed with its version: `v1,<signature>`.
import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";

/** A fresh secret: 32 random bytes, `whsec_` + base64 (the form receivers' libraries take). */
export function newSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

/** The `webhook-signature` header value for one attempt. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), "base64");
  const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The three headers of an attempt made at `now` (ms); the timestamp is in whole seconds. */
export function webhookHeaders(secret: string, id: string, now: number, body: string) {
  const timestamp = Math.floor(now / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": sign(secret, id, timestamp, body),
  };
}
