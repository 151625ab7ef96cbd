import type { MessagePort } from "node:worker_threads";

/** What common/work-pool sends a worker: the task's name and input, and a port to say it started. */
export interface TaskMessage {
  task: string;
  input: unknown;
  started: MessagePort;
}

/**
 * A worker module's default export (see work-pool.ts): runs the task named in the message, after
 * telling the pool it started (so a task's time limit counts its own run, not its wait in the
 * queue or the thread's start).
 */
export function taskRunner(tasks: Record<string, unknown>) {
  return ({ task, input, started }: TaskMessage): unknown => {
    started.postMessage("started");
    started.close();
    const fn = tasks[task];
    if (typeof fn !== "function") throw new Error(`no task ${task}`);
    return (fn as (input: unknown) => unknown)(input);
  };
}
