import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { memberRoots } from "../../server/src/modules/genealogy/index.js";
import { membersRootedIn } from "../../server/src/modules/genealogy/roots/member-roots.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

// A member's roots, defined once (genealogy's public API): the villages of their own record,
// of its ancestors up to 6 generations, and the village of origin their profile names.

const ROOTS = `query { myRoots { village { id name } reasons { kind generation declared person { id displayName } } } }`;
const ADD_PARENT = `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`;
const SET_SELF = `mutation ($id: ID) { setMyRecord(personId: $id) { id } }`;

type Roots = {
  myRoots: {
    village: { id: string; name: string };
    reasons: { kind: string; generation: number | null; declared: string | null; person: { id: string; displayName: string } | null }[];
  }[];
};

let server: TestServer;
let nadia: BuiltUser;
let other: BuiltUser;
const villages: Record<string, { id: string; raw: string }> = {};

async function ok<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await server.gql<T>(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}

beforeAll(async () => {
  server = await startTestServer();
  nadia = await buildUser(server.ds);
  other = await buildUser(server.ds);
  for (const name of ["Self Town", "Father Town", "Gen6 Town", "Gen7 Town", "Other Town", "Both Town"])
    villages[name] = await buildVillage(server, name);
  const [declared] = await server.ds.query(
    `INSERT INTO villages (id, rootspace_id, name, name_ar, slug) VALUES (gen_random_uuid(), 'lb', 'Deir el Qamar Roots', 'دير القمر الجذور', 'deir-roots-' || floor(random() * 1e9)::text) RETURNING id`,
  );
  villages.declared = { id: "", raw: declared.id };

  // Nadia's line: herself (Self Town), her father (Father Town), then up to a 7th-generation ancestor.
  const me = await buildPerson(server, nadia, { fullName: "Nadia Haddad", villageId: villages["Self Town"].id });
  await ok(SET_SELF, { id: me }, nadia.token);
  let child = me;
  for (let generation = 1; generation <= 7; generation++) {
    const village =
      generation === 1
        ? "Father Town"
        : generation === 6
          ? "Gen6 Town"
          : generation === 7
            ? "Gen7 Town"
            : generation === 3
              ? "Both Town"
              : undefined;
    const parent = await buildPerson(server, nadia, {
      fullName: `Ancestor ${generation} Haddad`,
      isDeceased: true,
      ...(village ? { villageId: villages[village].id } : {}),
    });
    await ok(ADD_PARENT, { c: child, p: parent }, nadia.token);
    child = parent;
  }
  // Another member's tree touches other villages; none of it is Nadia's.
  const them = await buildPerson(server, other, { fullName: "Karim Saab", villageId: villages["Other Town"].id });
  await ok(SET_SELF, { id: them }, other.token);
});
afterAll(() => server.stop());

