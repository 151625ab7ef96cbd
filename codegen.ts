import { readdirSync } from "node:fs";
import type { CodegenConfig } from "@graphql-codegen/cli";

const FEATURES = "client/src/features";
const GQL = "client/src/gql/";

/** Feature folders that hold GraphQL operations get their own generated hooks file. */
const featuresWithOperations = readdirSync(FEATURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .filter((name) => readdirSync(`${FEATURES}/${name}`, { recursive: true }).some((f) => String(f).endsWith(".graphql")));

const config: CodegenConfig = {
  overwrite: true,
  schema: "schema/schema.graphql",
  generates: {
    // Typed documents for every operation (TypedDocumentNode), shared by all features.
    [GQL]: {
      documents: [`${FEATURES}/**/*.graphql`],
      preset: "client",
      config: {
        scalars: { DateTimeISO: "string", ID: "string" },
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
      },
      // Trusted documents: each operation carries its sha256 hash (`__meta__.hash`), and
      // persisted-documents.json maps every hash to its text; the server runs only those when
      // GRAPHQL_TRUSTED_DOCUMENTS is on (server/src/app/trusted-documents.ts).
      presetConfig: { fragmentMasking: false, gqlTagName: "graphql", persistedDocuments: { hashAlgorithm: "sha256" } },
    },
    // One hook per operation, per feature folder.
    ...Object.fromEntries(
      featuresWithOperations.map((name) => [
        `${FEATURES}/${name}/generated.ts`,
        {
          // All documents are loaded (fragments are shared); hooks are written only for this folder's operations.
          documents: [`${FEATURES}/**/*.graphql`],
          plugins: ["./codegen/apollo-hooks.cjs"],
          config: { gqlDir: GQL, featureDir: `${FEATURES}/${name}/` },
        },
      ]),
    ),
  },
};

export default config;
