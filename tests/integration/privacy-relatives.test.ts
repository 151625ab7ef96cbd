import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { livingSql } from "../../server/src/modules/genealogy/people/person.policy.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`;
const ADD_PARENT = `mutation ($child: ID!, $parent: ID!, $kind: ParentKind) { addParent(childId: $child, parentId: $parent, kind: $kind) { id } }`;
const ADD_UNION = `mutation ($input: UnionInput!) { addUnion(input: $input) { id } }`;
const PERSON = `query ($id: ID!) { person(id: $id) { isPrivate displayName fullName gender birth { text } currentLocation isLiving occupation bio sources } }`;

let server: TestServer;
let owner: BuiltUser;
let editor: BuiltUser;

async function ok<T>(query: string, variables: Record<string, unknown>, token = owner.token): Promise<T> {
  const res = await server.gql<T>(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const create = async (input: Record<string, unknown>, token = owner.token) =>
  (await ok<{ createPerson: { id: string } }>(CREATE, { input }, token)).createPerson.id;
const link = (child: string, parent: string, token = owner.token, kind = "BIRTH") => ok(ADD_PARENT, { child, parent, kind }, token);
const living = async (id: string) => (await ok<{ person: { isLiving: boolean } }>(PERSON, { id })).person.isLiving;

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
});
afterAll(() => server.stop());

describe("living: relatives' dates", () => {
  const year = new Date().getFullYear();

  it("a person with no dates of their own is living until a trusted relative's dates prove otherwise", async () => {
    const cases: [string, (p: string) => Promise<unknown>, boolean][] = [
      ["a child born more than 98 years ago", async (p) => link(await create({ fullName: "c", birthDate: String(year - 100) }), p), false],
      [
        "a child who died more than 98 years ago",
        async (p) => link(await create({ fullName: "c", deathDate: String(year - 100) }), p),
        false,
      ],
      ["a child who died 50 years ago", async (p) => link(await create({ fullName: "c", deathDate: String(year - 50) }), p), true],
      [
        "a grandchild born more than 86 years ago",
        async (p) => {
          const c = await create({ fullName: "c" });
          await link(c, p);
          await link(await create({ fullName: "g", birthDate: String(year - 88) }), c);
        },
        false,
      ],
      [
        "a grandchild born 80 years ago",
        async (p) => {
          const c = await create({ fullName: "c" });
          await link(c, p);
          await link(await create({ fullName: "g", birthDate: String(year - 80) }), c);
        },
        true,
      ],
      [
        "a union more than 98 years ago",
        async (p) => ok(ADD_UNION, { input: { personId: p, partnerId: await create({ fullName: "s" }), startDate: String(year - 100) } }),
        false,
      ],
      [
        "a union 60 years ago",
        async (p) => ok(ADD_UNION, { input: { personId: p, partnerId: await create({ fullName: "s" }), startDate: String(year - 60) } }),
        true,
      ],
      [
        "a birth parent who died more than 111 years ago",
        async (p) => link(p, await create({ fullName: "f", deathDate: String(year - 113) })),
        false,
      ],
      [
        "a parent who died 100 years ago (could be a posthumous child of 99)",
        async (p) => link(p, await create({ fullName: "f", deathDate: String(year - 100) })),
        true,
      ],
      [
        "a step-parent who died long ago (the child may have come later)",
        async (p) => link(p, await create({ fullName: "f", deathDate: String(year - 150) }), owner.token, "STEP"),
        true,
      ],
      [
        "a parent born more than 210 years ago",
        async (p) => link(p, await create({ fullName: "f", birthDate: String(year - 215) })),
        false,
      ],
      ["a parent born 150 years ago", async (p) => link(p, await create({ fullName: "f", birthDate: String(year - 150) })), true],
      [
        "a sibling born 150 years ago (siblings' ages are not bounded)",
        async (p) => {
          const f = await create({ fullName: "f" });
          await link(p, f);
          await link(await create({ fullName: "b", birthDate: String(year - 150) }), f);
        },
        true,
      ],
    ];
    for (const [what, arrange, expected] of cases) {
      const p = await create({ fullName: `Subject: ${what}` });
      await arrange(p);
      expect({ what, living: await living(p) }).toEqual({ what, living: expected });
    }
  });

  it("an old child added by someone else (not verified) does not make a living person dead", async () => {
    const p = await create({ fullName: "Living subject" });
    // An editor may link anyone, but the child and the link are not the person's own records.
    const child = await create({ fullName: "Old child", birthDate: String(year - 100) }, editor.token);
    await link(child, p, editor.token);
    expect(await living(p)).toBe(true);
  });
});

