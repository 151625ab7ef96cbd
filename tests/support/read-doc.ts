import { isObjectType, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import type { ReadTag } from "../../server/src/common/auth/reads.js";
import { ROOTS, rootTag } from "./read-walk.js";

const ORDER: ReadTag[] = ["anyone", "members", "self", "reviewers", "staff", "admins"];
const WHO: Record<ReadTag, string> = {
  anyone: "anyone who reaches it",
  members: "members",
  self: "the member it belongs to",
  reviewers: "the village's reviewers",
  staff: "staff (moderators, editors, admins)",
  admins: "admins",
};

const line = (fields: Map<string, ReadTag>, who: Record<ReadTag, string> = WHO) =>
  ORDER.filter((t) => [...fields.values()].includes(t))
    .map(
      (t) =>
        `${who[t]}: ${[...fields]
          .filter(([, tag]) => tag === t)
          .map(([f]) => f)
          .sort()
          .map((f) => `\`${f}\``)
          .join(", ")}`,
    )
    .join("; ");

/** An operation without an `@auth` rule is open to anyone as far as roles go; its resolver applies its area's policy. */
const WHO_OPERATION = { ...WHO, anyone: "no role rule (the operation asks its area's policy)" };

/** docs/read-policy.md: who may read each field of each type, and who may call each operation. */
export function renderReadTags(schema: GraphQLSchema, tags: Map<string, Map<string, ReadTag>>, byPolicyTable: ReadonlySet<string>): string {
  const out = [
    "# Who reads what",
    "",
    "Generated from the areas' read tags (`server/src/modules/*/*.reads.ts`, `common/auth/reads.ts`) and the",
    "operations' `@auth` rules by `tests/integration/read-walk.test.ts`, which walks the server against it",
    "(`UPDATE_POLICY_DOC=1` rewrites it). Tags say who may read a field of a row once it is reached; which",
    "rows a reader reaches is each area's policy. People's types follow the person policy table:",
    "see [access-policy.md](access-policy.md).",
    "",
    "## Operations",
    "",
  ];
  for (const root of ROOTS) {
    const type = schema.getType(root) as GraphQLObjectType;
    out.push(`- **${root}**: ${line(new Map(Object.values(type.getFields()).map((f) => [f.name, rootTag(f)])), WHO_OPERATION)}`);
  }
  out.push("", "## Types", "");
  const objects = Object.values(schema.getTypeMap())
    .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith("__") && !ROOTS.includes(t.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const type of objects)
    out.push(`- **${type.name}**: ${byPolicyTable.has(type.name) ? "the person policy table" : line(tags.get(type.name) ?? new Map())}`);
  return `${out.join("\n")}\n`;
}
