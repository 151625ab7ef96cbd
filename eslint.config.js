import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { boundaryZones } from "./eslint.boundaries.js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".data/**",
      "client/src/gql/**",
      "client/src/features/*/generated.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The rule is registered as `import` so that `import/no-cycle` reads as documented.
    plugins: { import: importX },
    settings: {
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["server/tsconfig.json", "client/tsconfig.json", "tests/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-unsafe-function-type": "off",
      // Areas meet only through their public index.ts; layers point one way (eslint.boundaries.js).
      "import/no-restricted-paths": ["error", { zones: boundaryZones() }],
    },
  },
  {
    // Business rules read the request's clock (ctx.clock) or their area's (a job's, a router's):
    // tests move it (TestClock). A wall-clock read that is no business rule (a CPU-time cap, a
    // cache's age) says so on an eslint-disable line of its own. Tests may read the real time.
    files: ["server/src/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          "NewExpression[callee.name='Date'][arguments.length=0]",
          "CallExpression[callee.type='Identifier'][callee.name='Date']",
        ].map((selector) => ({
          selector,
          message: "Read the time from ctx.clock (or the area's clock), not the wall clock; see common/clock.ts.",
        })),
      ],
    },
  },
  {
    files: ["client/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
