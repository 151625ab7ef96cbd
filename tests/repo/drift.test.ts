import { describe, expect, it } from "@jest/globals";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The drift checks that `npm test` runs really fail on stale output: the committed GraphQL schema
 * (checked through the root script, so the flag must reach the server workspace) and the
 * generated client code (checked in a copy of the inputs, so the working tree is never touched).
 */
const repo = fileURLToPath(new URL("../../", import.meta.url));
const run = (cmd: string, args: string[], cwd = repo) =>
  spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });

describe("the schema drift check", () => {
  it("passes on the committed schema and fails on a stale one, from the root script", () => {
    expect(run("npm", ["run", "-s", "schema", "--", "--check"]).status).toBe(0);
    const stale = path.join(mkdtempSync(path.join(tmpdir(), "roots-schema-")), "schema.graphql");
    writeFileSync(
      stale,
      readFileSync(path.join(repo, "schema/schema.graphql"), "utf8").replace(/^type Query \{/m, "type Query {\n  removedSinceThen: Int"),
    );
    const r = run("npm", ["run", "-s", "schema", "--", "--check", "--file", stale]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/is stale: run `npm run schema`/);
  }, 60_000);

  it("compares with the newest release: the committed schema passes, a removal fails, from the root script", () => {
    const ok = run("npm", ["run", "-s", "schema", "--", "--check", "--diff"]);
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/No breaking change that partners were not given notice of/);
    // The newest release with a field the schema no longer has.
    const releases = mkdtempSync(path.join(tmpdir(), "roots-releases-"));
    const committed = readFileSync(path.join(repo, "schema/schema.graphql"), "utf8");
    writeFileSync(path.join(releases, "2026-01-01.graphql"), committed.replace(/^type Query \{/m, "type Query {\n  removedSinceThen: Int"));
    const current = path.join(releases, "current.graphql");
    writeFileSync(current, committed);
    const r = run("npm", ["run", "-s", "schema", "--", "--diff", "--file", current, "--releases", releases, "--today", "2026-12-02"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/✗ BREAKING: Field 'removedSinceThen' was removed from object type 'Query' \(Query.removedSinceThen\)/);
    expect(r.stderr).toMatch(/Query.removedSinceThen is not deprecated in release 2026-01-01/);
  }, 120_000);
});

describe("the codegen drift check", () => {
  /** The codegen inputs and outputs, copied; node_modules linked. */
  function copy(): string {
    const dir = mkdtempSync(path.join(tmpdir(), "roots-codegen-"));
    for (const p of ["codegen.ts", "codegen", "schema", "client/src/features", "client/src/gql"])
      cpSync(path.join(repo, p), path.join(dir, p), { recursive: true });
    symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir");
    return dir;
  }
  const check = (dir: string) => run(path.join(repo, "node_modules/.bin/graphql-codegen"), ["--config", "codegen.ts", "--check"], dir);

  it("passes on the committed output and fails when a generated file is stale", () => {
    const dir = copy();
    expect(check(dir).status).toBe(0);
    appendFileSync(path.join(dir, "client/src/gql/graphql.ts"), "\nexport type Stale = true;\n");
    expect(check(dir).status).toBe(1);
  }, 120_000);

  it("fails when an operation changed and its hooks were not generated again", () => {
    const dir = copy();
    const op = path.join(dir, "client/src/features/villages/villages.graphql");
    writeFileSync(op, `${readFileSync(op, "utf8")}\nquery DriftProbe {\n  __typename\n}\n`);
    expect(check(dir).status).toBe(1);
  }, 120_000);
});
