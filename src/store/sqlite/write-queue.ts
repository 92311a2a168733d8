// One write transaction at a time on a connection. SQLite's own lock keeps other processes
// out; within this process every request shares one connection, where a second BEGIN inside
// an open transaction would fail (or a savepoint would join someone else's transaction).

export class WriteQueue {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves, in arrival order, with the function that lets the next one in. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => once(release));
    this.tail = this.tail.then(() => turn);
    return ready;
  }

  /** Runs `work` in its own turn. */
  async exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}
