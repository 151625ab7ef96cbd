import { describe, expect, it } from "@jest/globals";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getIntrospectionQuery, Kind, parse, type DefinitionNode, type DocumentNode } from "graphql";
import { CostCalculator } from "../../server/src/app/cost.js";
import { buildRootsSchema } from "../../server/src/app/schema.js";
import { createEventBus } from "../../server/src/common/event-bus.js";
import { MAX_PAGE_SIZE } from "../../server/src/common/pagination.js";
import { loadConfig } from "../../server/src/config.js";

/**
 * Every operation the site sends stays under the cost limit, even with the largest page each
 * of its page sizes allows; and introspection, standard or abused, is costed with the schema's sizes.
 */
const features = fileURLToPath(new URL("../../client/src/features/", import.meta.url));
const documents = readdirSync(features, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".graphql"))
  .flatMap((f) => parse(readFileSync(join(features, f), "utf8")).definitions);
const fragments = documents.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
const operations = documents.filter((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation !== "subscription");
const withFragments = (op: DefinitionNode): DocumentNode => ({ kind: Kind.DOCUMENT, definitions: [op, ...fragments] });

/** Variables the site sends that size a list (the largest of its calls). */
const SENT: Record<string, Record<string, unknown>> = { TreeChart: { up: 5, down: 6 } };

describe("the cost of the site's own operations", () => {
  it("is under GRAPHQL_MAX_COST for each, with every page at its largest", async () => {
    const calc = new CostCalculator(await buildRootsSchema(createEventBus()));
    const max = loadConfig({}).GRAPHQL_MAX_COST;
    expect(operations.length).toBeGreaterThan(40);
    const over: string[] = [];
    for (const op of operations) {
      if (op.kind !== Kind.OPERATION_DEFINITION) continue;
      const variables = {
        ...Object.fromEntries(
          (op.variableDefinitions ?? []).map((v) => [v.variable.name.value, v.variable.name.value === "first" ? MAX_PAGE_SIZE : undefined]),
        ),
        ...SENT[op.name?.value ?? ""],
      };
      const { cost } = calc.cost(withFragments(op), op.name?.value, variables);
      if (cost > max) over.push(`${op.name?.value}: ${cost}`);
    }
    expect(over).toEqual([]);
  });

  it("prices ancestors and descendants by their generations, up to the most a lineage answers", async () => {
    const calc = new CostCalculator(await buildRootsSchema(createEventBus()));
    const lineage = (field: string, g: number) =>
      calc.cost(parse(`{ ${field}(personId: "x", generations: ${g}) { generation person { id name } } }`), undefined, {}).cost;
    for (const field of ["ancestors", "descendants"]) {
      const costs = [1, 2, 4, 6, 8, 10].map((g) => lineage(field, g));
      expect(costs).toEqual([...costs].sort((a, b) => a - b));
      expect(new Set(costs).size).toBe(costs.length); // every generation more costs more
    }
    // Ten generations of descendants are priced as the 2,046 people they may return: fifteen aliases cannot pass.
    const aliases = Array.from({ length: 15 }, (_, i) => `d${i}: descendants(personId: "x", generations: 10) { person { id } }`).join(" ");
    expect(calc.cost(parse(`{ ${aliases} }`), undefined, {}).cost).toBeGreaterThan(loadConfig({}).GRAPHQL_MAX_COST);
  });

  it("lets the standard introspection query through, and not twenty times its width", async () => {
    const calc = new CostCalculator(await buildRootsSchema(createEventBus()));
    const standard = calc.cost(parse(getIntrospectionQuery()), undefined, {});
    expect(standard.introspection).toBe(true);
    expect(standard.cost).toBeLessThanOrEqual(calc.introspectionLimit);
    const wide = parse(
      `{ __schema { ${Array.from({ length: 14 }, (_, i) => `a${i}: types { fields { args { name type { name fields { name args { name } } } } } }`).join(" ")} } }`,
    );
    expect(calc.cost(wide, undefined, {}).cost).toBeGreaterThan(calc.introspectionLimit);
  });
});
