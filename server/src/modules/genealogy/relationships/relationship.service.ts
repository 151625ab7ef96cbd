import type { Context } from "../../../common/context.js";
import { notFound } from "../../../common/errors.js";
import { accessTo, POLICY_COLUMNS } from "../people/person.policy.js";
import { PERSON_COLUMNS, presentPerson, type PersonRow } from "../people/person.present.js";
import { withRelatives } from "../people/person.relatives.js";
import { seesPersonSql, viewerParams } from "../people/person.visibility.js";
import { MAX_GENERATIONS, rawIdOf } from "../people/person.service.js";
import { NOT_RELATED, relationshipNames, SAME_PERSON, type Gender, type LinkKind, type RelationShape } from "./relationship.names.js";
import { RelationshipStep, type RelationshipView } from "./relationship.types.js";

/** Who the viewer may walk through: the same rule as accessTo's "none", in SQL. */
const VISIBLE = `($4 OR p.is_public OR p.created_by = $3 OR p.user_id = $3)`;
/** Not "Private" to the viewer (seesPersonSql, $3/$4/$6 from viewerParams): a union is only walked between two such people. */
const SHOWN = (x: string) => seesPersonSql(x, "$3", "$4", "$6");

/**
 * One statement: from a and b (and each one's spouses) climb up to MAX_GENERATIONS
 * through people the viewer may see, never revisiting a person on the same line
 * (cycle-safe); where the two climbs meet are the common ancestors. The nearest
 * meeting (fewest steps, then fewest marriages) wins; all ancestors at that same
 * meeting come back (both parents of full siblings), with the birth parents of the
 * two people just below it, to tell full from half relations. Marriages are only walked
 * between two people the viewer sees (a private person's unions are hidden elsewhere too).
 */
const PATH_SQL = `
  WITH RECURSIVE
  ends(side, start) AS (SELECT v.side, v.start FROM (VALUES ('a', $1::uuid), ('b', $2::uuid)) v(side, start) JOIN people r ON r.id = v.start AND r.rootspace_id = $7),
  seeds AS (
    SELECT e.side, e.start AS seed FROM ends e
    UNION
    SELECT e.side, o.id
      FROM ends e JOIN unions u ON e.start IN (u.partner1_id, u.partner2_id)
      JOIN people s ON s.id = e.start
      JOIN people o ON o.id = CASE WHEN u.partner1_id = e.start THEN u.partner2_id ELSE u.partner1_id END
     WHERE ${SHOWN("s")} AND ${SHOWN("o")}),
  up(side, seed, id, depth, path, kinds) AS (
    SELECT s.side, s.seed, s.seed, 0, ARRAY[s.seed], ARRAY[]::text[]
      FROM seeds s JOIN people p ON p.id = s.seed WHERE ${VISIBLE}
    UNION ALL
    SELECT u.side, u.seed, pl.parent_id, u.depth + 1, u.path || pl.parent_id, u.kinds || pl.kind
      FROM up u JOIN parent_links pl ON pl.child_id = u.id JOIN people p ON p.id = pl.parent_id
     WHERE u.depth < $5 AND pl.parent_id <> ALL(u.path) AND ${VISIBLE}),
  meet AS (
    SELECT x.id AS ancestor, x.seed AS seed_a, y.seed AS seed_b, x.depth AS da, y.depth AS db,
           x.path AS path_a, y.path AS path_b, x.kinds AS kinds_a, y.kinds AS kinds_b,
           (x.seed <> $1)::int + (y.seed <> $2)::int AS marriages
      FROM up x JOIN up y ON y.side = 'b' AND y.id = x.id
     WHERE x.side = 'a'),
  best AS (SELECT seed_a, seed_b, da, db FROM meet ORDER BY da + db + marriages, marriages, da LIMIT 1)
  SELECT m.ancestor, m.seed_a, m.seed_b, m.da, m.db, m.path_a::text[], m.path_b::text[], m.kinds_a, m.kinds_b,
         ARRAY(SELECT pl.parent_id::text FROM parent_links pl WHERE pl.child_id = m.path_a[m.da] AND pl.kind = 'birth') AS parents_a,
         ARRAY(SELECT pl.parent_id::text FROM parent_links pl WHERE pl.child_id = m.path_b[m.db] AND pl.kind = 'birth') AS parents_b
    FROM meet m JOIN best USING (seed_a, seed_b, da, db)
   ORDER BY m.ancestor, array_length(m.path_a, 1)`;

interface MeetRow {
  ancestor: string;
  seed_a: string;
  seed_b: string;
  da: number;
  db: number;
  path_a: string[];
  path_b: string[];
  kinds_a: string[];
  kinds_b: string[];
  parents_a: string[];
  parents_b: string[];
}

const kindOf = (kinds: string[]): LinkKind => (kinds.includes("step") ? "step" : kinds.includes("adoptive") ? "adoptive" : "birth");

