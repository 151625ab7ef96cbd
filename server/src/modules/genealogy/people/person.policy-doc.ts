import { POLICY_AUDIT_COLUMNS, POLICY_PATHS, POLICY_TYPES, type ArgRule, type Rule } from "./person.policy-table.js";

/** What a rule shows at each access level: full, partial (curators of the village, close relatives), private. */
function cells(rule: Rule): [string, string, string] {
  if (rule === "shown") return ["yes", "yes", "yes"];
  if (rule === "person") return ["as Person", "as Person", "as Person"];
  if (rule === "visible") return ["what they see", "what they see", "what they see"];
  if (rule === "own") return ["own file", "own file", "own file"];
  const parts = typeof rule === "string" ? [rule] : [...rule];
  const partial = parts.includes("all")
    ? "yes"
    : parts.includes("life")
      ? "no"
      : parts.map((p) => (p === "dates" ? "if showBirthDate" : "if showLocation")).join(" and ");
  return ["yes", partial, "no"];
}

const ARG: Record<ArgRule, string> = {
  id: "looked up: as absent when hidden",
  all: "matches people seen as more than Private only",
  dates: "compares only dates the viewer may see",
  places: "compares only places the viewer may see",
  life: "compares only what full access shows",
  page: "paging",
  shown: "not about a person",
  input: "what the viewer writes",
};

/** docs/access-policy.md, from the table (policy-walk.test.ts checks the file is this). */
export function renderPolicyMarkdown(): string {
  const out = [
    "# What each access level shows of a person",
    "",
    "Generated from `server/src/modules/genealogy/people/person.policy-table.ts` (tests/integration/policy-walk.test.ts fails when this file differs;",
    "`UPDATE_POLICY_DOC=1` on that test rewrites it). Who gets which level is `accessTo` in person.policy.ts:",
    "",
    "- **Full**: the person themself, whoever created the record, editors and admins; anyone, for a public record of someone who has died.",
    "- **Partial**: curators of the person's village and members whose own record is a close relative, for a public living person:",
    "  the person minus what their privacy settings hide (showBirthDate, showLocation) and minus what records say of their life.",
    '- **Private**: everyone else, for a public living person: shown as "Private" where the person is shown at all.',
    "- **None**: a record that is not public, for everyone but full access: as if it did not exist, counts included.",
    "",
    '"what they see": a list or count of only what the viewer may see. "as Person": shaped by the Person table for that person.',
    "",
  ];
  for (const [type, policy] of Object.entries(POLICY_TYPES)) {
    out.push(`## ${type}`, "", policy.about, "", "| Field | Full | Partial | Private |", "| --- | --- | --- | --- |");
    for (const [field, rule] of Object.entries(policy.fields)) out.push(`| ${field} | ${cells(rule).join(" | ")} |`);
    out.push("");
  }
  out.push(
    "## A person's history (AuditChange.field)",
    "",
    "A column not listed is shown to full access only.",
    "",
    "| Column | Full | Partial | Private |",
    "| --- | --- | --- | --- |",
  );
  for (const [column, rule] of Object.entries(POLICY_AUDIT_COLUMNS)) out.push(`| ${column} | ${cells(rule).join(" | ")} |`);
  out.push("", "## Paths", "", "| Path | Someone hidden | Arguments |", "| --- | --- | --- |");
  for (const [path, policy] of Object.entries(POLICY_PATHS)) {
    const args =
      Object.entries(policy.args)
        .map(([a, r]) => `${a}: ${ARG[r]}`)
        .join("; ") || "none";
    out.push(`| ${path} | ${policy.hidden} | ${args} |`);
  }
  return out.join("\n") + "\n";
}
