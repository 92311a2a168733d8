// Round trips as the socket sees them: a round trip starts with the first bytes a connection
// writes after the server last answered. What each one carried is kept as text, so a test can
// find the one that opened a transaction and the one that committed it.
import pg from "pg";

export interface Wire {
  /** What the connection wrote, one string per round trip (binary bytes as latin1). */
  trips: string[];
}

const watched = new WeakMap<pg.Client, Wire>();

/** Starts counting this connection's round trips (once per connection). */
export function watch(client: pg.Client): Wire {
  let wire = watched.get(client);
  if (wire !== undefined) return wire;
  const trips: string[] = [];
  wire = { trips };
  watched.set(client, wire);
  const stream = client.connection.stream;
  let answered = true;
  stream.on("data", () => {
    answered = true;
  });
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text = Buffer.isBuffer(chunk) ? chunk.toString("latin1") : String(chunk);
    if (answered) trips.push(text);
    else trips[trips.length - 1] += text;
    answered = false;
    return write(chunk, ...rest);
  }) as typeof stream.write;
  return wire;
}

/**
 * Watches every connection of this process while `work` runs; resolves to the round trips of
 * each transaction that wrote `marker`, BEGIN through COMMIT.
 */
export async function transactionsWriting(
  marker: string,
  work: () => Promise<void>,
): Promise<string[][]> {
  /** Each connection's round trips before `work`: not counted. */
  const from = new Map<Wire, number>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const wire = watch(this);
    if (!from.has(wire)) from.set(wire, wire.trips.length);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  const found: string[][] = [];
  for (const [wire, start] of from) {
    let open: string[] | undefined;
    for (const trip of wire.trips.slice(start)) {
      if (trip.includes("BEGIN")) open = [];
      open?.push(trip);
      if (open !== undefined && trip.includes("COMMIT")) {
        if (open.some((t) => t.includes(marker))) found.push(open);
        open = undefined;
      }
    }
  }
  return found;
}
