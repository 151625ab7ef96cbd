/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { corpusFile } from "../gedcom/helpers.js";
import { importConfirmed } from "../support/imports.js";
import { gid } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
let member: BuiltUser;

const START = `{ treeStart { reason openPicker person { id displayName fullName } } }`;
const REMEMBER = `mutation ($id: ID!) { rememberTreeRoot(personId: $id) }`;

async function ok(query: string, variables: Record<string, unknown> = {}, token: string | null = member.token): Promise<any> {
  const res = await server.gql<any>(query, variables, { token: token ?? undefined });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}
const personId = async (fullName: string) => {
  const [row] = await server.ds.query(
    `SELECT id FROM people WHERE lower(full_name) = lower($1) AND created_by = $2 ORDER BY created_at LIMIT 1`,
    [fullName, member.id],
  );
  return gid("Person", row.id);
};

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-start-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
  member = await buildUser(server.ds);
  await importConfirmed(server, member.token, "kennedy.ged", readFileSync(corpusFile("d-jeffrey-gedcom-samples/kennedy.ged")));
}, 240_000);
afterAll(() => server.stop());

describe("where the tree opens after a first import", () => {
  it("opens on the most connected person, not the first by name, with the picker open; visitors are refused", async () => {
    const { treeStart } = await ok(START);
    const [first] = await server.ds.query(`SELECT full_name FROM people WHERE created_by = $1 ORDER BY full_name LIMIT 1`, [member.id]);
    // The most links (parents, children, partners) among the member's people, counted here another way.
    const [most] = await server.ds.query(
      `SELECT p.full_name, count(*) AS links FROM people p
         JOIN (SELECT parent_id AS id FROM parent_links UNION ALL SELECT child_id FROM parent_links
               UNION ALL SELECT partner1_id FROM unions UNION ALL SELECT partner2_id FROM unions) l ON l.id = p.id
        WHERE p.created_by = $1 GROUP BY p.id, p.full_name ORDER BY links DESC, min(p.created_at) LIMIT 1`,
      [member.id],
    );
    expect(treeStart).toMatchObject({ reason: "MOST_CONNECTED", openPicker: true, person: { fullName: most.full_name } });
    expect(treeStart.person.fullName).not.toBe(first.full_name);
    expect(Number(most.links)).toBeGreaterThan(5);
    const visitor = await server.gql<any>(START, {});
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("then opens on the root the member last chose (remembered on the server), and on their own record before anything", async () => {
    const jfk = await personId("John Fitzgerald Kennedy");
    expect(await ok(REMEMBER, { id: jfk })).toEqual({ rememberTreeRoot: true });
    expect((await ok(START)).treeStart).toMatchObject({ reason: "CHOSEN", openPicker: false, person: { id: jfk } });

    // Another member's choice is theirs; someone they may not see cannot be remembered.
    const other = await buildUser(server.ds);
    expect((await ok(START, {}, other.token)).treeStart).toBeNull();
    const [hidden] = await server.ds.query(
      `INSERT INTO people (id, rootspace_id, full_name, is_public, privacy_settings, created_by)
       VALUES (gen_random_uuid(), 'lb', 'Hidden Person', false, '{"showBirthDate":false,"showLocation":false,"showContact":false}', $1) RETURNING id`,
      [member.id],
    );
    const refused = await server.gql<any>(REMEMBER, { id: gid("Person", hidden.id) }, { token: other.token });
    expect(refused.errors?.[0].extensions?.code).toBe("NOT_FOUND");

    const rose = await personId("Rose Elizabeth Fitzgerald");
    await ok(`mutation ($id: ID) { setMyRecord(personId: $id) { id } }`, { id: rose });
    expect((await ok(START)).treeStart).toMatchObject({ reason: "SELF", openPicker: false, person: { id: rose } });
  });
});

describe("a chosen root merged into another record", () => {
  it("opens on the kept record", async () => {
    const owner = await buildUser(server.ds);
    const create = `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`;
    const kept = (await ok(create, { input: { fullName: "Elias Saab" } }, owner.token)).createPerson.id;
    const twin = (await ok(create, { input: { fullName: "Elias Saab" } }, owner.token)).createPerson.id;
    await ok(REMEMBER, { id: twin }, owner.token);
    await ok(`mutation ($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`, { k: kept, m: twin }, owner.token);
    expect((await ok(START, {}, owner.token)).treeStart).toMatchObject({ reason: "CHOSEN", person: { id: kept } });
  });
});

describe("imported data reads cleanly", () => {
  it("drops empty parts of places and names sources by title or text, never by the file's key", async () => {
    const jfk = await personId("John Fitzgerald Kennedy");
    const { person } = await ok(`query ($id: ID!) { person(id: $id) { birthPlace deathPlace entry fromFiles { sources } } }`, { id: jfk });
    expect(person.birthPlace).toBe("Brookline, Norfolk County, MA, USA");
    expect(person.deathPlace).toBe("Dallas, Dallas County, TX, USA");
    expect(person.entry).toBe("IMPORT");
    // @S10@ has no title, only a text.
    expect(person.fromFiles.sources).toContain("p. 221, MVR 212 [Amended Rec]:45");
    expect(person.fromFiles.sources.filter((s: string) => /^@.*@$/.test(s))).toEqual([]);
    const [{ n }] = await server.ds.query(
      `SELECT count(*)::int AS n FROM people WHERE created_by = $1 AND (birth_place ~ ',\\s*,' OR death_place ~ ',\\s*,')`,
      [member.id],
    );
    expect(n).toBe(0);
  });
});
