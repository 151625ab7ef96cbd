#!/usr/bin/env node
// `npm run dev`: the server with restart-on-change (port 4000) and the Vite dev server
// (http://localhost:5173) proxying /graphql (HTTP and WebSocket) to it.
import { spawn } from "node:child_process";

const env = { ...process.env, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? "http://localhost:5173", CLIENT_DIST: "" };
const children = [
  spawn("npm", ["run", "dev", "-w", "server"], { stdio: "inherit", env }),
  spawn("npm", ["run", "dev", "-w", "client"], { stdio: "inherit", env }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const c of children)
  c.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode ||= code ?? 0;
  });
