import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId, toGlobalId } from "../../server/src/common/global-id.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

// people.living_until caches the living rule (LivingUntil migration); these cases change the
// evidence after the fact and check that every person it touches follows, through the API.
const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`;
const UPDATE = `mutation ($id: ID!, $input: PersonInput!) { updatePerson(id: $id, input: $input) { id } }`;
const DELETE = `mutation ($id: ID!) { deletePerson(id: $id) }`;
const ADD_PARENT = `mutation ($child: ID!, $parent: ID!, $kind: ParentKind) { addParent(childId: $child, parentId: $parent, kind: $kind) { id } }`;
const ADD_UNION = `mutation ($input: UnionInput!) { addUnion(input: $input) { id } }`;
const MERGE = `mutation ($keep: ID!, $merge: ID!) { mergePeople(keepId: $keep, mergeId: $merge) { id } }`;
const VERIFY = `mutation ($id: ID!, $kind: RecordKind!) { verifyRecord(id: $id, kind: $kind, source: "Parish register") { provenance } }`;
const PERSON = `query ($id: ID!) { person(id: $id) { isLiving } }`;

let server: TestServer;
let owner: BuiltUser;
let editor: BuiltUser;
const year = new Date().getFullYear();

async function ok<T>(query: string, variables: Record<string, unknown>, token = owner.token): Promise<T> {
  const res = await server.gql<T>(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const create = async (input: Record<string, unknown>, token = owner.token) =>
  (await ok<{ createPerson: { id: string } }>(CREATE, { input }, token)).createPerson.id;
const update = (id: string, input: Record<string, unknown>) => ok(UPDATE, { id, input });
const link = (child: string, parent: string, token = owner.token) => ok(ADD_PARENT, { child, parent, kind: "BIRTH" }, token);
const living = async (id: string) => (await ok<{ person: { isLiving: boolean } }>(PERSON, { id })).person.isLiving;
const raw = (id: string) => fromGlobalId(id)!.id;
const livingUntil = async (id: string) =>
  ((await server.ds.query(`SELECT living_until::text AS d FROM people WHERE id = $1`, [raw(id)])) as { d: string }[])[0].d;

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
});
afterAll(() => server.stop());

describe("living_until follows relatives' records", () => {
  it("a parent turns dead when a child's birth is dated long ago, and living again when the date is corrected", async () => {
    const parent = await create({ fullName: "Parent" });
    const child = await create({ fullName: "Child" });
    await link(child, parent);
    expect(await living(parent)).toBe(true);
    await update(child, { birthDate: String(year - 100) });
    expect(await living(parent)).toBe(false);
    await update(child, { birthDate: String(year - 30) });
    expect(await living(parent)).toBe(true);
  });

  it("a grandparent follows a grandchild's birth, and the link through the middle generation", async () => {
    const grandparent = await create({ fullName: "Grandparent" });
    const middle = await create({ fullName: "Middle" });
    const grandchild = await create({ fullName: "Grandchild" });
    await link(middle, grandparent);
    await link(grandchild, middle);
    await update(grandchild, { birthDate: String(year - 90) });
    expect(await living(grandparent)).toBe(false);
    // Deleting the middle person removes both links: nothing ties the grandparent to that birth.
    await ok(DELETE, { id: middle });
    expect(await living(grandparent)).toBe(true);
  });

  it("a grandparent linked last (above an already dated family) is dead at once", async () => {
    const middle = await create({ fullName: "Middle" });
    await link(await create({ fullName: "Grandchild", birthDate: String(year - 90) }), middle);
    const grandparent = await create({ fullName: "Grandparent" });
    await link(middle, grandparent);
    expect(await living(grandparent)).toBe(false);
  });

  it("children follow a parent's death date; a removed link takes the evidence away", async () => {
    const parent = await create({ fullName: "Parent" });
    const child = await create({ fullName: "Child" });
    await link(child, parent);
    await update(parent, { deathDate: String(year - 115) });
    expect(await living(child)).toBe(false);
    await server.ds.query(`DELETE FROM parent_links WHERE child_id = $1`, [raw(child)]);
    expect(await living(child)).toBe(true);
  });

  it("partners follow their union's date", async () => {
    const a = await create({ fullName: "Partner A" });
    const b = await create({ fullName: "Partner B" });
    await ok(ADD_UNION, { input: { personId: a, partnerId: b, startDate: String(year - 40) } });
    expect([await living(a), await living(b)]).toEqual([true, true]);
    await server.ds.query(`UPDATE unions SET start_date_to = make_date($2, 12, 31) WHERE partner1_id = $1 OR partner2_id = $1`, [
      raw(a),
      year - 100,
    ]);
    expect([await living(a), await living(b)]).toEqual([false, false]);
  });

  it("an untrusted old child counts once a curator verifies the child and the link", async () => {
    const parent = await create({ fullName: "Parent" });
    const child = await create({ fullName: "Old child", birthDate: String(year - 100) }, editor.token);
    await link(child, parent, editor.token);
    expect(await living(parent)).toBe(true);
    await ok(VERIFY, { id: child, kind: "PERSON" }, editor.token);
    expect(await living(parent)).toBe(true); // the link is still someone else's
    const [{ id: linkId }]: { id: string }[] = await server.ds.query(`SELECT id FROM parent_links WHERE child_id = $1`, [raw(child)]);
    await ok(VERIFY, { id: toGlobalId("ParentLink", linkId), kind: "PARENT_LINK" }, editor.token);
    expect(await living(parent)).toBe(false);
  });

  it("a death record removed from a person's own record leaves their relatives' evidence in force", async () => {
    const parent = await create({ fullName: "Parent", deathDate: String(year - 5) });
    await link(await create({ fullName: "Child", birthDate: String(year - 100) }), parent);
    expect(await living(parent)).toBe(false);
    await update(parent, { deathDate: null });
    expect(await living(parent)).toBe(false);
    expect(await livingUntil(parent)).toBe(`${year - 100 + 98 + 1}-01-01`);
  });

  it("a merge moves the evidence to the kept person", async () => {
    const keep = await create({ fullName: "Elias Haddad" });
    const dup = await create({ fullName: "Elias Haddad" });
    await link(await create({ fullName: "Child", birthDate: String(year - 100) }), dup);
    expect([await living(keep), await living(dup)]).toEqual([true, false]);
    await ok(MERGE, { keep, merge: dup });
    expect(await living(keep)).toBe(false);
  });
});

describe("living_until as time passes", () => {
  it("is the day after the widest reading of the evidence: a birth in 1915 proves death from 1 January 2026", async () => {
    const p = await create({ fullName: "Born 1915", birthDate: "1915" });
    expect(await livingUntil(p)).toBe("2026-01-01");
    const q = await create({ fullName: "Born 3 May 1915", birthDate: "3 MAY 1915" });
    expect(await livingUntil(q)).toBe("2025-05-04");
  });

  it("someone whose 110th birthday is still ahead is living today and dead once it has passed", async () => {
    const p = await create({ fullName: "Nearly 110", birthDate: String(year - 109) });
    expect(await living(p)).toBe(true);
    const until = await livingUntil(p);
    expect(until).toBe(`${year + 2}-01-01`);
    const [r]: { today: boolean; then: boolean; ruleThen: boolean }[] = await server.ds.query(
      `SELECT living_until > current_date AS today, living_until > $2::date AS then, roots_person_living_rule(id, $2::date) AS "ruleThen" FROM people WHERE id = $1`,
      [raw(p), until],
    );
    expect(r).toEqual({ today: true, then: false, ruleThen: false });
  });

  it("death records and no evidence at all: -infinity and infinity", async () => {
    expect(await livingUntil(await create({ fullName: "Deceased", isDeceased: true }))).toBe("-infinity");
    expect(await livingUntil(await create({ fullName: "No dates" }))).toBe("infinity");
  });
});

describe("living_until on bulk writes", () => {
  it("one statement linking many people updates all of them, as the rule from scratch says", async () => {
    const parents: string[] = [];
    const children: string[] = [];
    for (let i = 0; i < 6; i++) {
      parents.push(raw(await create({ fullName: `Bulk parent ${i}` })));
      children.push(raw(await create({ fullName: `Bulk child ${i}`, birthDate: String(year - 95 - 2 * i) })));
    }
    await server.ds.query(
      `INSERT INTO parent_links (id, parent_id, child_id, kind, created_by) SELECT gen_random_uuid(), p, c, 'birth', $3 FROM unnest($1::uuid[], $2::uuid[]) AS t(p, c)`,
      [parents, children, owner.id],
    );
    const rows: { living: boolean; rule: boolean }[] = await server.ds.query(
      `SELECT living_until > current_date AS living, roots_person_living_rule(id, current_date) AS rule FROM people WHERE id = ANY($1) ORDER BY full_name`,
      [parents],
    );
    // Born 95, 97, 99, … years ago: 98 years after the end of the birth year decides.
    expect(rows.map((r) => r.living)).toEqual([true, true, false, false, false, false]);
    expect(rows.every((r) => r.living === r.rule)).toBe(true);
  });
});
