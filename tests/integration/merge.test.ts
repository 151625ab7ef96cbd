import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";
import { buildPerson } from "../support/genealogy.js";

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64url");
const raw = (globalId: string) => Buffer.from(globalId, "base64url").toString().split(":")[1];
const LINK = `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`;
const UNION = `mutation ($input: UnionInput!) { addUnion(input: $input) { id } }`;
const EVENT = `mutation ($input: EventInput!) { createEvent(input: $input) { id } }`;
const ENTRY = `mutation ($input: RegistryEntryInput!) { addRegistryEntry(input: $input) { id } }`;
const MERGE = `mutation ($keep: ID!, $merge: ID!) { mergePeople(keepId: $keep, mergeId: $merge) { id fullName fullNameAr nameVariants sources occupation birth { text } } }`;

let server: TestServer;
let owner: BuiltUser;
let other: BuiltUser;
let curator: BuiltUser;
let editor: BuiltUser;
let villageA: string;
let villageB: string;

async function ok(query: string, variables: Record<string, unknown>, user = owner) {
  const res = await server.gql(query, variables, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  other = await buildUser(server.ds);
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
  const vs = (
    await buildVillages(server.ds, [
      { name: "Zahle", slug: "zahle" },
      { name: "Ehden", slug: "ehden" },
    ])
  ).map((id) => ({ id }));
  [villageA, villageB] = vs.map((v) => gid("Village", v.id));
  await server.ds.query(`INSERT INTO village_curators (id, user_id, village_id) VALUES (gen_random_uuid(), $1, $2)`, [
    curator.id,
    vs[0].id,
  ]);
});
afterAll(() => server.stop());

