// `folio keys create|list|revoke`: the API keys of publications. A new key is
// printed once, on standard output alone; the store keeps only its hash.
import { loadConfig } from "../config/index.js";
import { newApiKey } from "../posts/api-keys.js";
import { UnknownPublicationError, type ApiKeyRecord } from "../store/api-keys.js";
import type { PostStore } from "../store/post-store.js";
import { UsageError, parse } from "./args.js";
import { nameOf, namedPublication } from "./publication.js";
import { openMigratedStore } from "./store.js";
import { shown } from "./terminal-text.js";

const HELP = `Usage: folio keys create --publication SLUG|ID [--name LABEL]
       folio keys list
       folio keys revoke KEY_ID

create   makes an API key for one publication (its slug or its id) and prints it once:
         store it now.
         Only its hash is kept; a lost key cannot be shown again (make another).
list     lists every key: id, publication, name, first characters, created, revoked.
revoke   revokes a key; every node refuses it within a second.

Requests send the key as 'Authorization: Bearer <key>'.`;

type Sub = (store: PostStore, args: string[]) => Promise<number>;

const subcommands: Record<string, Sub> = {
  async create(store, args) {
    const options = { publication: { type: "string" }, name: { type: "string" } } as const;
    const values = parse(args, options, 0).values as { publication?: string; name?: string };
    if (values.publication === undefined) {
      throw new UsageError("keys create needs --publication SLUG or ID");
    }
    const publication = await namedPublication(store, values.publication);
    const { secret, record } = newApiKey(publication.id, values.name, Date.now());
    try {
      await store.createApiKey(record);
    } catch (error) {
      // Removed since it was looked up a moment ago.
      if (error instanceof UnknownPublicationError) throw new UsageError(error.message);
      throw error;
    }
    console.error(`created key ${record.id} for publication ${nameOf(publication)}; shown once:`);
    console.log(secret);
    return 0;
  },
  async list(store, args) {
    parse(args, {}, 0);
    const keys = await store.listApiKeys();
    if (keys.length === 0) console.log("no API keys (folio keys create --publication SLUG)");
    for (const key of keys) console.log(shown(describe(key)));
    return 0;
  },
  async revoke(store, args) {
    const [id] = parse(args, {}, 1).positionals;
    if (id === undefined) throw new UsageError("keys revoke needs a KEY_ID (see folio keys list)");
    if (!(await store.revokeApiKey(id, Date.now()))) {
      throw new UsageError(`no live key ${id} (see folio keys list)`);
    }
    console.log(`revoked ${id}`);
    return 0;
  },
};

function describe(key: ApiKeyRecord): string {
  const when = (ms: number) => new Date(ms).toISOString();
  const state = key.revokedAt === undefined ? "live" : `revoked ${when(key.revokedAt)}`;
  const name = key.name === undefined ? "" : ` "${key.name}"`;
  return `${key.id}  ${key.publicationId}${name}  ${key.hint}…  created ${when(key.createdAt)}  ${state}`;
}

export const keysCommand = {
  help: HELP,
  async run(args: string[]): Promise<number> {
    const [name, ...rest] = args;
    const sub = name === undefined ? undefined : subcommands[name];
    if (sub === undefined)
      throw new UsageError("keys needs create, list or revoke (folio keys --help)");
    const store = await openMigratedStore(loadConfig());
    try {
      return await sub(store, rest);
    } finally {
      await store.close();
    }
  },
};
