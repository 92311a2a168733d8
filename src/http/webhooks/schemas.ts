// The wire of /v1/webhooks: request and response schemas, which also become the
// OpenAPI document. Times are millisecond strings, as everywhere in this API.
import { Type } from "../../posts/typebox.js";
import { KEY_MAX_LENGTH } from "../../posts/fields.js";
import { EVENT_TYPES } from "../../store/post-events.js";

const ms = (description: string) =>
  Type.String({
    pattern: "^[0-9]+$",
    description: `${description}; milliseconds since the Unix epoch`,
  });
const EventName = Type.Union(EVENT_TYPES.map((name) => Type.Literal(name)));

export const EndpointSchema = Type.Object({
  id: Type.String(),
  url: Type.String({ description: "Where events are POSTed" }),
  events: Type.Optional(Type.Array(EventName, { description: "Absent: every event" })),
  includeContent: Type.Boolean({ description: "Deliveries carry markdown, json and staticHtml" }),
  createdAt: ms("When it was added"),
  disabledAt: Type.Optional(ms("When a 410 Gone disabled it")),
  disabledReason: Type.Optional(Type.String()),
});

export const CreatedEndpointSchema = Type.Object({
  ...EndpointSchema.properties,
  secret: Type.String({
    description: "The signing secret (`whsec_…`), shown this once: keep it to verify deliveries",
  }),
});

export const NewEndpointBody = Type.Object(
  {
    url: Type.String({ maxLength: 2048, description: "An absolute http(s) URL" }),
    events: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 4 })),
    includeContent: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const DeliverySchema = Type.Object({
  id: Type.String(),
  eventId: Type.String({ description: "The `webhook-id` every attempt carries" }),
  eventType: EventName,
  postId: Type.String(),
  endpointId: Type.String(),
  state: Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")]),
  attempts: Type.Integer(),
  createdAt: ms("When the event was recorded"),
  lastAttemptAt: Type.Optional(ms("The last attempt")),
  nextAttemptAt: Type.Optional(ms("The next attempt, while pending")),
  lastStatus: Type.Optional(Type.Integer({ description: "The receiver's last status code" })),
  lastError: Type.Optional(
    Type.String({
      description:
        "Why the last attempt failed: the receiver's status and the start of its answer, a timeout, or one fixed phrase for every target refused as non-public or whose name does not resolve",
    }),
  ),
  deliveredAt: Type.Optional(ms("When a receiver took it")),
});

export const DeliveriesQuery = Type.Object({
  failed: Type.Optional(
    Type.String({ pattern: "^(true|false|1|0)$", description: "true: only failed deliveries" }),
  ),
  limit: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,3}$",
      description: "At most this many, newest first (default 50, at most 500)",
    }),
  ),
});

export const EndpointParams = Type.Object({
  endpointId: Type.String({ maxLength: KEY_MAX_LENGTH }),
});
export const DeliveryParams = Type.Object({
  deliveryId: Type.String({ maxLength: KEY_MAX_LENGTH }),
});

/** Field by field, what a refused request must say. */
export const FIELD_RULES: Record<string, string> = {
  url: "url: must be an absolute http(s) URL of at most 2048 characters",
  events: `events: must be a list of 1 to 4 of ${EVENT_TYPES.join(", ")}`,
  includeContent: "includeContent: must be true or false",
  failed: "failed: must be true or false",
  limit: "limit: must be a whole number from 1 to 500",
};
