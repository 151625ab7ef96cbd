import { describe, expect, it } from "@jest/globals";
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";

/**
 * The areas read the time from a clock tests can move (ctx.clock, a job's or a router's clock):
 * the repository's lint config refuses a wall-clock read under server/src/modules, and lets one
 * through where a commented eslint-disable line says it is no business rule. Each snippet is
 * linted as if it lived at its path, so nothing is written to the tree.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function clockErrors(path: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").length;
}

describe("the wall clock in the areas", () => {
  it.each([
    ["Date.now()", "export const expired = (at: number) => at < Date.now();\n"],
    ["new Date()", "export const today = () => new Date().toISOString().slice(0, 10);\n"],
    ["new Date without parentheses", "// prettier-ignore\nexport const now = () => new Date;\n"],
    ["Date() called as a function", "export const stamp = () => Date();\n"],
  ])("%s fails lint in an area", async (_what, code) => {
    expect(await clockErrors("server/src/modules/genealogy/people/planted.ts", code)).toBe(1);
  });

  it("reading ctx.clock, or making a date from a value, passes", async () => {
    const code = [
      `import type { Context } from "../../../common/context.js";`,
      `export const today = (ctx: Context) => ctx.clock.now().toISOString().slice(0, 10);`,
      `export const at = (ms: number) => new Date(ms);`,
      "",
    ].join("\n");
    expect(await clockErrors("server/src/modules/genealogy/people/planted.ts", code)).toBe(0);
  });

  it("a commented eslint-disable line lets a cache's age read the wall clock", async () => {
    const code =
      "// eslint-disable-next-line no-restricted-syntax -- a cache's age, not a business rule\nexport const age = (at: number) => Date.now() - at;\n";
    expect(await clockErrors("server/src/modules/genealogy/names/planted.ts", code)).toBe(0);
  });

  it("applies to the areas only (the app layer, common/ and tests time what they do)", async () => {
    const code = "export const started = Date.now();\n";
    expect(await clockErrors("server/src/app/planted.ts", code)).toBe(0);
    expect(await clockErrors("server/src/modules/genealogy/people/planted.test.ts", code)).toBe(0);
  });
});
