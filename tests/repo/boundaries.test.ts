import { describe, expect, it } from "@jest/globals";
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";

/**
 * The import boundaries (eslint.boundaries.js) bite: a deliberate leak fails lint, and the
 * allowed way in (an area's index, a feature's area manifest) passes. Each file is linted as
 * if it lived at `path`, so nothing is written to the tree.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result.messages.filter((m) => m.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("import boundaries", () => {
  it.each([
    [
      "an area reaching into another area's files",
      "server/src/modules/ingestion/leak.ts",
      `import { MIN_PARENT_GAP_YEARS } from "../genealogy/people/person.service.js";\nexport const x = MIN_PARENT_GAP_YEARS;\n`,
    ],
    [
      "an area importing the app layer",
      "server/src/modules/genealogy/leak.ts",
      `import { buildRootsSchema } from "../../app/schema.js";\nexport const x = buildRootsSchema;\n`,
    ],
    [
      "common/ importing an area",
      "server/src/common/leak.ts",
      `import { User } from "../modules/accounts/index.js";\nexport const x = User;\n`,
    ],
    [
      "a feature reaching into another feature's files",
      "client/src/features/people/Leak.tsx",
      `import { RecordHistory } from "../curation/components/RecordHistory";\nexport const x = RecordHistory;\n`,
    ],
    [
      "the app shell reaching past a feature's manifest",
      "client/src/app/Leak.tsx",
      `import HomePage from "../features/home/pages/HomePage";\nexport const x = HomePage;\n`,
    ],
    [
      "a feature importing the shell that assembles it",
      "client/src/features/home/Leak.tsx",
      `import { routes } from "../../app/router";\nexport const x = routes;\n`,
    ],
    [
      "the client importing server code other than the date parser",
      "client/src/lib/leak.ts",
      `import { loadConfig } from "../../../server/src/config.js";\nexport const x = loadConfig;\n`,
    ],
    [
      "the shared date parser importing the rest of the server",
      "server/src/modules/genealogy/dates/leak.ts",
      `import { AppError } from "../../../common/errors.js";\nexport const x = AppError;\n`,
    ],
    [
      "a shared component importing a feature",
      "client/src/ui/Leak.tsx",
      `import { PersonCard } from "../features/people";\nexport const x = PersonCard;\n`,
    ],
  ])("refuse %s", async (_what, path, code) => {
    expect(await boundaryErrors(path, code)).toHaveLength(1);
  });

  it.each([
    [
      "an area using another through its index",
      "server/src/modules/ingestion/ok.ts",
      `import { MIN_PARENT_GAP_YEARS } from "../genealogy/index.js";\nexport const x = MIN_PARENT_GAP_YEARS;\n`,
    ],
    [
      "a feature using another through its index",
      "client/src/features/people/Ok.tsx",
      `import { RecordHistory } from "../curation";\nexport const x = RecordHistory;\n`,
    ],
    [
      "a feature using the session from app/auth",
      "client/src/features/people/Ok.tsx",
      `import { useAuth } from "../../app/auth/useAuth";\nexport const x = useAuth;\n`,
    ],
    [
      "the client using the server's date parser",
      "client/src/lib/ok.ts",
      `import { parseGenealogicalDate } from "../../../server/src/modules/genealogy/dates/index.js";\nexport const x = parseGenealogicalDate;\n`,
    ],
    [
      "the shell taking a feature's manifest",
      "client/src/app/Ok.ts",
      `import { homeArea } from "../features/home/area";\nexport const x = homeArea;\n`,
    ],
  ])("allow %s", async (_what, path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });
});
