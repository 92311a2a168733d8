// `folio webhooks add|list|remove|deliveries|redeliver`: managing endpoints and deliveries
// from the command line. Sending is the serving process's work, not this one's.
import { loadConfig } from "../config/index.js";
import type { PostStore } from "../store/post-store.js";
import { UnknownPublicationError } from "../store/webhook-endpoints.js";
import { EndpointInputError, addEndpoint } from "../webhooks/endpoints.js";
import { UsageError, parse } from "./args.js";
import { namedPublication } from "./publication.js";
import { openMigratedStore } from "./store.js";
import { shown } from "./terminal-text.js";
import { printDeliveries, printEndpoints } from "./webhook-output.js";

const HELP = `Usage: folio webhooks <subcommand>

  add URL [--publication SLUG|ID] [--events LIST] [--include-content]
            add an endpoint; prints its signing secret, once
  list [--publication SLUG|ID]     list endpoints (secrets are never shown again)
  remove ID                        remove an endpoint and its deliveries
  deliveries [--failed] [--endpoint ID] [--limit N]
                                   list deliveries, newest first (default 50)
  redeliver ID                     queue a delivery again now (same webhook-id)

Events (--events, comma-separated; default all): post.published, post.updated,
post.unpublished, post.deleted. Without --publication an endpoint hears of every
publication. A URL must reach a public address unless WEBHOOK_ALLOW_PRIVATE=true.
'folio serve' delivers; see docs/webhooks.md for the payload and its signature.`;

type Run = (store: PostStore, args: string[]) => Promise<number>;

const subcommands: Record<string, Run> = {
  async add(store, args) {
    const { values, positionals } = parse(args, ADD_OPTIONS, 1);
    if (positionals[0] === undefined) throw new UsageError("webhooks add needs a URL");
    const named = text(values.publication);
    const publicationId =
      named === undefined ? undefined : (await namedPublication(store, named)).id;
    const events = text(values.events);
    const input = {
      url: positionals[0],
      includeContent: values["include-content"] === true,
      ...(publicationId === undefined ? {} : { publicationId }),
      ...(events === undefined ? {} : { events: events.split(",") }),
    };
    const { allowPrivate } = loadConfig().webhooks;
    const { endpoint, secret } = await added(
      addEndpoint(store, input, { allowPrivate, now: Date.now() }),
    );
    console.log(`added webhook endpoint ${endpoint.id} → ${shown(endpoint.url)}`);
    console.log(`signing secret (shown this once; keep it to verify deliveries):\n${secret}`);
    return 0;
  },
  async list(store, args) {
    const { values } = parse(args, { publication: { type: "string" } }, 0);
    const named = text(values.publication);
    const publication = named === undefined ? undefined : await namedPublication(store, named);
    printEndpoints(await store.listEndpoints(publication?.id));
    return 0;
  },
  async remove(store, args) {
    const id = oneId(args, "remove");
    if (!(await store.removeEndpoint(id))) throw new UsageError(`no webhook endpoint ${id}`);
    console.log(`removed webhook endpoint ${id}`);
    return 0;
  },
  async deliveries(store, args) {
    const { values } = parse(args, DELIVERY_OPTIONS, 0);
    const limit = Number(text(values.limit) ?? "50");
    if (!Number.isInteger(limit) || limit < 1)
      throw new UsageError("--limit must be a whole number from 1");
    const endpointId = text(values.endpoint);
    const endpoint = endpointId === undefined ? {} : { endpointId };
    printDeliveries(
      await store.listDeliveries({ ...endpoint, failedOnly: values.failed === true, limit }),
    );
    return 0;
  },
  async redeliver(store, args) {
    const id = oneId(args, "redeliver");
    const result = await store.redeliver(id, Date.now());
    if (result === "not_found") throw new UsageError(`no delivery ${id}`);
    if (result === "endpoint_disabled")
      throw new UsageError(`delivery ${id}: its endpoint is disabled (it answered 410 Gone)`);
    console.log(`delivery ${id} queued; a serving process sends it`);
    return 0;
  },
};

const ADD_OPTIONS = {
  publication: { type: "string" },
  events: { type: "string" },
  "include-content": { type: "boolean" },
} as const;
const DELIVERY_OPTIONS = {
  failed: { type: "boolean" },
  endpoint: { type: "string" },
  limit: { type: "string" },
} as const;

/** parseArgs types every option loosely; these are all single strings. */
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function oneId(args: string[], name: string): string {
  const { positionals } = parse(args, {}, 1);
  if (positionals[0] === undefined) throw new UsageError(`webhooks ${name} needs an ID`);
  return positionals[0];
}

/** Bad input is a usage error naming the option it came from. */
async function added<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EndpointInputError)
      throw new UsageError(`${error.field === "url" ? "URL" : "--events"}: ${error.message}`);
    if (error instanceof UnknownPublicationError)
      throw new UsageError(`--publication: ${error.message}`);
    throw error;
  }
}

export const webhooksCommand = {
  help: HELP,
  async run(args: string[]): Promise<number> {
    const [name, ...rest] = args;
    const run = name === undefined ? undefined : subcommands[name];
    if (run === undefined)
      throw new UsageError(`webhooks needs one of ${Object.keys(subcommands).join(", ")}`);
    const store = await openMigratedStore(loadConfig());
    try {
      return await run(store, rest);
    } finally {
      await store.close();
    }
  },
};