describe("mergePeople", () => {
  it("moves every parent link and union, drops duplicate links, joins sources and names, fills empty fields; audit history stays findable", async () => {
    const keep = await buildPerson(server, owner, {
      fullName: "Tanios Khoury",
      birthDate: "1850",
      deathDate: "1921",
      sources: "Family bible",
    });
    const dup = await buildPerson(server, owner, {
      fullName: "Tanyus el-Khoury",
      fullNameAr: "طانيوس الخوري",
      birthDate: "ABT 1850",
      deathDate: "1921",
      occupation: "Silk weaver",
      sources: "Family bible\nZahle register no. 12",
    });
    const father = await buildPerson(server, owner, { fullName: "Boutros Khoury", birthDate: "1820", deathDate: "1880" });
    const child1 = await buildPerson(server, owner, { fullName: "Elias Khoury", birthDate: "1880", deathDate: "1950" });
    const child2 = await buildPerson(server, owner, { fullName: "Mariam Khoury", birthDate: "1882", deathDate: "1960" });
    const wife = await buildPerson(server, owner, { fullName: "Hanneh Maalouf", birthDate: "1855", deathDate: "1930" });
    await ok(LINK, { c: keep, p: father });
    await ok(LINK, { c: dup, p: father }); // the same father twice: one link after the merge
    await ok(LINK, { c: child1, p: keep });
    await ok(LINK, { c: child2, p: dup });
    await ok(UNION, { input: { personId: dup, partnerId: wife, kind: "marriage", startDate: "1878" } });
    await ok(`mutation ($id: ID!, $input: PersonInput!) { updatePerson(id: $id, input: $input) { id } }`, {
      id: dup,
      input: { occupation: "Weaver of silk" },
    });
    // Events and registry entries hang on the merged record; they move to the kept one.
    await ok(EVENT, { input: { type: "EMIGRATION", date: "1895", place: "Beirut", primaryPersonId: dup } });
    await ok(EVENT, { input: { type: "MARRIAGE", date: "1878", primaryPersonId: wife, secondaryPersonId: dup } });
    await ok(EVENT, { input: { type: "OTHER", title: "Partnership in the silk mill", primaryPersonId: keep, secondaryPersonId: dup } });
    await ok(ENTRY, { input: { villageId: villageA, personId: dup, destinationCountry: "BR", departureYear: 1895 } });

    const res = await server.gql<{ mergePeople: Record<string, unknown> }>(MERGE, { keep, merge: dup }, { token: owner.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.mergePeople).toMatchObject({
      id: keep,
      fullName: "Tanios Khoury",
      fullNameAr: "طانيوس الخوري",
      nameVariants: ["Tanyus el-Khoury"],
      sources: "Family bible\nZahle register no. 12",
      occupation: "Weaver of silk",
      birth: { text: "1850" },
    });
    const links: { parent_id: string; child_id: string }[] = await server.ds.query(
      `SELECT parent_id, child_id FROM parent_links ORDER BY created_at`,
    );
    expect(links).toHaveLength(3);
    expect(links).toEqual(
      expect.arrayContaining([
        { parent_id: raw(father), child_id: raw(keep) },
        { parent_id: raw(keep), child_id: raw(child1) },
        { parent_id: raw(keep), child_id: raw(child2) },
      ]),
    );
    const unions: { partner1_id: string; partner2_id: string }[] = await server.ds.query(`SELECT partner1_id, partner2_id FROM unions`);
    expect(unions).toHaveLength(1);
    expect([unions[0].partner1_id, unions[0].partner2_id].sort()).toEqual([raw(keep), raw(wife)].sort());
    const events: { type: string; primary_person_id: string; secondary_person_id: string | null }[] = await server.ds.query(
      `SELECT type, primary_person_id, secondary_person_id FROM events ORDER BY created_at`,
    );
    expect(events).toEqual([
      { type: "emigration", primary_person_id: raw(keep), secondary_person_id: null },
      { type: "marriage", primary_person_id: raw(wife), secondary_person_id: raw(keep) },
      // An event between the two keeps the kept person once.
      { type: "other", primary_person_id: raw(keep), secondary_person_id: null },
    ]);
    const listed = await server.gql<{ events: { edges: { node: { type: string } }[] } }>(
      `query ($p: ID) { events(personId: $p) { edges { node { type } } } }`,
      { p: keep },
      { token: owner.token },
    );
    expect(listed.data!.events.edges.map((e) => e.node.type).sort()).toEqual(["EMIGRATION", "MARRIAGE", "OTHER"]);
    const registered: { person_id: string; destination_country: string }[] = await server.ds.query(
      `SELECT person_id, destination_country FROM registry_entries`,
    );
    expect(registered).toEqual([{ person_id: raw(keep), destination_country: "BR" }]);
    // The merged id is gone (NOT_FOUND); its history is found through the kept person.
    expect((await server.gql(`query ($id: ID!) { person(id: $id) { id } }`, { id: dup })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const history = await server.gql<{ auditLog: { edges: { node: { action: string; recordId: string } }[] } }>(
      `query ($id: ID!) { auditLog(table: PEOPLE, recordId: $id, first: 50) { edges { node { action recordId } } } }`,
      { id: keep },
      { token: editor.token },
    );
    const entries = history.data!.auditLog.edges.map(
      (e) => `${e.node.action}:${e.node.recordId === dup ? "dup" : e.node.recordId === keep ? "keep" : "?"}`,
    );
    expect(entries).toEqual(expect.arrayContaining(["merge:keep", "merge:dup", "update:dup", "create:dup", "create:keep"]));
    // A name search for the merged spelling finds the kept person.
    const found = await server.gql<{ people: { edges: { node: { id: string } }[] } }>(
      `query { people(search: "طانيوس") { edges { node { id } } } }`,
    );
    expect(found.data!.people.edges.map((e) => e.node.id)).toEqual([keep]);
  });

  it("refuses to merge an ancestor with a descendant (a person would be their own parent), and a person with themself", async () => {
    const grand = await buildPerson(server, owner, { fullName: "Youssef Haddad", birthDate: "1800", deathDate: "1870" });
    const son = await buildPerson(server, owner, { fullName: "Youssef Haddad", birthDate: "1830", deathDate: "1890" });
    const grandson = await buildPerson(server, owner, { fullName: "Youssef Haddad", birthDate: "1860", deathDate: "1920" });
    await ok(LINK, { c: son, p: grand });
    await ok(LINK, { c: grandson, p: son });
    for (const [a, b] of [
      [grand, grandson],
      [grandson, grand],
      [son, grand],
    ]) {
      const res = await server.gql(MERGE, { keep: a, merge: b }, { token: owner.token, language: "en" });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect((res.errors?.[0].extensions?.fields as { key: string }[])[0].key).toBe("errors.merge_cycle");
    }
    expect((await server.gql(MERGE, { keep: son, merge: son }, { token: owner.token })).errors?.[0].extensions?.code).toBe(
      "BAD_USER_INPUT",
    );
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE full_name = 'Youssef Haddad'`);
    expect(n).toBe(3);
  });

  it("refuses a merge that would give a person three or four birth parents, or a parent under 12 years older; nothing changes", async () => {
    const a = await buildPerson(server, owner, { fullName: "Naji Aoun" });
    const b = await buildPerson(server, owner, { fullName: "Naji Aoun" });
    for (const [child, name] of [
      [a, "Father A"],
      [a, "Mother A"],
      [b, "Father B"],
    ] as const) {
      await ok(LINK, { c: child, p: await buildPerson(server, owner, { fullName: name }) });
    }
    const res = await server.gql(MERGE, { keep: a, merge: b }, { token: owner.token });
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((res.errors?.[0].extensions?.fields as { key: string }[]).map((f) => f.key)).toEqual(["errors.too_many_birth_parents"]);
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM parent_links WHERE child_id = ANY($1)`, [
      [raw(a), raw(b)],
    ]);
    expect(n).toBe(3);

    // The kept record has no birth date; the merged one's would make its parent 5 years older.
    const parent = await buildPerson(server, owner, { fullName: "Rafic Aoun", birthDate: "1900", deathDate: "1970" });
    const undated = await buildPerson(server, owner, { fullName: "Rafic Aoun Jr" });
    const dated = await buildPerson(server, owner, { fullName: "Rafic Aoun Jr", birthDate: "1905", deathDate: "1980" });
    await ok(LINK, { c: undated, p: parent });
    const young = await server.gql(MERGE, { keep: undated, merge: dated }, { token: owner.token });
    expect((young.errors?.[0].extensions?.fields as { key: string }[]).map((f) => f.key)).toEqual(["errors.parent_too_young"]);
    expect((await server.gql(`query ($id: ID!) { person(id: $id) { id } }`, { id: dated }, { token: owner.token })).errors).toBeUndefined();
  });

  it("members merge only two records they own; curators only within their villages; editors anywhere", async () => {
    const mine = await buildPerson(server, owner, { fullName: "Georges Saab", birthDate: "1870", deathDate: "1940", villageId: villageA });
    const theirs = await buildPerson(server, other, {
      fullName: "Georges Saab",
      birthDate: "1871",
      deathDate: "1940",
      villageId: villageA,
    });
    const elsewhere = await buildPerson(server, other, {
      fullName: "Georges Saab",
      birthDate: "1870",
      deathDate: "1941",
      villageId: villageB,
    });
    expect((await server.gql(MERGE, { keep: mine, merge: theirs }, { token: owner.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(MERGE, { keep: mine, merge: elsewhere }, { token: curator.token })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    const byCurator = await server.gql(MERGE, { keep: mine, merge: theirs }, { token: curator.token });
    expect(byCurator.errors).toBeUndefined();
    const byEditor = await server.gql(MERGE, { keep: mine, merge: elsewhere }, { token: editor.token });
    expect(byEditor.errors).toBeUndefined();
    expect((await server.gql(MERGE, { keep: mine, merge: elsewhere }, { token: editor.token })).errors?.[0].extensions?.code).toBe(
      "NOT_FOUND",
    );
  });
});
