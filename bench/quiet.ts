// Whether a measurement had the machine to itself. A req/s ratio taken while other work runs
// measures the machine: a starved ceiling pushes every ratio toward 1. Two witnesses:
// the 1-minute load average before the case (the bench waits for it to settle first), and the
// CPU that processes outside the benchmark used while it ran (/proc/stat's user + nice +
// system time less what the bench's own process tree used). The load after a case is
// recorded too, but it is mostly the case's own: two busy cores lift it toward 2.
import { readFileSync, readdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";

/** Load per core above which a case is void. */
export const QUIET_LOAD = Number(process.env.BENCH_QUIET_LOAD ?? 0.5);
/** Foreign CPU, in cores on average over the case, above which a case is void. */
export const FOREIGN_CORES = Number(process.env.BENCH_FOREIGN_CORES ?? 0.1);
/** The longest wait for the load to settle before a case. */
const WAIT_MS = Number(process.env.BENCH_QUIET_WAIT_S ?? 180) * 1000;

const cores = availableParallelism();

export interface Quietness {
  /** 1-minute load average just before the case and just after it. */
  loadBefore: number;
  loadAfter: number;
  /** CPU used by processes outside the benchmark, in cores on average over the case. */
  foreignCores: number;
  /** CPU the benchmark's own processes used: seconds of one core. */
  ownSeconds: number;
  /** Why the case's ratio is not reported; undefined when the machine was quiet. */
  void?: string;
}

/** Waits (bounded) until the 1-minute load is at most QUIET_LOAD per core. */
export async function settle(): Promise<void> {
  const until = Date.now() + WAIT_MS;
  while (loadavg()[0]! > QUIET_LOAD * cores && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 5000));
  }
}

/** user + nice + system ticks of all CPUs: time spent running processes. */
function busyTicks(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
  const [user, nice, system] = line.trim().split(/\s+/).slice(1, 4).map(Number);
  return user! + nice! + system!;
}

interface Proc {
  ppid: number;
  comm: string;
  /** utime + stime. */
  own: number;
  /** cutime + cstime: reaped children's. */
  reaped: number;
}

function processes(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // gone between the listing and the read
    }
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const f = stat.slice(close + 2).split(" ");
    all.set(Number(name), {
      ppid: Number(f[1]),
      comm,
      own: Number(f[11]) + Number(f[12]),
      reaped: Number(f[13]) + Number(f[14]),
    });
  }
  return all;
}

/** This process's descendants (and, when asked, every process of that name, e.g. postgres). */
function ours(all: Map<number, Proc>, alsoNamed: string[]): Set<number> {
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of all) {
      if (!mine.has(pid) && (mine.has(p.ppid) || alsoNamed.includes(p.comm))) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  return mine;
}

/**
 * Starts watching; the returned function ends the watch and says whether it was quiet.
 * `alsoOurs` names processes that work for the benchmark without being its children
 * (the PostgreSQL server's backends on a PostgreSQL case).
 */
export function watch(alsoOurs: string[] = []): () => Quietness {
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  const busy0 = busyTicks();
  const procs0 = processes();
  const mine0 = ours(procs0, alsoOurs);
  return () => {
    const busy1 = busyTicks();
    const procs1 = processes();
    const mine1 = ours(procs1, alsoOurs);
    let used = 0;
    for (const pid of mine1) {
      const now = procs1.get(pid)!;
      const then = mine0.has(pid) ? procs0.get(pid) : undefined;
      // A live process's own time, and what its reaped children used in the window (their
      // whole lives, less what those that were already ours had used before it).
      used += now.own - (then?.own ?? 0) + now.reaped - (then?.reaped ?? 0);
    }
    for (const pid of mine0) {
      if (!procs1.has(pid)) used -= procs0.get(pid)!.own; // reaped: its parent now counts it
    }
    const seconds = (performance.now() - started) / 1000;
    const ticksPerSecond = 100; // USER_HZ on Linux
    const foreignCores = Math.max(0, busy1 - busy0 - used) / ticksPerSecond / seconds;
    const loadAfter = loadavg()[0]!;
    const reasons = [
      loadBefore > QUIET_LOAD * cores &&
        `load ${loadBefore.toFixed(2)} before (over ${QUIET_LOAD} per core)`,
      foreignCores > FOREIGN_CORES &&
        `other processes used ${foreignCores.toFixed(2)} cores (over ${FOREIGN_CORES})`,
    ].filter((r): r is string => typeof r === "string");
    return {
      loadBefore,
      loadAfter,
      foreignCores,
      ownSeconds: used / ticksPerSecond,
      ...(reasons.length > 0 ? { void: reasons.join("; ") } : {}),
    };
  };
}

/** "0.42 → 1.87", the load column of a table. */
export const loadCell = (q: Quietness) => `${q.loadBefore.toFixed(2)} → ${q.loadAfter.toFixed(2)}`;
