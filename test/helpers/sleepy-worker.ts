// A worker for the pool's tests: answers after the delay it is given (so tasks finish out of
// order), refuses a task, or dies the ways a real worker can (an exit, an uncaught throw).
import { parentPort } from "node:worker_threads";

export interface SleepyTask {
  value: number;
  delay?: number;
  crash?: "exit" | "throw";
  refuse?: boolean;
}

parentPort?.on("message", ({ id, task }: { id: number; task: SleepyTask }) => {
  if (task.crash === "exit") process.exit(7);
  if (task.crash === "throw") {
    setTimeout(() => {
      throw new Error("boom in the worker");
    });
    return;
  }
  if (task.refuse) {
    parentPort!.postMessage({ id, error: { message: `task ${task.value} refused` } });
    return;
  }
  setTimeout(() => parentPort!.postMessage({ id, result: task.value * 2 }), task.delay ?? 0);
});
