import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";
import { buildPerson } from "../support/genealogy.js";

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64url");
const VERIFY = `mutation ($kind: RecordKind!, $id: ID!, $source: String!) { verifyRecord(kind: $kind, id: $id, source: $source) { provenance sources } }`;
const PERSON = `query ($id: ID!) { person(id: $id) { isPrivate fullName provenance sources birth { text } } }`;
const QUEUE = `query ($v: ID) { reviewQueue(villageId: $v, first: 50) { totalCount edges { node { kind id title villageName villageNameAr villageNameFr } } } }`;

let server: TestServer;
let member: BuiltUser;
let curatorA: BuiltUser;
let editor: BuiltUser;
let admin: BuiltUser;
let villageA: string;
let villageB: string;

beforeAll(async () => {
  server = await startTestServer();
  [villageA, villageB] = await buildVillages(server.ds, [
    { name: "Zahle", nameAr: "زحلة", nameFr: "Zahlé", slug: "zahle" },
    { name: "Ehden", nameAr: "إهدن", slug: "ehden" },
  ]);
  member = await buildUser(server.ds);
  curatorA = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
  admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
  const res = await server.gql(
    `mutation ($input: CuratorAssignmentInput!) { assignVillageCurator(input: $input) { villageName villageNameAr villageNameFr active } }`,
    { input: { userId: gid("User", curatorA.id), villageId: gid("Village", villageA) } },
    { token: admin.token },
  );
  expect(res.data).toEqual({
    assignVillageCurator: [{ villageName: "Zahle", villageNameAr: "زحلة", villageNameFr: "Zahlé", active: true }],
  });
});
afterAll(() => server.stop());

