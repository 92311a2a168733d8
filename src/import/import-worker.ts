// The worker thread of an import or rerender (threads.ts starts them): runs one task at a
// time as the main thread would. A refused line is an answer; anything else thrown is a bug,
// sent back so that the run fails as it would in-thread.
import { parentPort } from "node:worker_threads";
import type { WorkerReply } from "./worker-pool.js";
import { runTask, type Outcome, type Task } from "./work.js";

parentPort?.on("message", ({ id, task }: { id: number; task: Task }) => {
  let reply: WorkerReply<Outcome>;
  try {
    reply = { id, result: runTask(task) };
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    reply = { id, error: { message, stack } };
  }
  parentPort!.postMessage(reply);
});
