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

export const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

