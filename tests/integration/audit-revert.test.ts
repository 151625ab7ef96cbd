import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";
import { buildPerson } from "../support/genealogy.js";

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64url");
const UPDATE = `mutation ($id: ID!, $input: PersonInput!) { updatePerson(id: $id, input: $input) { id } }`;
const PERSON = `query ($id: ID!) { person(id: $id) { fullName occupation provenance } }`;
const LOG = `query ($table: AuditTable!, $id: ID!) { auditLog(table: $table, recordId: $id, first: 20) {
  totalCount edges { node { id action userName canRevert changes { field before after } } } } }`;
const REVERT = `mutation ($id: ID!) { revertChange(auditId: $id) }`;
type Entry = {
  id: string;
  action: string;
  userName: string;
  canRevert: boolean;
  changes: { field: string; before: string | null; after: string | null }[];
};

let server: TestServer;
let owner: BuiltUser;
let curatorA: BuiltUser;
let curatorB: BuiltUser;
let editor: BuiltUser;
let villageA: string;

async function history(id: string, user: BuiltUser, table = "PEOPLE"): Promise<Entry[]> {
  const res = await server.gql<{ auditLog: { edges: { node: Entry }[] } }>(LOG, { table, id }, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.auditLog.edges.map((e) => e.node);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds, { displayName: "Rita Owner" });
  curatorA = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  curatorB = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
  const vs = (
    await buildVillages(server.ds, [
      { name: "Zahle", slug: "zahle" },
      { name: "Ehden", slug: "ehden" },
    ])
  ).map((id) => ({ id }));
  villageA = gid("Village", vs[0].id);
  await server.ds.query(
    `INSERT INTO village_curators (id, user_id, village_id) VALUES (gen_random_uuid(), $1, $2), (gen_random_uuid(), $3, $4)`,
    [curatorA.id, vs[0].id, curatorB.id, vs[1].id],
  );
});
afterAll(() => server.stop());

