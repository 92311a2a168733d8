// Statements of one transaction, sent as few round trips as their order allows.
//
// Every statement issued while the connection is busy, or in the same turn of the event loop,
// goes out together after that turn on a pipelined connection (pg's `pipeline` mode: each statement with its
// own Sync, written behind the last without waiting), in the order it was issued. PostgreSQL
// runs them one after another, each with its own snapshot, so a read placed after a write sees
// it. A statement whose answer nobody waits for (`send`) rides with the next one that is
// awaited, and a failure is the failure of every statement after it: inside a transaction
// PostgreSQL refuses them anyway, and a COMMIT behind a failed statement answers ROLLBACK
// without an error, which must not read as success. Values stay parameters of the extended
// protocol, as for any other query.
//
// Each statement text with parameters is parsed once per connection, under a name made from
// the text: parsing and analyzing a write's statements again at every write was about a
// seventh of the server's CPU for an API create (PostgreSQL still plans each execution anew
// when its values make a custom plan cheaper). At most MAX_NAMED texts are named, so a text
// built per call cannot grow every connection's server memory for good; the rest go unnamed.
// A named statement keeps its result columns, so none selects `*` from a table a later
// schema step might widen.
import { createHash } from "node:crypto";
import type pg from "pg";
import type { PoolClient, QueryConfig, QueryResult, QueryResultRow } from "pg";
import { textArrayPositions, withBinaryTextArrays } from "./text-arrays.js";

interface Entry {
  text: string;
  values: readonly unknown[];
  done?: { resolve: (result: QueryResult) => void; reject: (error: unknown) => void };
}

type Outcome = { result: QueryResult } | { error: unknown };

/** Texts named at most: the code's statements are fewer; a text built per call is not kept. */
const MAX_NAMED = 200;

/** What is known of a statement text: its name, and the parameters it casts to text[]. */
interface TextFacts {
  name: string;
  textArrays: readonly number[];
}
const known = new Map<string, TextFacts>();

/** The statement as sent: named when its text is (or can become) one of the named ones. */
function statementFor(text: string, values: readonly unknown[]): QueryConfig {
  // A statement without parameters (BEGIN, COMMIT) costs next to nothing to parse.
  if (values.length === 0) return { text, values: [] };
  let facts = known.get(text);
  if (facts === undefined && known.size < MAX_NAMED) {
    const name = `folio_p_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    facts = { name, textArrays: textArrayPositions(text) };
    known.set(text, facts);
  }
  if (facts === undefined) {
    return { text, values: withBinaryTextArrays(textArrayPositions(text), values) };
  }
  return { name: facts.name, text, values: withBinaryTextArrays(facts.textArrays, values) };
}

export class Pipeline {
  private queue: Entry[] = [];
  private running: Promise<void> | undefined;
  private scheduled = false;
  private failure: { error: unknown } | undefined;

  /** `client` should be in pipeline mode (the primary pool's are); otherwise statements wait in turn. */
  constructor(readonly client: PoolClient) {}

  /** One statement; resolves to its result. */
  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values: readonly unknown[] = [],
  ): Promise<QueryResult<R>> {
    return new Promise<QueryResult>((resolve, reject) => {
      this.push({ text, values, done: { resolve, reject } });
    }) as Promise<QueryResult<R>>;
  }

  /** One statement whose result nobody needs: it goes with the next awaited one. */
  send(text: string, values: readonly unknown[] = []): void {
    this.push({ text, values });
  }

  /**
   * Ends the transaction whatever state it is in: what is still queued is dropped (it would
   * be rolled back), what is on the wire finishes first.
   */
  async rollback(): Promise<void> {
    const dropped = this.queue;
    this.queue = [];
    const error = new Error("the transaction was rolled back");
    this.failure ??= { error };
    for (const entry of dropped) entry.done?.reject(error);
    await this.running;
    await this.client.query("ROLLBACK");
  }

  private push(entry: Entry): void {
    if (this.failure !== undefined) {
      entry.done?.reject(this.failure.error);
      return;
    }
    this.queue.push(entry);
    if (this.running === undefined) this.schedule();
  }

  /**
   * Sends the queue after the current turn, once every continuation of the last answers has
   * run: statements issued together (Promise.all, or a send followed by a query) leave together.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.queue.length > 0) this.running = this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    const outcomes = this.submit(batch);
    for (const [i, entry] of batch.entries()) {
      const outcome = await outcomes[i]!;
      if (this.failure === undefined && "error" in outcome) this.failure = outcome;
      if (this.failure === undefined && rolledBack(entry, outcome)) {
        this.failure = { error: new Error("COMMIT rolled the transaction back") };
      }
      if (this.failure !== undefined) entry.done?.reject(this.failure.error);
      else entry.done?.resolve((outcome as { result: QueryResult }).result);
    }
    this.running = undefined;
    if (this.failure !== undefined) {
      for (const entry of this.queue) entry.done?.reject(this.failure.error);
      this.queue = [];
    } else if (this.queue.length > 0) {
      this.schedule();
    }
  }

  /** Writes the batch in one go: the socket is corked while pg writes each message. */
  private submit(batch: readonly Entry[]): Promise<Outcome>[] {
    const run = ({ text, values }: Entry) =>
      this.client.query(statementFor(text, values)).then(
        (result): Outcome => ({ result }),
        (error: unknown): Outcome => ({ error }),
      );
    const { pipeline, connection } = this.client as unknown as pg.Client;
    if (!pipeline) {
      let previous: Promise<unknown> = Promise.resolve();
      return batch.map((entry) => (previous = previous.then(() => run(entry))) as Promise<Outcome>);
    }
    connection.stream.cork();
    try {
      return batch.map(run);
    } finally {
      process.nextTick(() => connection.stream.uncork());
    }
  }
}

/** A COMMIT the server answered with ROLLBACK: the transaction had failed. */
function rolledBack(entry: Entry, outcome: Outcome): boolean {
  return "result" in outcome && entry.text === "COMMIT" && outcome.result.command === "ROLLBACK";
}
