// List cursors: opaque to clients, and tamper-evident. A cursor is the position of the last
// post of a page, with an HMAC over it and over the list it belongs to, under a key kept in
// the store (the same on every node). A cursor edited, forged, truncated, or carried to
// another list fails its check: the API answers 400 naming `cursor`.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ListPosition } from "../store/post-store.js";

export class CursorError extends Error {}

/** 16 bytes of HMAC-SHA256: forging one is a 2^128 guess. */
const MAC_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const VERSION = "c1";

export class CursorCodec {
  private key: Promise<string> | undefined;

  /** `loadKey` is asked once, and again only after it failed (the store was down). */
  constructor(private readonly loadKey: () => Promise<string>) {}

  /** The cursor that resumes `scope` after `position`. */
  async seal(scope: string, position: ListPosition): Promise<string> {
    const payload = Buffer.from(JSON.stringify([position.publishedAt, position.id])).toString(
      "base64url",
    );
    return `${payload}.${(await this.mac(scope, payload)).toString("base64url")}`;
  }

  /** The position a cursor of `scope` names; CursorError when it is not one we made. */
  async open(scope: string, cursor: string): Promise<ListPosition> {
    const [payload = "", mac = "", ...rest] = cursor.split(".");
    if (rest.length > 0 || !BASE64URL.test(payload) || !BASE64URL.test(mac)) throw invalid();
    // Compared as text: two base64url spellings may decode to the same bytes, and a cursor
    // edited anywhere, even in bits the decoder ignores, is refused.
    const given = Buffer.from(mac);
    const expected = Buffer.from((await this.mac(scope, payload)).toString("base64url"));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    return position(payload);
  }

  private async mac(scope: string, payload: string): Promise<Buffer> {
    const key = await this.currentKey();
    const hmac = createHmac("sha256", key).update(`${VERSION}\0${scope}\0${payload}`);
    return hmac.digest().subarray(0, MAC_BYTES);
  }

  private currentKey(): Promise<string> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }
}

/** A payload that passed the MAC was made by seal(); its shape is checked all the same. */
function position(payload: string): ListPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [publishedAt, id] = value as unknown[];
  if (!Number.isSafeInteger(publishedAt) || typeof id !== "string") throw invalid();
  return { publishedAt: publishedAt as number, id };
}

const invalid = () =>
  new CursorError(
    "cursor is not a cursor this list gave out (edited, truncated or another list's)",
  );
