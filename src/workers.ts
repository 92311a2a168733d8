// FOLIO_WORKERS=N: node:cluster workers sharing one port, each a whole Folio with its own
// cache, kept coherent by the store's change notices like separate nodes would be.
import cluster, { type Worker } from "node:cluster";

export interface WorkerPool {
  /** Resolves with the address once the first worker listens. */
  address: Promise<string>;
}

/** Forks `count` workers running this same command; replaces any that dies unasked. */
export function forkWorkers(count: number, log: (line: string) => void): WorkerPool {
  let stopping = false;
  let address: (value: string) => void;
  const listening = new Promise<string>((resolve) => (address = resolve));
  const fork = (): Worker => cluster.fork({ FOLIO_WORKER: "1" });
  cluster.on("listening", (_worker, a) => {
    const host = a.address?.includes(":") ? `[${a.address}]` : (a.address ?? "127.0.0.1");
    address(`http://${host}:${a.port}`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 500).unref();
  });
  for (let i = 0; i < count; i++) fork();
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    let left = Object.keys(cluster.workers ?? {}).length;
    if (left === 0) process.exit(0);
    cluster.on("exit", () => --left === 0 && process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return { address: listening };
}

export const isWorker = () => cluster.isWorker;
