// Statements of one transaction, sent as few round trips as their order allows.
//
// Every statement issued before the connection is free again goes out in one simple-protocol
// message, in the order it was issued; PostgreSQL runs them one after another, each with its
// own snapshot, so a read placed after a write sees it. A statement whose answer nobody
// waits for (`send`) rides with the next one that is awaited, and its failure is that
// statement's failure: inside a transaction, PostgreSQL refuses everything after an error, and
// a COMMIT after one would silently roll back, so no later statement is sent.
//
// The simple protocol carries no parameters: values are written into the text as literals
// (pg's own text form of each value, quoted). A lone statement keeps the extended protocol
// and its parameters, as does a large one and one holding a NUL, which a message's text
// cannot carry (PostgreSQL then refuses the NUL as it always has).
import type { PoolClient, QueryResult, QueryResultRow } from "pg";
import pgUtils from "pg/lib/utils.js";

interface Entry {
  text: string;
  values: readonly unknown[];
  done?: { resolve: (result: QueryResult) => void; reject: (error: unknown) => void };
}

export class Pipeline {
  private queue: Entry[] = [];
  private running: Promise<void> | undefined;
  private scheduled = false;
  private failure: { error: unknown } | undefined;

  constructor(readonly client: PoolClient) {}

  /** One statement (text holds exactly one); resolves to its result. */
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

  /** Resolves once everything issued so far has run; rejects with the first failure. */
  async sync(): Promise<void> {
    await this.query("SELECT 1");
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
    if (this.running === undefined && !this.scheduled) {
      this.scheduled = true;
      // After the current turn: statements issued together (Promise.all, or a send followed
      // by a query) leave as one message.
      setImmediate(() => {
        this.scheduled = false;
        if (this.queue.length > 0) this.running = this.flush();
      });
    }
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      let settled = 0;
      try {
        for (const group of groups(batch)) {
          const results = await this.together(group);
          group.forEach((entry, i) => entry.done?.resolve(results[i]!));
          settled += group.length;
        }
      } catch (error) {
        this.failure = { error };
        for (const entry of [...batch.slice(settled), ...this.queue]) entry.done?.reject(error);
        this.queue = [];
      }
    }
    this.running = undefined;
  }

  private alone({ text, values }: Entry): Promise<QueryResult> {
    return this.client.query(text, values as unknown[]);
  }

  /** One message; a failure fails every statement sent in it. */
  private async together(group: readonly Entry[]): Promise<QueryResult[]> {
    if (group.length === 1) return [await this.client.query(group[0]!.text, [...group[0]!.values])];
    const text = group.map((entry) => inline(entry.text, entry.values)).join(";\n");
    const answer = (await this.client.query(text)) as QueryResult | QueryResult[];
    const results = Array.isArray(answer) ? answer : [answer];
    if (results.length !== group.length) {
      throw new Error(`a pipelined text held ${results.length} statements for ${group.length}`);
    }
    return results;
  }
}

/** A batch cut into messages, in order: small statements together, a large or NUL-holding one alone. */
function groups(batch: readonly Entry[]): Entry[][] {
  const out: Entry[][] = [];
  let small: Entry[] = [];
  for (const entry of batch) {
    if (entry.values.some(holdsNul) || weight(entry.values) > ALONE_ABOVE) {
      if (small.length > 0) out.push(small);
      out.push([entry]);
      small = [];
    } else {
      small.push(entry);
    }
  }
  if (small.length > 0) out.push(small);
  return out;
}

/** The statement with each `$n` replaced by its value as a quoted literal. */
export function inline(text: string, values: readonly unknown[]): string {
  if (values.length === 0) return text;
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= values.length) throw new Error(`no value for $${n}`);
    return literal(pgUtils.prepareValue(values[index]));
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const text = Buffer.isBuffer(value) ? `\\x${value.toString("hex")}` : String(value);
  const quoted = `'${text.replace(/'/g, "''")}'`;
  // An E'' literal reads backslashes as escapes whatever standard_conforming_strings says.
  return text.includes("\\") ? `E${quoted.replace(/\\/g, "\\\\")}` : quoted;
}

/**
 * Past about this many characters of values a statement goes alone, with its parameters: an
 * import's batch or an image is not copied into a quoted literal, and one message stays small.
 */
const ALONE_ABOVE = 1 << 20;

function weight(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (Buffer.isBuffer(value)) return value.length * 2;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + weight(item), 0);
  return 8;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  return Array.isArray(value) && value.some(holdsNul);
}
