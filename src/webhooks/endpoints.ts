// Managing endpoints, for the CLI and the HTTP API alike: a URL checked before it is stored,
// a secret made here and shown once, event lists read one way.
import { EVENT_TYPES, type EventType } from "../store/post-events.js";
import { newId } from "../store/event-payload.js";
import type { EndpointRecord, WebhookEndpointStore } from "../store/post-store.js";
import { literalRefusal } from "./address-guard.js";
import { newSecret } from "./signature.js";

export interface EndpointInput {
  url: string;
  publicationId?: string;
  events?: readonly string[];
  includeContent?: boolean;
}

interface CreatedEndpoint {
  endpoint: EndpointRecord;
  /** Shown once; only the store keeps it after this. */
  secret: string;
}

/** A value a person gave is not one an endpoint can have: `field` says which. */
export class EndpointInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_URL_LENGTH = 2048;

/** An absolute http(s) URL, no credentials in it, not a non-public address literal. */
export function checkUrl(text: string, allowPrivate: boolean): string {
  const bad = (why: string) => new EndpointInputError("url", why);
  if (text.length > MAX_URL_LENGTH) throw bad(`must be at most ${MAX_URL_LENGTH} characters`);
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw bad("must be an absolute http(s) URL");
  }
  if (url.username !== "" || url.password !== "") throw bad("must not carry credentials");
  const refusal = allowPrivate ? undefined : literalRefusal(url.hostname);
  if (refusal !== undefined)
    throw bad(`refused: ${refusal} (WEBHOOK_ALLOW_PRIVATE=true allows it)`);
  return url.href;
}

/** `post.published,post.updated` (a list or a comma-separated text); duplicates dropped. */
function parseEvents(list: readonly string[] | string): EventType[] {
  const names = (typeof list === "string" ? list.split(",") : list).map((n) => n.trim());
  const unknown = names.find((n) => !(EVENT_TYPES as readonly string[]).includes(n));
  if (unknown !== undefined || names.length === 0) {
    const what = unknown === undefined || unknown === "" ? "an empty name" : `'${unknown}'`;
    throw new EndpointInputError("events", `has ${what}; events are ${EVENT_TYPES.join(", ")}`);
  }
  return [...new Set(names)] as EventType[];
}

export async function addEndpoint(
  store: Pick<WebhookEndpointStore, "createEndpoint">,
  input: EndpointInput,
  options: { allowPrivate: boolean; now: number },
): Promise<CreatedEndpoint> {
  const endpoint: EndpointRecord = {
    id: newId("whk"),
    url: checkUrl(input.url, options.allowPrivate),
    includeContent: input.includeContent === true,
    createdAt: options.now,
  };
  if (input.publicationId !== undefined) endpoint.publicationId = input.publicationId;
  if (input.events !== undefined) endpoint.events = parseEvents(input.events);
  const secret = newSecret();
  await store.createEndpoint({ ...endpoint, secret });
  return { endpoint, secret };
}