describe("curators are scoped to their villages", () => {
  it("only admins assign curators", async () => {
    const res = await server.gql(
      `mutation ($input: CuratorAssignmentInput!) { assignVillageCurator(input: $input) { active } }`,
      { input: { userId: gid("User", curatorA.id), villageId: gid("Village", villageB) } },
      { token: editor.token },
    );
    expect(res.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("a curator sees living people of their village (within privacy settings), not of another village", async () => {
    const inA = await buildPerson(server, member, { fullName: "Rita Maalouf", birthDate: "1990", villageId: gid("Village", villageA) });
    const inB = await buildPerson(server, member, { fullName: "Nadia Frangieh", birthDate: "1990", villageId: gid("Village", villageB) });
    const a = await server.gql<{ person: { isPrivate: boolean; fullName: string; birth: unknown } }>(
      PERSON,
      { id: inA },
      { token: curatorA.token },
    );
    expect(a.data!.person).toMatchObject({ isPrivate: false, fullName: "Rita Maalouf", birth: null });
    const b = await server.gql<{ person: { isPrivate: boolean; fullName: string | null } }>(PERSON, { id: inB }, { token: curatorA.token });
    expect(b.data!.person).toMatchObject({ isPrivate: true, fullName: null });
  });

  it("a curator of village A verifies a record of A with a source, not one of B", async () => {
    const inA = await buildPerson(server, member, {
      fullName: "Tanios Maalouf",
      birthDate: "1870",
      deathDate: "1930",
      villageId: gid("Village", villageA),
      sources: "Family bible",
    });
    const inB = await buildPerson(server, member, {
      fullName: "Boutros Douaihy",
      birthDate: "1870",
      deathDate: "1930",
      villageId: gid("Village", villageB),
    });
    const ok = await server.gql<{ verifyRecord: { provenance: string; sources: string } }>(
      VERIFY,
      { kind: "PERSON", id: inA, source: "Zahle parish register, 1870, no. 42" },
      { token: curatorA.token },
    );
    expect(ok.data!.verifyRecord).toEqual({ provenance: "VERIFIED", sources: "Family bible\nZahle parish register, 1870, no. 42" });
    const shown = await server.gql<{ person: { provenance: string } }>(PERSON, { id: inA });
    expect(shown.data!.person.provenance).toBe("VERIFIED");
    const [entry]: { action: string; before: { provenance: string }; after: { provenance: string } }[] = await server.ds.query(
      `SELECT action, before, after FROM audit_logs WHERE table_name = 'people' AND action = 'verify'`,
    );
    expect(entry).toMatchObject({ before: { provenance: "COMMUNITY" }, after: { provenance: "VERIFIED" } });
    const refused = await server.gql(VERIFY, { kind: "PERSON", id: inB, source: "A register" }, { token: curatorA.token });
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const member2 = await server.gql(VERIFY, { kind: "PERSON", id: inB, source: "A register" }, { token: member.token });
    expect(member2.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const [b]: { provenance: string }[] = await server.ds.query(`SELECT provenance FROM people WHERE full_name = 'Boutros Douaihy'`);
    expect(b.provenance).toBe("COMMUNITY");
  });

  it("verification without a source is refused, in the reader's language, and nothing changes", async () => {
    const id = await buildPerson(server, member, {
      fullName: "Yousef Maalouf",
      birthDate: "1880",
      deathDate: "1940",
      villageId: gid("Village", villageA),
    });
    for (const [language, message] of [
      ["en", "A source is required to verify a record."],
      ["ar", "يلزم ذكر مصدر لتوثيق السجل."],
    ]) {
      const res = await server.gql(VERIFY, { kind: "PERSON", id, source: "   " }, { token: curatorA.token, language });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(res.errors?.[0].message).toBe(message);
    }
    const [row]: { provenance: string }[] = await server.ds.query(`SELECT provenance FROM people WHERE full_name = 'Yousef Maalouf'`);
    expect(row.provenance).toBe("COMMUNITY");
  });

  it("editors and admins verify anywhere, families and parent links too", async () => {
    const child = await buildPerson(server, member, {
      fullName: "Elias Douaihy",
      birthDate: "1900",
      deathDate: "1970",
      villageId: gid("Village", villageB),
    });
    const parent = await buildPerson(server, member, {
      fullName: "Sleiman Douaihy",
      birthDate: "1870",
      deathDate: "1940",
      villageId: gid("Village", villageB),
    });
    await server.gql(
      `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`,
      { c: child, p: parent },
      { token: member.token },
    );
    const [link]: { id: string }[] = await server.ds.query(`SELECT id FROM parent_links`);
    const fam = await server.gql<{ createFamily: { id: string } }>(
      `mutation ($input: FamilyInput!) { createFamily(input: $input) { id } }`,
      { input: { familyName: "Douaihy", villageId: gid("Village", villageB) } },
      { token: member.token },
    );
    for (const [kind, id] of [
      ["PERSON", child],
      ["PARENT_LINK", gid("ParentLink", link.id)],
      ["FAMILY", fam.data!.createFamily.id],
    ]) {
      const res = await server.gql<{ verifyRecord: { provenance: string } }>(
        VERIFY,
        { kind, id, source: "Ehden civil registry" },
        { token: editor.token },
      );
      expect(res.data?.verifyRecord.provenance).toBe("VERIFIED");
    }
    const [l]: { provenance: string; sources: string }[] = await server.ds.query(`SELECT provenance, sources FROM parent_links`);
    expect(l).toEqual({ provenance: "VERIFIED", sources: "Ehden civil registry" });
  });
});

describe("review queue", () => {
  it("lists COMMUNITY people and families of the curator's villages only; staff see every village", async () => {
    const res = await server.gql<{
      reviewQueue: {
        totalCount: number;
        edges: { node: { kind: string; title: string; villageName: string; villageNameAr: string; villageNameFr: string } }[];
      };
    }>(QUEUE, {}, { token: curatorA.token });
    const titles = res.data!.reviewQueue.edges.map((e) => e.node.title);
    expect(titles).toEqual(expect.arrayContaining(["Rita Maalouf", "Yousef Maalouf"]));
    expect(titles).not.toContain("Tanios Maalouf"); // verified already
    expect(res.data!.reviewQueue.edges.every((e) => e.node.villageName === "Zahle")).toBe(true);
    // The village in each language, for the reader's (the French name is the gazetteer's, accented).
    expect(res.data!.reviewQueue.edges[0].node).toMatchObject({ villageNameAr: "زحلة", villageNameFr: "Zahlé" });
    const other = await server.gql(QUEUE, { v: gid("Village", villageB) }, { token: curatorA.token });
    expect(other.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(QUEUE, {}, { token: member.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const staff = await server.gql<{ reviewQueue: { edges: { node: { villageName: string; villageNameFr: string | null } }[] } }>(
      QUEUE,
      {},
      { token: editor.token },
    );
    expect(new Set(staff.data!.reviewQueue.edges.map((e) => e.node.villageName))).toEqual(new Set(["Zahle", "Ehden"]));
    // A village without a French name gives none: the reader's page falls back to the English one.
    expect(staff.data!.reviewQueue.edges.find((e) => e.node.villageName === "Ehden")?.node.villageNameFr).toBeNull();
  });

  it("an expired assignment or a revoked role ends the curator's powers", async () => {
    await server.ds.query(`UPDATE village_curators SET expires_at = now() - interval '1 day' WHERE user_id = $1`, [curatorA.id]);
    expect((await server.gql(QUEUE, {}, { token: curatorA.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    await server.ds.query(`UPDATE village_curators SET expires_at = NULL WHERE user_id = $1`, [curatorA.id]);
    expect((await server.gql(QUEUE, {}, { token: curatorA.token })).errors).toBeUndefined();
  });
});

describe("village text", () => {
  const UPDATE = `mutation ($id: ID!, $input: VillageUpdateInput!) { updateVillage(id: $id, input: $input) { description descriptionAr hasChurch populationCurrent } }`;
  it("curators of the village, editors and admins change it, audited; others are refused", async () => {
    const input = { description: "A town in the Bekaa.", descriptionAr: "مدينة في البقاع.", hasChurch: true, populationCurrent: 150000 };
    const ok = await server.gql<{ updateVillage: unknown }>(UPDATE, { id: gid("Village", villageA), input }, { token: curatorA.token });
    expect(ok.data!.updateVillage).toEqual(input);
    const [a]: { before: Record<string, unknown>; after: Record<string, unknown> }[] = await server.ds.query(
      `SELECT before, after FROM audit_logs WHERE table_name = 'villages' AND record_id = $1`,
      [villageA],
    );
    expect(a).toMatchObject({
      before: { has_church: false, description: null },
      after: { has_church: true, description: "A town in the Bekaa." },
    });
    for (const user of [curatorA, member]) {
      const res = await server.gql(UPDATE, { id: gid("Village", villageB), input: { hasChurch: true } }, { token: user.token });
      expect(res.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    const ed = await server.gql(UPDATE, { id: gid("Village", villageB), input: { hasChurch: true } }, { token: editor.token });
    expect(ed.errors).toBeUndefined();
  });
});