describe("what each viewer sees of a living person", () => {
  let relative: BuiltUser;
  let member: BuiltUser;
  let curator: BuiltUser;
  let father: string;
  let cousin: string;

  beforeAll(async () => {
    relative = await buildUser(server.ds);
    member = await buildUser(server.ds);
    curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
    // Curators see living people of the villages they curate only: the father's village.
    const village = await buildVillage(server, "Ehden");
    await assignCurator(server.ds, curator.id, [village.raw]);
    const grandfather = await create({ fullName: "Grandpa Haddad", gender: "M" });
    father = await create({
      fullName: "Father Haddad",
      gender: "M",
      birthDate: "1960",
      currentLocation: "Montreal",
      villageId: village.id,
      occupation: "Engineer",
      bio: "Treated at Hôtel-Dieu in 2019.",
      sources: "Family papers",
    });
    const uncle = await create({ fullName: "Uncle Haddad", gender: "M" });
    cousin = await create({ fullName: "Cousin Haddad", gender: "F" });
    const self = await create({ fullName: "Self Haddad", gender: "M" });
    await link(father, grandfather);
    await link(uncle, grandfather);
    await link(cousin, uncle);
    await link(self, father);
    // The member's own record in the tree (what claiming a profile sets).
    await server.ds.query(`UPDATE people SET user_id = $1 WHERE id = $2`, [relative.id, fromGlobalId(self)!.id]);
  });

  const see = async (token: string | undefined, id: string) =>
    (await server.gql<{ person: Record<string, unknown> }>(PERSON, { id }, { token })).data!.person;

  it("visitor and member: Private; relative and curator: the name, minus what privacy settings hide and what the record says of his life; the creator: everything", async () => {
    const hidden = {
      isPrivate: true,
      displayName: "Private",
      fullName: null,
      gender: null,
      birth: null,
      currentLocation: null,
      isLiving: null,
      occupation: null,
      bio: null,
      sources: null,
    };
    // Occupation, notes and sources of a living person (an imported NOTE may hold an illness) only with full access, as the GEDCOM export.
    const partial = {
      isPrivate: false,
      displayName: "Father Haddad",
      fullName: "Father Haddad",
      gender: "M",
      birth: null,
      currentLocation: null,
      isLiving: true,
      occupation: null,
      bio: null,
      sources: null,
    };
    expect(await see(undefined, father)).toEqual(hidden);
    expect(await see(member.token, father)).toEqual(hidden);
    expect(await see(relative.token, father)).toEqual(partial);
    expect(await see(curator.token, father)).toEqual(partial);
    expect(await see(owner.token, father)).toEqual({
      ...partial,
      birth: { text: "1960" },
      currentLocation: "Montreal",
      occupation: "Engineer",
      bio: "Treated at Hôtel-Dieu in 2019.",
      sources: "Family papers",
    });
  });

  it("only close relatives: a first cousin stays Private to the relative", async () => {
    expect(await see(relative.token, cousin)).toMatchObject({ isPrivate: true, displayName: "Private" });
  });

  it("the relative finds their father in people lists; another member does not", async () => {
    const Q = `query { people(search: "Father Haddad") { totalCount edges { node { displayName } } } }`;
    const mine = await server.gql<{ people: { totalCount: number } }>(Q, {}, { token: relative.token });
    expect(mine.data!.people.totalCount).toBe(1);
    const theirs = await server.gql<{ people: { totalCount: number } }>(Q, {}, { token: member.token });
    expect(theirs.data!.people.totalCount).toBe(0);
  });

  it("the relative's own record starts 'how are we related?', and the path shows their close family by name", async () => {
    const me = await server.gql<{ viewerPerson: { id: string; displayName: string } }>(
      `{ viewerPerson { id displayName } }`,
      {},
      { token: relative.token },
    );
    expect(me.data!.viewerPerson.displayName).toBe("Self Haddad");
    const REL = `query ($a: ID!, $b: ID!) { relationship(a: $a, b: $b) { names { ar en } path { displayName } } }`;
    const asRelative = await server.gql<{ relationship: { names: { ar: string; en: string }; path: { displayName: string }[] } }>(
      REL,
      { a: me.data!.viewerPerson.id, b: cousin },
      { token: relative.token },
    );
    // The father is a close relative (partial: name and gender); the cousin is not (Private, gender unknown).
    expect(asRelative.data!.relationship.path.map((x) => x.displayName)).toEqual([
      "Self Haddad",
      "Father Haddad",
      "Grandpa Haddad",
      "Private",
      "Private",
    ]);
    expect(asRelative.data!.relationship.names).toEqual({ ar: "ولد العم أو العمة", en: "paternal first cousin" });
    const asMember = await server.gql<{ relationship: { path: { displayName: string }[] } }>(
      REL,
      { a: me.data!.viewerPerson.id, b: cousin },
      { token: member.token },
    );
    expect(asMember.data!.relationship.path.map((x) => x.displayName)).toEqual(["Private", "Private", "Private", "Private", "Private"]);
    expect(
      (await server.gql<{ viewerPerson: null }>(`{ viewerPerson { id } }`, {}, { token: member.token })).data!.viewerPerson,
    ).toBeNull();
  });

  it("the relative set costs one statement per request, not one per person", async () => {
    const Q = `query { people(first: 50) { edges { node { displayName unions { kind } } } } }`;
    server.queries.length = 0;
    await server.gql(Q, {}, { token: relative.token });
    const relativeQueries = server.queries.filter((q) =>
      q.includes("WITH me AS (SELECT id FROM people WHERE user_id = $1 AND rootspace_id = $2)"),
    );
    expect(relativeQueries).toHaveLength(1);
  });
});

