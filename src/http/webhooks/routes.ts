// /v1/webhooks: a publication's own endpoints and their deliveries, with the
// publication's API key. Requests are checked and answered here; webhooks/ and the store do
// the rest. Keys are checked by the API-key hook on every `auth` route (edge/auth.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Static } from "../../posts/typebox.js";
import { ApiError } from "../../errors.js";
import type { DeliveryRecord, EndpointRecord, PostStore } from "../../store/post-store.js";
import { UnknownPublicationError } from "../../store/webhook-endpoints.js";
import { EndpointInputError, addEndpoint } from "../../webhooks/endpoints.js";
import { publicReason } from "../../webhooks/failure.js";
import { keyOf } from "../edge/auth.js";
import * as docs from "./docs.js";
import { FIELD_RULES, type DeliveriesQuery, type NewEndpointBody } from "./schemas.js";

interface WebhookRoutesOptions {
  store: PostStore;
  allowPrivate: boolean;
  /** A delivery was queued again: the worker may send it now. */
  onRedeliver: () => void;
}

export async function webhookRoutes(app: FastifyInstance, o: WebhookRoutesOptions) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  // `auth`: the API key check runs before anything else of the route (edge/auth.ts).
  const base = { config: { auth: true }, attachValidation: true };
  const { store } = o;
  typed.get("/v1/webhooks", { ...base, schema: docs.list }, async (request) => ({
    endpoints: (await store.listEndpoints(publicationOf(request))).map(endpointJson),
  }));
  typed.post("/v1/webhooks", { ...base, schema: docs.create }, (request, reply) =>
    create(o, request, reply),
  );
  const one = "/v1/webhooks/:endpointId";
  typed.delete(one, { ...base, schema: docs.remove }, async (request, reply) => {
    const removed = await store.removeEndpoint(request.params.endpointId, publicationOf(request));
    if (!removed) throw new ApiError("not_found", "No such webhook endpoint");
    return reply.code(204).send();
  });
  typed.get("/v1/webhooks/deliveries", { ...base, schema: docs.deliveries }, (request) =>
    listDeliveries(store, request),
  );
  const again = "/v1/webhooks/deliveries/:deliveryId/redeliver";
  typed.post(again, { ...base, schema: docs.redeliver }, async (request, reply) => {
    const { deliveryId } = request.params;
    const result = await store.redeliver(deliveryId, Date.now(), publicationOf(request));
    if (result === "not_found") throw new ApiError("not_found", "No such delivery");
    if (result === "endpoint_disabled") throw new ApiError("conflict", DISABLED);
    o.onRedeliver();
    return reply.code(202).send({ status: "queued" });
  });
}

const DISABLED = "The delivery's endpoint is disabled: it answered 410 Gone";

type Body = Static<typeof NewEndpointBody>;

async function create(o: WebhookRoutesOptions, request: FastifyRequest, reply: FastifyReply) {
  valid(request);
  const input = { ...(request.body as Body), publicationId: publicationOf(request) };
  const options = { allowPrivate: o.allowPrivate, now: Date.now() };
  try {
    const { endpoint, secret } = await addEndpoint(o.store, input, options);
    return reply.code(201).send({ ...endpointJson(endpoint), secret });
  } catch (error) {
    if (error instanceof EndpointInputError) {
      throw new ApiError("invalid_parameter", `${error.field}: ${error.message}`);
    }
    if (error instanceof UnknownPublicationError) {
      throw new ApiError("forbidden", "The key's publication does not exist");
    }
    throw error;
  }
}

async function listDeliveries(store: PostStore, request: FastifyRequest) {
  valid(request);
  const { failed, limit } = request.query as Static<typeof DeliveriesQuery>;
  const n = limit === undefined ? 50 : Number(limit);
  if (n < 1 || n > 500) throw new ApiError("invalid_parameter", FIELD_RULES.limit);
  const failedOnly = failed === "true" || failed === "1";
  const filter = { publicationId: publicationOf(request), failedOnly, limit: n };
  return { deliveries: (await store.listDeliveries(filter)).map(deliveryJson) };
}

/** Schema failures answer with the rule of the first field that broke one. */
function valid(request: FastifyRequest): void {
  const first = request.validationError?.validation[0];
  if (first === undefined) return;
  const params = first.params as { additionalProperty?: string; missingProperty?: string };
  const field =
    first.instancePath.split("/")[1] || params.missingProperty || params.additionalProperty;
  if (field === undefined)
    throw new ApiError("invalid_parameter", "The body must be a JSON object");
  throw new ApiError("invalid_parameter", FIELD_RULES[field] ?? `${field}: is not a field here`);
}

const ms = (t: number | undefined) => (t === undefined ? undefined : String(t));

function endpointJson(e: EndpointRecord) {
  return { ...e, createdAt: String(e.createdAt), disabledAt: ms(e.disabledAt) };
}

function deliveryJson(d: DeliveryRecord) {
  const { lastAttemptAt, nextAttemptAt, deliveredAt, lastError } = d;
  const times = { lastAttemptAt: ms(lastAttemptAt), nextAttemptAt: ms(nextAttemptAt) };
  // The key holder chose the target: how the server's network answered is not theirs to see.
  const error = lastError === undefined ? {} : { lastError: publicReason(lastError) };
  return { ...d, ...times, ...error, createdAt: String(d.createdAt), deliveredAt: ms(deliveredAt) };
}

/** The publication whose key made the request. */
function publicationOf(request: FastifyRequest): string {
  return keyOf(request).publicationId;
}