/** Half relation: the two lines share one parent and each has another, different birth parent on record. */
function isHalf(meets: MeetRow[]): boolean {
  const m = meets[0];
  if (m.da === 0 || m.db === 0 || new Set(meets.map((x) => x.ancestor)).size > 1) return false;
  const otherA = m.parents_a.filter((p) => p !== m.ancestor);
  const otherB = m.parents_b.filter((p) => p !== m.ancestor);
  return otherA.length > 0 && otherB.length > 0 && !otherA.some((p) => otherB.includes(p));
}

/**
 * How b is related to a, as this viewer may see it: NOT_FOUND when either is unknown or
 * hidden; "not related" when no path through visible people joins them. A constant
 * number of statements (path, then the people on it) whatever the distance.
 */
export async function relationship(ctx: Context, aGlobalId: string, bGlobalId: string): Promise<RelationshipView> {
  const a = rawIdOf(aGlobalId, "Person");
  const b = rawIdOf(bGlobalId, "Person");
  if (!a || !b) throw notFound();
  const [uid, staff, near] = await viewerParams(ctx);
  const meets: MeetRow[] = a === b ? [] : await ctx.ds.query(PATH_SQL, [a, b, uid, staff, MAX_GENERATIONS, near, ctx.rootspace.id]);
  const ids = new Set([a, b, ...meets.flatMap((m) => [...m.path_a, ...m.path_b])]);
  // Links never cross rootspaces: a path is in the rootspace of its ends, which must be the request's.
  const rows: PersonRow[] = await ctx.ds.query(
    `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = ANY($1) AND p.rootspace_id = $2`,
    [[...ids], ctx.rootspace.id],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of [a, b]) {
    const row = byId.get(id);
    if (!row || accessTo(ctx.principal, row) === "none") throw notFound();
  }
  const view = (id: string) => presentPerson(byId.get(id)!, ctx.principal, ctx.language);
  const gender = (id: string): Gender => {
    const row = byId.get(id)!;
    const access = accessTo(ctx.principal, row);
    // A private person's gender is not shown, so it does not shape the name either.
    return access === "private" || access === "none" || !["M", "F"].includes(row.gender) ? "U" : (row.gender as Gender);
  };
  const result = (names: typeof NOT_RELATED, extra: Partial<RelationshipView>): RelationshipView => ({
    related: false,
    samePerson: false,
    path: [],
    steps: [],
    commonAncestors: [],
    generationsUp: null,
    generationsDown: null,
    names,
    name: names[ctx.language],
    ...extra,
  });
  if (a === b) return result(SAME_PERSON, { related: true, samePerson: true, path: [view(a)], generationsUp: 0, generationsDown: 0 });
  if (!meets.length) return result(NOT_RELATED, {});

  const m = meets[0];
  const downIds = m.path_b.slice(0, m.db).reverse(); // the common ancestor's child … seed_b
  const pathIds = [...(m.seed_a !== a ? [a] : []), ...m.path_a, ...downIds, ...(m.seed_b !== b ? [b] : [])];
  const steps = [
    ...(m.seed_a !== a ? [RelationshipStep.SPOUSE] : []),
    ...Array<RelationshipStep>(m.da).fill(RelationshipStep.UP),
    ...Array<RelationshipStep>(m.db).fill(RelationshipStep.DOWN),
    ...(m.seed_b !== b ? [RelationshipStep.SPOUSE] : []),
  ];
  const shape: RelationShape = {
    viaSpouse: m.seed_a !== a ? gender(m.seed_a) : null,
    up: m.path_a.slice(1).map(gender),
    down: downIds.map(gender),
    spouse: m.seed_b !== b ? gender(b) : null,
    half: isHalf(meets),
    kind: kindOf([...m.kinds_a, ...m.kinds_b]),
  };
  // Husband and wife: met at one of them with no generation between.
  if (!shape.up.length && !shape.down.length && (shape.viaSpouse || shape.spouse)) {
    Object.assign(shape, { viaSpouse: gender(b), spouse: null });
  }
  const names = relationshipNames(shape);
  const ancestors = [...new Set(meets.map((x) => x.ancestor))];
  return result(names, {
    related: true,
    path: pathIds.map(view),
    steps,
    commonAncestors: shape.up.length || shape.down.length ? ancestors.map(view) : [],
    generationsUp: m.da,
    generationsDown: m.db,
  });
}

/** The signed-in member's own person record (people.user_id) in the request's rootspace, to start "how are we related?" from. */
export async function viewerPerson(ctx: Context) {
  if (!ctx.viewer.userId) return null;
  const [rows] = await Promise.all([
    ctx.ds.query(
      `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.user_id = $1 AND p.rootspace_id = $2 ORDER BY p.created_at LIMIT 1`,
      [ctx.viewer.userId, ctx.rootspace.id],
    ) as Promise<PersonRow[]>,
    withRelatives(ctx),
  ]);
  return rows[0] ? presentPerson(rows[0], ctx.principal, ctx.language) : null;
}
