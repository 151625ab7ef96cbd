// Which builds are stale: a fingerprint of each build's inputs (file contents, the lockfile, and
// the environment variables it reads), kept beside its output. `npm start` rebuilds only a build
// whose fingerprint changed, or whose output is missing.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const shared = ["package.json", "package-lock.json", "tsconfig.json"];

/** Each build: what it reads, the file it writes last, and where its fingerprint is kept. */
export const BUILDS = {
  server: {
    inputs: [...shared, "server/package.json", "server/tsconfig.json", "server/tsconfig.build.json", "server/src"],
    skip: /\.test\.ts$/,
    env: /^$/,
    output: "server/dist/main.js",
    stamp: "server/dist/.build-fingerprint",
  },
  client: {
    inputs: [
      ...shared,
      "client/package.json",
      "client/tsconfig.json",
      "client/vite.config.ts",
      "client/index.html",
      "client/public",
      "client/src",
    ],
    skip: /\.test\.tsx?$/,
    env: /^VITE_/,
    output: "client/dist/.server/server-render.js",
    stamp: "client/dist/.build-fingerprint",
  },
};

function* files(p, skip) {
  if (!existsSync(p)) return;
  if (!statSync(p).isDirectory()) {
    if (!skip.test(p)) yield p;
    return;
  }
  for (const name of readdirSync(p).sort()) yield* files(path.join(p, name), skip);
}

/** A hash of every input file's path and content, and of the build's environment variables. */
export function fingerprint(name) {
  const build = BUILDS[name];
  const hash = createHash("sha256");
  for (const input of build.inputs) {
    for (const file of files(input, build.skip)) hash.update(`${file}\0`).update(readFileSync(file)).update("\0");
  }
  for (const key of Object.keys(process.env)
    .filter((k) => build.env.test(k))
    .sort())
    hash.update(`${key}=${process.env[key]}\0`);
  return hash.digest("hex");
}

/** Whether the build's output exists and was built from these very inputs. */
export function isFresh(name, print = fingerprint(name)) {
  const build = BUILDS[name];
  return existsSync(build.output) && existsSync(build.stamp) && readFileSync(build.stamp, "utf8") === print;
}

export function markBuilt(name, print) {
  writeFileSync(BUILDS[name].stamp, print);
}
