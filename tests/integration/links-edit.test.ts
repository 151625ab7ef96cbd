import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

// Changing and removing what links people: parent links, unions (couples) and families (clans).

const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`;
const ADD_PARENT = `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`;
const REMOVE_PARENT = `mutation ($c: ID!, $p: ID!) { removeParent(childId: $c, parentId: $p) { id } }`;
const ADD_UNION = `mutation ($input: UnionInput!) { addUnion(input: $input) { unions { id kind start { text } place partner { id } } } }`;
const UPDATE_UNION = `mutation ($id: ID!, $input: UnionUpdateInput!) { updateUnion(id: $id, input: $input) { unions { id kind start { text } place } } }`;
const DELETE_UNION = `mutation ($id: ID!) { deleteUnion(id: $id) }`;
const PARENTS = `query ($id: ID!) { ancestors(personId: $id, generations: 1) { person { id } } }`;
const UNIONS = `query ($id: ID!) { person(id: $id) { unions { id kind } } }`;
const CREATE_FAMILY = `mutation ($input: FamilyInput!) { createFamily(input: $input) { id } }`;
const UPDATE_FAMILY = `mutation ($id: ID!, $input: FamilyInput!) { updateFamily(id: $id, input: $input) { id familyName familyNameAr notes notesAr notesFr } }`;
const DELETE_FAMILY = `mutation ($id: ID!) { deleteFamily(id: $id) }`;

let server: TestServer;
let owner: BuiltUser;
let other: BuiltUser;
let editor: BuiltUser;

async function ok<T>(query: string, variables: Record<string, unknown>, token = owner.token): Promise<T> {
  const res = await server.gql<T>(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const person = async (fullName: string, extra: Record<string, unknown> = {}, token = owner.token) =>
  (await ok<{ createPerson: { id: string } }>(CREATE, { input: { fullName, ...extra } }, token)).createPerson.id;
const auditCount = async (table: string, action: string): Promise<number> =>
  (await server.ds.query(`SELECT count(*)::int AS n FROM audit_logs WHERE table_name = $1 AND action = $2`, [table, action]))[0].n;

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  other = await buildUser(server.ds);
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
});
afterAll(() => server.stop());

describe("removeParent", () => {
  it("removes only the link, audited; the people stay and the link can be made again", async () => {
    const father = await person("Youssef Khoury", { birthDate: "1900", deathDate: "1970" });
    const son = await person("Elias Khoury", { birthDate: "1930", deathDate: "2000" });
    await ok(ADD_PARENT, { c: son, p: father });
    const before = await auditCount("parent_links", "delete");
    await ok(REMOVE_PARENT, { c: son, p: father });
    expect((await ok<{ ancestors: unknown[] }>(PARENTS, { id: son })).ancestors).toEqual([]);
    expect((await server.gql(`query ($id: ID!) { person(id: $id) { id } }`, { id: father })).errors).toBeUndefined();
    expect(await auditCount("parent_links", "delete")).toBe(before + 1);
    await ok(ADD_PARENT, { c: son, p: father });
    expect((await ok<{ ancestors: { person: { id: string } }[] }>(PARENTS, { id: son })).ancestors.map((a) => a.person.id)).toEqual([
      father,
    ]);
  });

  it("is refused to visitors, to members who may not edit the people, and for a link that does not exist", async () => {
    const father = await person("Boutros Haddad", { birthDate: "1890", deathDate: "1960" });
    const son = await person("Hanna Haddad", { birthDate: "1920", deathDate: "1990" });
    await ok(ADD_PARENT, { c: son, p: father });
    expect((await server.gql(REMOVE_PARENT, { c: son, p: father })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await server.gql(REMOVE_PARENT, { c: son, p: father }, { token: other.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(REMOVE_PARENT, { c: father, p: son }, { token: owner.token })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await server.gql(REMOVE_PARENT, { c: "nope", p: father }, { token: owner.token })).errors?.[0].extensions?.code).toBe(
      "NOT_FOUND",
    );
    expect((await ok<{ ancestors: unknown[] }>(PARENTS, { id: son })).ancestors).toHaveLength(1);
    // An editor may.
    await ok(REMOVE_PARENT, { c: son, p: father }, editor.token);
    expect((await ok<{ ancestors: unknown[] }>(PARENTS, { id: son })).ancestors).toHaveLength(0);
  });
});

describe("updateUnion and deleteUnion", () => {
  it("changes kind, date and place with the same rules as adding, then removes the union", async () => {
    const a = await person("Georges Saade", { birthDate: "1900", deathDate: "1950" });
    const b = await person("Marie Saade", { birthDate: "1905", deathDate: "1980" });
    const added = await ok<{ addUnion: { unions: { id: string }[] } }>(ADD_UNION, {
      input: { personId: a, partnerId: b, kind: "engagement" },
    });
    const uid = added.addUnion.unions[0].id;
    const upd = await ok<{ updateUnion: { unions: { kind: string; start: { text: string }; place: string }[] } }>(UPDATE_UNION, {
      id: uid,
      input: { kind: "marriage", startDate: "ABT 1925", place: "Zahle" },
    });
    expect(upd.updateUnion.unions).toEqual([{ id: uid, kind: "marriage", start: { text: "ABT 1925" }, place: "Zahle" }]);

    // Bad input changes nothing.
    for (const [input, key] of [
      [{ kind: "marriage", startDate: "1910" }, "errors.union_too_young"],
      [{ kind: "marriage", startDate: "1960" }, "errors.union_after_death"],
      [{ kind: "marriage", startDate: "31 FEB 1925" }, "errors.date_invalid"],
      [{ kind: "elopement" }, "errors.validation.isIn"],
    ] as const) {
      const res = await server.gql(UPDATE_UNION, { id: uid, input }, { token: owner.token });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(JSON.stringify(res.errors?.[0].extensions)).toContain(key);
    }
    expect((await ok<{ person: { unions: { kind: string }[] } }>(UNIONS, { id: a })).person.unions).toEqual([
      { id: uid, kind: "marriage" },
    ]);

    // A second union of the same kind between the same people is a duplicate.
    const second = await ok<{ addUnion: { unions: { id: string; kind: string }[] } }>(ADD_UNION, {
      input: { personId: a, partnerId: b, kind: "engagement" },
    });
    const engagement = second.addUnion.unions.find((u) => u.kind === "engagement")!.id;
    const dup = await server.gql(UPDATE_UNION, { id: engagement, input: { kind: "marriage" } }, { token: owner.token });
    expect(JSON.stringify(dup.errors?.[0].extensions)).toContain("errors.union_duplicate");

    expect((await server.gql(DELETE_UNION, { id: uid }, { token: other.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(DELETE_UNION, { id: uid })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(
      (await server.gql(UPDATE_UNION, { id: uid, input: { kind: "marriage" } }, { token: other.token })).errors?.[0].extensions?.code,
    ).toBe("FORBIDDEN");
    expect(await ok<{ deleteUnion: boolean }>(DELETE_UNION, { id: uid })).toEqual({ deleteUnion: true });
    expect((await ok<{ person: { unions: { id: string }[] } }>(UNIONS, { id: b })).person.unions.map((u) => u.id)).toEqual([engagement]);
    expect((await server.gql(DELETE_UNION, { id: uid }, { token: owner.token })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM audit_logs WHERE table_name = 'unions' AND record_id = $1`, [
      Buffer.from(uid, "base64url").toString().split(":")[1],
    ]);
    expect(n).toBe(3); // create, update, delete
  });
});

