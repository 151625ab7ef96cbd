import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "../../server/src/common/uuid.js";
import { nameKeys } from "../../server/src/modules/genealogy/index.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

// A village page's "Families": the families of the village (and those its people belong to), and
// the members whose roots include the village and who chose to be listed.

const FAMILIES = `query ($v: ID!) { families(villageId: $v) { totalCount edges { node { familyName } } } }`;
const MEMBERS = `query ($v: ID!) { villageMembers(villageId: $v) { displayName tie isViewer } }`;
const OPT_IN = `mutation ($on: Boolean!) { updateProfile(input: { showInVillageMembers: $on }) { showInVillageMembers } }`;
const SET_SELF = `mutation ($id: ID) { setMyRecord(personId: $id) { id } }`;

let server: TestServer;
let village: { id: string; raw: string; slug: string };
let self: BuiltUser;
let descendant: BuiltUser;
let declared: BuiltUser;
let hidden: BuiltUser;

const rawOf = (globalId: string) => Buffer.from(globalId, "base64url").toString().split(":")[1];

async function ok<T>(query: string, variables: Record<string, unknown>, token?: string, language = "en"): Promise<T> {
  const res = await server.gql<T>(query, variables, { token, language });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}

beforeAll(async () => {
  server = await startTestServer();
  village = await buildVillage(server, "Families Town");
  const keys = nameKeys(["Families Town", "Ville des Familles"], ["بلدة العائلات"]);
  await server.ds.query(
    `UPDATE villages SET name_ar = 'بلدة العائلات', name_fr = 'Ville des Familles', key_latin = $2, key_arabic = $3, key_skeleton = $4 WHERE id = $1`,
    [village.raw, keys.latin, keys.arabic, keys.skeleton],
  );
  const elsewhere = await buildVillage(server, "Elsewhere");
  self = await buildUser(server.ds, { displayName: "Samira (self)" });
  descendant = await buildUser(server.ds, { displayName: "Dany (grandchild)" });
  declared = await buildUser(server.ds, { displayName: "Rita (declared)" });
  hidden = await buildUser(server.ds, { displayName: "Hidden Member" });

  // Samira's own record is of the village.
  const samira = await buildPerson(server, self, { fullName: "Samira Haddad", villageId: village.id });
  await ok(SET_SELF, { id: samira }, self.token);
  // Dany lives elsewhere; his grandfather was of the village.
  const dany = await buildPerson(server, descendant, { fullName: "Dany Aoun", villageId: elsewhere.id });
  await ok(SET_SELF, { id: dany }, descendant.token);
  const father = await buildPerson(server, descendant, { fullName: "Fouad Aoun", isDeceased: true, villageId: elsewhere.id });
  const grandfather = await buildPerson(server, descendant, { fullName: "Jabbour Aoun", isDeceased: true, villageId: village.id });
  await ok(`mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`, { c: dany, p: father }, descendant.token);
  await ok(`mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`, { c: father, p: grandfather }, descendant.token);
  // Rita names the village in her profile; the hidden member too, but keeps the default (not listed).
  await server.ds.query(`UPDATE users SET village_of_origin = 'Families Town' WHERE id = ANY($1)`, [[declared.id, hidden.id]]);

  // Families: one of the village, one of another village that a person of this village belongs to.
  const haddad = newId();
  const aoun = newId();
  await server.ds.query(
    `INSERT INTO families (id, rootspace_id, village_id, family_name) VALUES ($1, 'lb', $2, 'Haddad'), ($3, 'lb', $4, 'Aoun')`,
    [haddad, village.raw, aoun, elsewhere.raw],
  );
  await server.ds.query(`UPDATE people SET family_id = $1 WHERE id = $2`, [aoun, rawOf(grandfather)]);
  await server.ds.query(`INSERT INTO families (id, rootspace_id, village_id, family_name) VALUES ($1, 'lb', $2, 'Unrelated')`, [
    newId(),
    elsewhere.raw,
  ]);
}, 60_000);
afterAll(() => server.stop());

describe("a village's families", () => {
  it("lists the families of the village and those its people belong to", async () => {
    const data = await ok<{ families: { totalCount: number; edges: { node: { familyName: string } }[] } }>(FAMILIES, { v: village.id });
    expect(data.families.edges.map((e) => e.node.familyName).sort()).toEqual(["Aoun", "Haddad"]);
  });
});

describe("a village's members", () => {
  it("is off by default: nobody is listed until they opt in", async () => {
    const me = await ok<{ viewer: { showInVillageMembers: boolean } }>(`{ viewer { showInVillageMembers } }`, {}, self.token);
    expect(me.viewer.showInVillageMembers).toBe(false);
    expect((await ok<{ villageMembers: unknown[] }>(MEMBERS, { v: village.id }, hidden.token)).villageMembers).toEqual([]);
  });

  it("lists the members whose roots include the village and who opted in, with the kind of tie only", async () => {
    for (const u of [self, descendant, declared]) {
      const res = await ok<{ updateProfile: { showInVillageMembers: boolean } }>(OPT_IN, { on: true }, u.token);
      expect(res.updateProfile.showInVillageMembers).toBe(true);
    }
    const data = await ok<{ villageMembers: { displayName: string; tie: string; isViewer: boolean }[] }>(
      MEMBERS,
      { v: village.id },
      hidden.token,
    );
    expect(data.villageMembers).toEqual([
      { displayName: "Dany (grandchild)", tie: "ANCESTOR", isViewer: false },
      { displayName: "Rita (declared)", tie: "DECLARED", isViewer: false },
      { displayName: "Samira (self)", tie: "SELF", isViewer: false },
    ]);
    const [log]: { after: { show_in_village_members: boolean } }[] = await server.ds.query(
      `SELECT after FROM audit_logs WHERE table_name = 'users' AND record_id = $1 AND action = 'update_profile' ORDER BY created_at DESC LIMIT 1`,
      [self.id],
    );
    expect(log.after.show_in_village_members).toBe(true);
  });

  it("drops a member who opts out, and is for signed-in members only", async () => {
    await ok(OPT_IN, { on: false }, descendant.token);
    const data = await ok<{ villageMembers: { displayName: string; isViewer: boolean }[] }>(MEMBERS, { v: village.id }, self.token);
    expect(data.villageMembers.map((m) => [m.displayName, m.isViewer])).toEqual([
      ["Rita (declared)", false],
      ["Samira (self)", true],
    ]);
    expect((await server.gql(MEMBERS, { v: village.id })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const missing = Buffer.from(`Village:${newId()}`).toString("base64url");
    expect((await server.gql(MEMBERS, { v: missing }, { token: self.token })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});

describe("village events", () => {
  it("give their place in the reader's language and script when it names a village", async () => {
    await server.ds.query(
      `INSERT INTO events (id, type, place, village_ids, title) VALUES ($1, 'emigration', 'Families Town, Brazil', $2, 'Left')`,
      [newId(), [village.raw]],
    );
    const query = `query ($s: String!) { village(slug: $s) { events { type place placeInReaderScript } festivals { type } } }`;
    const ar = await ok<{ village: { events: { place: string; placeInReaderScript: string }[] } }>(
      query,
      { s: village.slug },
      undefined,
      "ar",
    );
    expect(ar.village.events[0]).toEqual({
      type: "EMIGRATION",
      place: "Families Town, Brazil",
      placeInReaderScript: "بلدة العائلات، Brazil",
    });
    const fr = await ok<{ village: { events: { placeInReaderScript: string }[] } }>(query, { s: village.slug }, undefined, "fr");
    expect(fr.village.events[0].placeInReaderScript).toBe("Ville des Familles, Brazil");
  });
});
