// `folio desk invite|sessions`: signing writers in to the desk. An invite link is printed once,
// on standard output alone; the store keeps only its hash.
import { loadConfig } from "../config/index.js";
import { DeskInviteError, DeskSessions } from "../desk/sessions.js";
import type { DeskSessionRecord, PostStore } from "../store/post-store.js";
import { UsageError, parse } from "./args.js";
import { namedPublication } from "./publication.js";
import { openMigratedStore } from "./store.js";
import { shown } from "./terminal-text.js";

const HELP = `Usage: folio desk invite --publication SLUG_OR_ID --user USER_ID
       folio desk sessions list
       folio desk sessions revoke SESSION_ID

invite            prints a one-time sign-in link to the desk for an author of the
                  publication; it expires after DESK_INVITE_TTL_MS (a day by default).
sessions list     lists every desk session: id, publication, user, how it signed in,
                  started, last seen, ends, revoked.
sessions revoke   ends a session; every node refuses it from its next request.`;

type Sub = (store: PostStore, args: string[]) => Promise<number>;

const subcommands: Record<string, Sub> = {
  async invite(store, args) {
    const options = { publication: { type: "string" }, user: { type: "string" } } as const;
    const values = parse(args, options, 0).values as { publication?: string; user?: string };
    if (values.publication === undefined || values.user === undefined) {
      throw new UsageError("desk invite needs --publication SLUG_OR_ID and --user USER_ID");
    }
    const publication = await namedPublication(store, values.publication);
    const config = loadConfig();
    const sessions = new DeskSessions(store, config.desk, config.siteUrl);
    try {
      const invite = await sessions.invite(publication.id, values.user);
      const until = new Date(invite.expiresAt).toISOString();
      console.error(
        shown(`one sign-in for ${values.user} to ${invite.publicationId}, until ${until}:`),
      );
      console.log(invite.url);
      return 0;
    } catch (error) {
      if (error instanceof DeskInviteError) throw new UsageError(error.message);
      throw error;
    }
  },
  async sessions(store, args) {
    const [action, id, ...rest] = args;
    if (action === "list") {
      parse(
        [id, ...rest].filter((a) => a !== undefined),
        {},
        0,
      );
      const sessions = await store.listDeskSessions();
      if (sessions.length === 0) console.log("no desk sessions (folio desk invite …)");
      for (const session of sessions) console.log(shown(describe(session)));
      return 0;
    }
    if (action === "revoke") {
      if (id === undefined || rest.length > 0) {
        throw new UsageError(
          "desk sessions revoke needs one SESSION_ID (see folio desk sessions list)",
        );
      }
      if (!(await store.revokeDeskSession(id, Date.now()))) {
        throw new UsageError(`no live session ${id} (see folio desk sessions list)`);
      }
      console.log(`revoked ${id}`);
      return 0;
    }
    throw new UsageError("desk sessions needs list or revoke (folio desk --help)");
  },
};

function describe(s: DeskSessionRecord): string {
  const when = (ms: number) => new Date(ms).toISOString();
  const state = s.revokedAt === undefined ? "live" : `revoked ${when(s.revokedAt)}`;
  return [
    s.id,
    s.publicationId,
    s.userId,
    s.method,
    `started ${when(s.createdAt)}`,
    `seen ${when(s.lastSeenAt)}`,
    `ends ${when(s.expiresAt)}`,
    state,
  ].join("  ");
}

export const deskCommand = {
  help: HELP,
  async run(args: string[]): Promise<number> {
    const [name, ...rest] = args;
    const sub = name === undefined ? undefined : subcommands[name];
    if (sub === undefined)
      throw new UsageError("desk needs invite or sessions (folio desk --help)");
    const store = await openMigratedStore(loadConfig());
    try {
      return await sub(store, rest);
    } finally {
      await store.close();
    }
  },
};
