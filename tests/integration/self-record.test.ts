import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

// "This is me": a member marks the record that is themself, which makes them the person
// themself for the privacy rules (and their close relatives visible to them).

const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id viewerCan { claimAsSelf } isViewer } }`;
const SET = `mutation ($id: ID) { setMyRecord(personId: $id) { id isViewer viewerCan { claimAsSelf } } }`;
const MINE = `query { viewerPerson { id displayName } }`;
const PERSON = `query ($id: ID!) { person(id: $id) { displayName isPrivate isViewer } }`;
const ADD_PARENT = `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`;

let server: TestServer;
let sami: BuiltUser;
let rita: BuiltUser;

async function ok<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await server.gql<T>(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const create = async (fullName: string, token: string) =>
  (await ok<{ createPerson: { id: string; viewerCan: { claimAsSelf: boolean } } }>(CREATE, { input: { fullName } }, token)).createPerson;

beforeAll(async () => {
  server = await startTestServer();
  sami = await buildUser(server.ds);
  rita = await buildUser(server.ds);
});
afterAll(() => server.stop());

describe("setMyRecord", () => {
  it("a member marks a record they created as themself, moves it to another, and clears it", async () => {
    const first = await create("Sami Haddad", sami.token);
    expect(first.viewerCan.claimAsSelf).toBe(true);
    expect((await ok<{ viewerPerson: null }>(MINE, {}, sami.token)).viewerPerson).toBeNull();
    const set = await ok<{ setMyRecord: { id: string; isViewer: boolean; viewerCan: { claimAsSelf: boolean } } }>(
      SET,
      { id: first.id },
      sami.token,
    );
    expect(set.setMyRecord).toEqual({ id: first.id, isViewer: true, viewerCan: { claimAsSelf: false } });
    expect((await ok<{ viewerPerson: { id: string } }>(MINE, {}, sami.token)).viewerPerson.id).toBe(first.id);
    // Asking again changes nothing.
    expect((await ok<{ setMyRecord: { id: string } }>(SET, { id: first.id }, sami.token)).setMyRecord.id).toBe(first.id);

    const second = await create("Sami G. Haddad", sami.token);
    await ok(SET, { id: second.id }, sami.token);
    expect((await ok<{ viewerPerson: { id: string } }>(MINE, {}, sami.token)).viewerPerson.id).toBe(second.id);
    expect((await ok<{ person: { isViewer: boolean } }>(PERSON, { id: first.id }, sami.token)).person.isViewer).toBe(false);
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE user_id = $1`, [sami.id]);
    expect(n).toBe(1);

    expect((await ok<{ setMyRecord: null }>(SET, { id: null }, sami.token)).setMyRecord).toBeNull();
    expect((await ok<{ viewerPerson: null }>(MINE, {}, sami.token)).viewerPerson).toBeNull();
    const actions = await server.ds.query(
      `SELECT action FROM audit_logs WHERE table_name = 'people' AND action LIKE '%_self' ORDER BY created_at, id`,
    );
    expect(actions.map((a: { action: string }) => a.action)).toEqual(["claim_self", "release_self", "claim_self", "release_self"]);
  });

  it("no one can take over a record someone else created or another member holds", async () => {
    const samis = await create("Sami Khoury", sami.token);
    const res = await server.gql(SET, { id: samis.id }, { token: rita.token });
    expect(res.errors?.[0]).toMatchObject({
      message: "Only a record you created yourself can be marked as you.",
      extensions: { code: "FORBIDDEN" },
    });
    expect((await server.gql(SET, { id: samis.id })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await server.gql(SET, { id: "bogus" }, { token: sami.token })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const ritaView = await server.gql<{ person: { viewerCan: { claimAsSelf: boolean } } }>(
      `query ($id: ID!) { person(id: $id) { viewerCan { claimAsSelf } } }`,
      { id: samis.id },
      { token: rita.token },
    );
    expect(ritaView.data!.person.viewerCan.claimAsSelf).toBe(false);
    const [{ user_id }] = await server.ds.query(`SELECT user_id FROM people WHERE id = $1`, [
      Buffer.from(samis.id, "base64url").toString().split(":")[1],
    ]);
    expect(user_id).toBeNull();
  });

  it("once a member has their own record, a living parent recorded by someone else is no longer Private to them", async () => {
    const editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
    const me = await create("Rita Saade", rita.token);
    const mother = await create("Nadia Saade", sami.token); // living, recorded by another member
    await ok(ADD_PARENT, { c: me.id, p: mother.id }, editor.token); // linked by an editor
    expect((await ok<{ person: { isPrivate: boolean } }>(PERSON, { id: mother.id }, rita.token)).person.isPrivate).toBe(true);
    await ok(SET, { id: me.id }, rita.token);
    expect((await ok<{ person: { isPrivate: boolean; displayName: string } }>(PERSON, { id: mother.id }, rita.token)).person).toMatchObject(
      { isPrivate: false, displayName: "Nadia Saade" },
    );
  });
});
