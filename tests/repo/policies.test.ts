import "reflect-metadata";
import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import { buildSchema, isObjectType, type GraphQLSchema } from "graphql";
import type { AreaManifest } from "../../server/src/common/area.js";
import { definePolicy } from "../../server/src/common/auth/policy.js";
import { AREAS } from "../../server/src/modules/areas.js";

/**
 * What a reader may do with a row reaches the client as a `…ViewerCan` type; each one is
 * answered by one area's policy (`can(principal, action, row)`), listed in its manifest, whose
 * shown actions are exactly the type's fields (issue 37). A new `…ViewerCan` type, or an action
 * added on one side only, fails here.
 */
const schema = buildSchema(readFileSync(new URL("../../schema/schema.graphql", import.meta.url), "utf8"));

function policyGaps(s: GraphQLSchema, areas: readonly Pick<AreaManifest, "name" | "policies">[]): string[] {
  const gaps: string[] = [];
  const declared = new Map<string, string[]>();
  for (const area of areas)
    for (const [type, policy] of Object.entries(area.policies ?? {})) {
      declared.set(type, [...(declared.get(type) ?? []), area.name]);
      const t = s.getType(type);
      if (!t || !isObjectType(t)) {
        gaps.push(`${area.name} lists a policy for ${type}, which the schema does not have`);
        continue;
      }
      const fields = Object.keys(t.getFields()).sort();
      const shown = [...policy.shown].sort();
      if (JSON.stringify(fields) !== JSON.stringify(shown))
        gaps.push(`${type} has ${fields.join(", ")}; its policy shows ${shown.join(", ")}`);
    }
  for (const t of Object.values(s.getTypeMap()))
    if (isObjectType(t) && t.name.endsWith("ViewerCan") && !declared.has(t.name)) gaps.push(`${t.name} is answered by no area's policy`);
  for (const [type, owners] of declared) if (owners.length > 1) gaps.push(`${type} is answered by ${owners.join(" and ")}`);
  return gaps;
}

describe("policies answer every viewerCan", () => {
  it("every …ViewerCan type of the schema comes from one area's policy, field for action", () => {
    expect(policyGaps(schema, AREAS)).toEqual([]);
  });

  it("fails on a type no policy answers, an action on one side only, and a policy of a type that is not there", () => {
    const planted = buildSchema(`type Query { a: AViewerCan, b: BViewerCan }
      type AViewerCan { edit: Boolean! }
      type BViewerCan { edit: Boolean!, delete: Boolean! }`);
    const edit = definePolicy(["edit"], () => true);
    expect(policyGaps(planted, [{ name: "x", policies: { BViewerCan: edit, GoneViewerCan: edit } }])).toEqual([
      "BViewerCan has delete, edit; its policy shows edit",
      "x lists a policy for GoneViewerCan, which the schema does not have",
      "AViewerCan is answered by no area's policy",
    ]);
  });
});