describe("the cached living rule", () => {
  it("reads every person of these cases (each relatives' rule, trusted or not) as the rule from scratch, today and as years pass", async () => {
    // living_until is kept by triggers; roots_person_living_rule(id, at) re-derives the rule
    // at any date from the records. Later dates show that the cached date stays right.
    const [r]: { living: number; dead: number; differ: number }[] = await server.ds.query(
      `SELECT count(*) FILTER (WHERE ${livingSql("p")})::int AS living,
              count(*) FILTER (WHERE NOT ${livingSql("p")})::int AS dead,
              count(*) FILTER (WHERE roots_person_living(p.id) IS DISTINCT FROM roots_person_living_rule(p.id, current_date)
                                  OR (${livingSql("p")}) IS DISTINCT FROM roots_person_living_rule(p.id, current_date))::int
              + (SELECT count(*) FROM people q CROSS JOIN generate_series(1, 260, 7) y
                  WHERE (q.living_until > current_date + y * interval '1 year') IS DISTINCT FROM roots_person_living_rule(q.id, (current_date + y * interval '1 year')::date))::int AS differ
         FROM people p`,
    );
    expect(r.living).toBeGreaterThan(0);
    expect(r.dead).toBeGreaterThan(3);
    expect(r.differ).toBe(0);
  });
});
