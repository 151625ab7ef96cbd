import { spawn, type ChildProcess } from "node:child_process";

const MAIN = ["--import", "@swc-node/register/esm-register", "server/src/main.ts"];

/** Runs server/src/main.ts in a child process; `ready` resolves its port once it listens. */
export function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string; ready: Promise<number> } {
  let out = "";
  const child = spawn(process.execPath, MAIN, {
    env: { PATH: process.env.PATH, SWC_NODE_PROJECT: "server/tsconfig.json", CLIENT_DIST: "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"msg":"Roots is ready[^\n]*"port":(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  ready.catch(() => undefined); // a test that expects an early exit does not await it
  return { child, output: () => out, ready };
}

/**
 * The child's exit code, once it has exited (at once when it already has: `exit` fires only
 * once). A child still running after `graceMs` is killed and the promise rejects, so a test that
 * waits for a shutdown fails with what the child printed instead of hanging until its timeout.
 */
export function exited(child: ChildProcess, graceMs = 30_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the child did not exit within ${graceMs} ms`));
    }, graceMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