describe("history and revert", () => {
  it("a curator of the village reads a person's history with before and after, and reverts a change; the revert is audited", async () => {
    const id = await buildPerson(server, owner, {
      fullName: "Tanios Khoury",
      birthDate: "1850",
      deathDate: "1921",
      occupation: "Silk weaver",
      villageId: villageA,
    });
    await server.gql(UPDATE, { id, input: { fullName: "Tanios VANDAL", occupation: "Nothing" } }, { token: owner.token });
    const entries = await history(id, curatorA);
    expect(entries.map((e) => e.action)).toEqual(["update", "create"]);
    expect(entries[0]).toMatchObject({ userName: "Rita Owner", canRevert: true });
    expect(entries[0].changes).toEqual(expect.arrayContaining([{ field: "occupation", before: '"Silk weaver"', after: '"Nothing"' }]));
    expect(entries[1].canRevert).toBe(false);
    expect((await server.gql(LOG, { table: "PEOPLE", id }, { token: curatorB.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(REVERT, { id: entries[0].id }, { token: curatorB.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(REVERT, { id: entries[0].id }, { token: curatorA.token })).data).toEqual({ revertChange: true });
    const back = await server.gql<{ person: unknown }>(PERSON, { id });
    expect(back.data!.person).toEqual({ fullName: "Tanios Khoury", occupation: "Silk weaver", provenance: "COMMUNITY" });
    // The search keys follow the restored name.
    const found = await server.gql<{ people: { totalCount: number } }>(`query { people(search: "VANDAL") { totalCount } }`);
    expect(found.data!.people.totalCount).toBe(0);
    expect((await history(id, curatorA)).map((e) => e.action)).toEqual(["revert", "update", "create"]);
  });

  it("refuses a revert when the record changed since (CONFLICT, translated)", async () => {
    const id = await buildPerson(server, owner, { fullName: "Elias Haddad", birthDate: "1880", deathDate: "1950", villageId: villageA });
    await server.gql(UPDATE, { id, input: { occupation: "Teacher" } }, { token: owner.token });
    await server.gql(UPDATE, { id, input: { occupation: "Priest" } }, { token: owner.token });
    const [, older] = await history(id, editor);
    for (const [language, message] of [
      ["en", "This record has changed since; revert the later changes first."],
      ["ar", "تغيّر هذا السجل بعد ذلك؛ تراجع عن التغييرات اللاحقة أولاً."],
    ]) {
      const res = await server.gql(REVERT, { id: older.id }, { token: editor.token, language });
      expect(res.errors?.[0].extensions?.code).toBe("CONFLICT");
      expect(res.errors?.[0].message).toBe(message);
    }
    expect((await server.gql<{ person: { occupation: string } }>(PERSON, { id })).data!.person.occupation).toBe("Priest");
  });

  it("undoing a verification puts the record back to COMMUNITY", async () => {
    const id = await buildPerson(server, owner, { fullName: "Mariam Saab", birthDate: "1870", deathDate: "1940", villageId: villageA });
    await server.gql(
      `mutation ($id: ID!) { verifyRecord(kind: PERSON, id: $id, source: "Register 12") { provenance } }`,
      { id },
      { token: curatorA.token },
    );
    const [verify] = await history(id, curatorA);
    expect(verify.action).toBe("verify");
    await server.gql(REVERT, { id: verify.id }, { token: curatorA.token });
    const [row]: { provenance: string; sources: string | null }[] = await server.ds.query(
      `SELECT provenance, sources FROM people WHERE full_name = 'Mariam Saab'`,
    );
    expect(row).toEqual({ provenance: "COMMUNITY", sources: null });
  });

  it("undoing a creation deletes the record; undoing a deletion brings it back with its parent links", async () => {
    const created = await buildPerson(server, owner, { fullName: "Spam Person", villageId: villageA });
    const [c] = await history(created, editor);
    await server.gql(REVERT, { id: c.id }, { token: editor.token });
    expect((await server.gql(PERSON, { id: created })).errors?.[0].extensions?.code).toBe("NOT_FOUND");

    const parent = await buildPerson(server, owner, {
      fullName: "Boutros Azar",
      birthDate: "1820",
      deathDate: "1890",
      villageId: villageA,
    });
    const child = await buildPerson(server, owner, {
      fullName: "Hanna Azar",
      birthDate: "1850",
      deathDate: "1920",
      villageId: villageA,
      occupation: "Farmer",
    });
    await server.gql(
      `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`,
      { c: child, p: parent },
      { token: owner.token },
    );
    await server.gql(`mutation ($id: ID!) { deletePerson(id: $id) }`, { id: child }, { token: owner.token });
    const [del] = await history(child, curatorA);
    expect(del).toMatchObject({ action: "delete", canRevert: true });
    expect((await server.gql(REVERT, { id: del.id }, { token: curatorA.token })).errors).toBeUndefined();
    const back = await server.gql<{ person: { fullName: string; occupation: string } }>(PERSON, { id: child });
    expect(back.data!.person).toMatchObject({ fullName: "Hanna Azar", occupation: "Farmer" });
    const anc = await server.gql<{ ancestors: { person: { id: string } }[] }>(
      `query ($id: ID!) { ancestors(personId: $id) { person { id } } }`,
      { id: child },
    );
    expect(anc.data!.ancestors.map((a) => a.person.id)).toEqual([parent]);
  });

  it("a curator's history of a living person hides what their partial view hides", async () => {
    const id = await buildPerson(server, owner, {
      fullName: "Nour Khoury",
      birthDate: "1990",
      birthPlace: "Zahle",
      currentLocation: "Paris",
      villageId: villageA,
    });
    const [c] = await history(id, curatorA);
    const fields = c.changes.map((ch) => ch.field);
    expect(fields).toContain("full_name");
    expect(fields).not.toContain("birth_date_text");
    expect(fields).not.toContain("current_location");
    const [e] = await history(id, editor);
    expect(e.changes.map((ch) => ch.field)).toContain("birth_date_text");
  });

  it("village history and revert", async () => {
    await server.gql(
      `mutation ($id: ID!) { updateVillage(id: $id, input: { hasChurch: true, description: "Vandalised" }) { id } }`,
      { id: villageA },
      { token: curatorA.token },
    );
    const [u] = await history(villageA, curatorA, "VILLAGES");
    await server.gql(REVERT, { id: u.id }, { token: curatorA.token });
    const [v]: { has_church: boolean; description: string | null }[] = await server.ds.query(
      `SELECT has_church, description FROM villages WHERE slug = 'zahle'`,
    );
    expect(v).toEqual({ has_church: false, description: null });
  });
});