describe("a member's roots", () => {
  it("needs sign-in", async () => {
    expect((await server.gql(ROOTS, {})).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("are the villages of their record and of ancestors up to 6 generations, nearest first, each with why", async () => {
    const { myRoots } = await ok<Roots>(ROOTS, {}, nadia.token);
    expect(myRoots.map((r) => r.village.name)).toEqual(["Self Town", "Father Town", "Both Town", "Gen6 Town"]);
    expect(myRoots[0].reasons).toEqual([
      { kind: "SELF", generation: null, declared: null, person: expect.objectContaining({ displayName: "Nadia Haddad" }) },
    ]);
    expect(myRoots[1].reasons).toEqual([
      { kind: "ANCESTOR", generation: 1, declared: null, person: expect.objectContaining({ displayName: "Ancestor 1 Haddad" }) },
    ]);
    expect(myRoots[3].reasons[0]).toMatchObject({ kind: "ANCESTOR", generation: 6 });
    expect(myRoots.some((r) => r.village.name === "Gen7 Town" || r.village.name === "Other Town")).toBe(false);
  });

  it("add the village of origin the profile names, in any spelling, and merge reasons for one village", async () => {
    await server.ds.query(`UPDATE users SET village_of_origin = $2 WHERE id = $1`, [nadia.id, "  Deir El-Qamar roots "]);
    let roots = await memberRoots(server.ds, nadia.id, "lb");
    expect(roots.at(-1)).toEqual({ villageId: villages.declared.raw, reasons: [{ kind: "DECLARED", text: "Deir El-Qamar roots" }] });

    await server.ds.query(`UPDATE users SET village_of_origin = $2 WHERE id = $1`, [nadia.id, "دير القمر الجذور"]);
    roots = await memberRoots(server.ds, nadia.id, "lb");
    expect(roots.at(-1)?.villageId).toBe(villages.declared.raw);

    // Declaring a village the tree already names adds a reason to it, not a second entry.
    await server.ds.query(`UPDATE users SET village_of_origin = 'both town' WHERE id = $1`, [nadia.id]);
    roots = await memberRoots(server.ds, nadia.id, "lb");
    const both = roots.filter((r) => r.villageId === villages["Both Town"].raw);
    expect(both).toHaveLength(1);
    expect(both[0].reasons.map((r) => r.kind)).toEqual(["ANCESTOR", "DECLARED"]);

    // Text that names no village adds nothing.
    await server.ds.query(`UPDATE users SET village_of_origin = 'Atlantis' WHERE id = $1`, [nadia.id]);
    expect((await memberRoots(server.ds, nadia.id, "lb")).map((r) => r.villageId)).not.toContain(villages.declared.raw);
  });

  it("survive a loop in the parent links", async () => {
    const [{ id: me }] = await server.ds.query(`SELECT id FROM people WHERE user_id = $1`, [nadia.id]);
    const [{ id: father }] = await server.ds.query(`SELECT parent_id AS id FROM parent_links WHERE child_id = $1`, [me]);
    await server.ds.query(`INSERT INTO parent_links (id, parent_id, child_id) VALUES (gen_random_uuid(), $1, $2)`, [me, father]);
    const roots = await memberRoots(server.ds, nadia.id, "lb");
    expect(roots.filter((r) => r.villageId === villages["Self Town"].raw)).toHaveLength(1);
  });

  it("for many members at once (a village's members) are the same as each one's, with the nearest tie", async () => {
    await server.ds.query(`UPDATE users SET village_of_origin = 'دير القمر الجذور' WHERE id = $1`, [other.id]);
    await server.ds.query(`UPDATE users SET village_of_origin = 'BOTH TOWN' WHERE id = $1`, [nadia.id]);
    const newcomer = await buildUser(server.ds);
    const members = [nadia.id, other.id, newcomer.id];
    for (const village of Object.values(villages)) {
      const expected = new Map<string, string>();
      for (const id of members) {
        const root = (await memberRoots(server.ds, id, "lb")).find((r) => r.villageId === village.raw);
        if (root) expected.set(id, root.reasons[0].kind);
      }
      expect(await membersRootedIn(server.ds, village.raw, "lb", members)).toEqual(expected);
    }
    expect(await membersRootedIn(server.ds, villages["Both Town"].raw, "lb", members)).toEqual(new Map([[nadia.id, "ANCESTOR"]]));
    expect(await membersRootedIn(server.ds, villages.declared.raw, "lb", members)).toEqual(new Map([[other.id, "DECLARED"]]));
    expect(await membersRootedIn(server.ds, villages["Other Town"].raw, "lb", members)).toEqual(new Map([[other.id, "SELF"]]));
    expect(await membersRootedIn(server.ds, villages["Gen7 Town"].raw, "lb", members)).toEqual(new Map());
  });

  it("are empty for a member with no record and no declared village", async () => {
    const newcomer = await buildUser(server.ds);
    expect((await ok<Roots>(ROOTS, {}, newcomer.token)).myRoots).toEqual([]);
  });
});
