// Concurrent single-post reads joined into one statement. Requests parsed in one turn of the
// event loop each ask for one post; one `= ANY($n)` statement per turn answers them all, so
// PostgreSQL plans, executes and returns once where it would have done so once per request.
// The statement asks for posts visible at the latest instant any of its requests gave: each
// request's answer is sent after that instant, when what was visible then still is.

interface Waiting<V> {
  key: string;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/** Reads the rows of these keys visible at `visibleAt`; each row's key is `keyOf(row)`. */
type ReadMany<V> = (keys: string[], visibleAt: number) => Promise<V[]>;

export class ReadBatch<V> {
  private waiting: Waiting<V>[] = [];
  private latest = 0;

  constructor(
    private readonly readMany: ReadMany<V>,
    private readonly keyOf: (row: V) => string,
    /** Keys per statement, at most: bounds its parameters. */
    private readonly maxKeys = 256,
  ) {}

  /** The row of `key`, read with the others asked for in this turn of the event loop. */
  get(key: string, visibleAt: number): Promise<V | undefined> {
    this.latest = Math.max(this.latest, visibleAt);
    return new Promise((resolve, reject) => {
      // After the turn's I/O callbacks, so every request parsed in this turn joins in.
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ key, resolve, reject });
    });
  }

  private flush(): void {
    const [batch, at] = [this.waiting, this.latest];
    [this.waiting, this.latest] = [[], 0];
    for (let i = 0; i < batch.length; i += this.maxKeys) {
      void this.read(batch.slice(i, i + this.maxKeys), at);
    }
  }

  private async read(batch: Waiting<V>[], at: number): Promise<void> {
    try {
      const rows = await this.readMany([...new Set(batch.map((w) => w.key))], at);
      const byKey = new Map(rows.map((row) => [this.keyOf(row), row]));
      for (const w of batch) w.resolve(byKey.get(w.key));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
