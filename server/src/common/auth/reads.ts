/**
 * Who may read each field of the schema's object types, field by field (issue 37): the walk in
 * tests/integration/read-walk.test.ts fails on a field no area tags and on an answer that shows a
 * field to someone its tag leaves out. These tags say who may read a field of a row once the row
 * is reached; which rows a reader reaches at all is each area's policy (`can`, `visibleSql`), and
 * people's fields follow genealogy's person policy table (docs/access-policy.md).
 *
 * - `anyone`: whoever reaches the row, a visitor included;
 * - `members`: signed-in members (a visitor is told to sign in, or gets nothing);
 * - `self`: the member the row belongs to, reached only through their own paths (`viewer`,
 *   sessions, notifications, their imports);
 * - `reviewers`: the village's reviewers (its curators, editors and admins);
 * - `staff`: moderators, editors and admins (the management pages);
 * - `admins`: admins only.
 */
export type ReadTag = "anyone" | "members" | "self" | "reviewers" | "staff" | "admins";

/** GraphQL type name → field → tag. */
export type ReadTags = Readonly<Record<string, Readonly<Record<string, ReadTag>>>>;

/** Every listed field of a type with one tag. */
export const all = (tag: ReadTag, fields: string): Readonly<Record<string, ReadTag>> =>
  Object.fromEntries(
    fields
      .split(/\s+/)
      .filter(Boolean)
      .map((f) => [f, tag]),
  );

/** The fields of a Relay connection and its edge, read as its rows are. */
export const connection = (tag: ReadTag, edgeExtra = ""): Record<string, Readonly<Record<string, ReadTag>>> => ({
  connection: all(tag, "edges pageInfo totalCount"),
  edge: all(tag, `cursor node ${edgeExtra}`),
});