describe("updateFamily and deleteFamily", () => {
  it("edits names and notes in three languages; deletion is refused while people belong to the family", async () => {
    const fid = (await ok<{ createFamily: { id: string } }>(CREATE_FAMILY, { input: { familyName: "Frangieh" } })).createFamily.id;
    const input = {
      familyName: "Frangieh",
      familyNameAr: "فرنجية",
      notes: "A family of Zgharta.",
      notesAr: "عائلة من زغرتا.",
      notesFr: "Une famille de Zgharta.",
    };
    expect((await ok<{ updateFamily: unknown }>(UPDATE_FAMILY, { id: fid, input })).updateFamily).toEqual({ id: fid, ...input });

    expect(
      (await server.gql(UPDATE_FAMILY, { id: fid, input: { familyName: "X" } }, { token: other.token })).errors?.[0].extensions?.code,
    ).toBe("FORBIDDEN");
    const bad = await server.gql(
      UPDATE_FAMILY,
      { id: fid, input: { familyName: "Frangieh", familyNameAr: "Frangieh" } },
      { token: owner.token },
    );
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const blank = await server.gql(UPDATE_FAMILY, { id: fid, input: { familyName: "   " } }, { token: owner.token });
    expect(JSON.stringify(blank.errors?.[0].extensions)).toContain("errors.required");
    expect((await ok<{ updateFamily: { familyNameAr: string } }>(UPDATE_FAMILY, { id: fid, input })).updateFamily.familyNameAr).toBe(
      "فرنجية",
    );

    const member = await person("Hamid Frangieh", { familyId: fid, birthDate: "1907", deathDate: "1981" });
    const inUse = await server.gql(DELETE_FAMILY, { id: fid }, { token: owner.token });
    expect(inUse.errors?.[0]).toMatchObject({
      message: "People still belong to this family (1). Move them to another family first.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    await ok(`mutation ($id: ID!) { updatePerson(id: $id, input: { familyId: null }) { id } }`, { id: member });
    expect((await server.gql(DELETE_FAMILY, { id: fid }, { token: other.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await ok<{ deleteFamily: boolean }>(DELETE_FAMILY, { id: fid })).toEqual({ deleteFamily: true });
    expect((await server.gql(`query ($id: ID!) { family(id: $id) { id } }`, { id: fid })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(await auditCount("families", "delete")).toBe(1);
  });

  it("tells each viewer whether they may change the family (creator, editors and admins; not other members or visitors)", async () => {
    const fid = (await ok<{ createFamily: { id: string } }>(CREATE_FAMILY, { input: { familyName: "Moawad" } })).createFamily.id;
    const CAN = `query ($id: ID!) { family(id: $id) { viewerCan { edit } } }`;
    const canEdit = async (token?: string) =>
      (await server.gql<{ family: { viewerCan: { edit: boolean } } }>(CAN, { id: fid }, { token })).data!.family.viewerCan.edit;
    expect(await canEdit(owner.token)).toBe(true);
    expect(await canEdit(editor.token)).toBe(true);
    expect(await canEdit(other.token)).toBe(false);
    expect(await canEdit()).toBe(false);
  });
});
