// Route schemas of /v1/webhooks for validation, serialization and the OpenAPI document.
import { Type } from "../../posts/typebox.js";
import {
  CreatedEndpointSchema,
  DeliveriesQuery,
  DeliveryParams,
  DeliverySchema,
  EndpointParams,
  EndpointSchema,
  NewEndpointBody,
} from "./schemas.js";
import { API_KEY_SCHEME } from "../wire/docs.js";

const error = (description: string) => ({ $ref: "Error#", description });
const common = {
  tags: ["webhooks"],
  security: [{ [API_KEY_SCHEME]: [] }],
  response: {
    400: error("invalid_parameter: `msg` names the field and the rule"),
    401: error("unauthorized: no API key, or not a live one (`WWW-Authenticate: Bearer`)"),
    503: error("unavailable: the store cannot answer now"),
  },
};
const withResponses = <T extends object>(responses: T) => ({
  ...common.response,
  ...responses,
});

export const list = {
  ...common,
  summary: "List the publication's webhook endpoints (secrets are never shown again)",
  operationId: "listWebhooks",
  response: withResponses({ 200: Type.Object({ endpoints: Type.Array(EndpointSchema) }) }),
};

export const create = {
  ...common,
  summary: "Add a webhook endpoint for the publication; the answer holds its secret, once",
  description: `Events: post.published, post.updated, post.unpublished, post.deleted (default:
all). Deliveries follow the Standard Webhooks specification (docs/webhooks.md). The URL must
reach a public address.`,
  operationId: "createWebhook",
  body: NewEndpointBody,
  response: withResponses({ 201: CreatedEndpointSchema }),
};

export const remove = {
  ...common,
  summary: "Remove a webhook endpoint and its deliveries",
  operationId: "deleteWebhook",
  params: EndpointParams,
  response: withResponses({
    204: { type: "null", description: "Removed" },
    404: error("not_found: no such endpoint of this publication"),
  }),
};

export const deliveries = {
  ...common,
  summary: "List the deliveries of the publication's endpoints, newest first",
  operationId: "listWebhookDeliveries",
  querystring: DeliveriesQuery,
  response: withResponses({ 200: Type.Object({ deliveries: Type.Array(DeliverySchema) }) }),
};

export const redeliver = {
  ...common,
  summary: "Queue a delivery again now (same webhook-id), with a fresh day of retries",
  operationId: "redeliverWebhook",
  params: DeliveryParams,
  response: withResponses({
    202: Type.Object({ status: Type.Literal("queued") }),
    404: error("not_found: no such delivery for this publication"),
    409: error("conflict: its endpoint is disabled"),
  }),
};
