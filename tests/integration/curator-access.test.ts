import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { newId } from "../../server/src/common/uuid.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gid } from "../support/genealogy.js";
import { exportTree } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";

/**
 * One access rule for curators on every path (person.policy.ts accessTo + hiddenParts): a
 * curator of a living person's village sees them minus what their privacy settings hide and
 * minus what records say of their life; a curator of another village sees them as no one
 * else does, counts included. Each case here was a leak an outside probe found.
 */
let server: TestServer;
let owner: BuiltUser;
let zahleCurator: BuiltUser;
let ehdenCurator: BuiltUser;
let zahle: string;
let ehden: string;
/** Living, public, hiding dates and places; with a bio, sources and occupation. */
let maya: string;
/** Living, not public. */
let secret: string;
let partner: string;

const person = (name: string, opts: { isPublic?: boolean; village?: string } = {}) =>
  server.ds
    .query(
      `INSERT INTO people (id, rootspace_id, full_name, birth_date_text, birth_date_from, birth_date_to, birth_place, bio, sources, occupation, is_public, village_id, created_by,
         privacy_settings, provenance)
       VALUES (gen_random_uuid(), 'lb', $1, '1990', '1990-01-01', '1990-12-31', 'Zahle, Haret el Rassi', 'Treated for an illness in 2020', 'Parish book p. 12', 'Nurse', $2, $3, $4,
         '{"showBirthDate": false, "showLocation": false}', 'COMMUNITY') RETURNING id`,
      [name, opts.isPublic ?? true, opts.village ?? zahle, owner.id],
    )
    .then((rows: { id: string }[]) => rows[0].id);

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds, { displayName: "Owner" });
  zahleCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  ehdenCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  [zahle, ehden] = await buildVillages(server.ds, [
    { name: "Zahle", slug: "zahle-ca" },
    { name: "Ehden", slug: "ehden-ca" },
  ]);
  await assignCurator(server.ds, zahleCurator.id, [zahle]);
  await assignCurator(server.ds, ehdenCurator.id, [ehden]);
  maya = await person("Maya Living");
  secret = await person("Secret Living", { isPublic: false });
  partner = await person("Elie Partner");
  await server.ds.query(
    `INSERT INTO unions (id, partner1_id, partner2_id, kind, start_date_text, start_date_from, start_date_to, place) VALUES (gen_random_uuid(), least($1::uuid, $2::uuid), greatest($1::uuid, $2::uuid), 'marriage', '2015', '2015-01-01', '2015-12-31', 'Beirut, Achrafieh')`,
    [maya, partner],
  );
  await server.ds.query(
    `INSERT INTO events (id, type, date_text, date_from, date_to, place, primary_person_id, village_ids, title, description, sources)
     VALUES (gen_random_uuid(), 'other', '2021', '2021-01-01', '2021-12-31', 'Zahle hospital', $1, ARRAY[$2::uuid], 'Surgery', 'Operated at Zahle hospital', 'Hospital record'),
            (gen_random_uuid(), 'other', '2022', '2022-01-01', '2022-12-31', 'Zahle', $3, ARRAY[$2::uuid], 'Hidden', 'Of a hidden person', NULL)`,
    [maya, zahle, secret],
  );
  const [reg]: { id: string }[] = await server.ds.query(
    `INSERT INTO registries (id, type, village_id, title) VALUES (gen_random_uuid(), 'emigrant', $1, 'Emigrants') RETURNING id`,
    [zahle],
  );
  await server.ds.query(
    `INSERT INTO registry_entries (id, registry_id, person_id, destination_country, departure_year, notes, sources)
     VALUES (gen_random_uuid(), $1, $2, 'BR', 2012, 'Left after a family quarrel', 'Passport'), (gen_random_uuid(), $1, $3, 'AU', 2013, 'x', NULL)`,
    [reg.id, maya, secret],
  );
  // History: the owner's creation and an update of each living person.
  for (const id of [maya, secret]) {
    await server.ds.query(
      `INSERT INTO audit_logs (id, table_name, record_id, user_id, action, before, after) SELECT $3, 'people', $1::text, $2, 'create', NULL, to_jsonb(p) - 'living_until' FROM people p WHERE p.id = $1::uuid`,
      [id, owner.id, newId()],
    );
    await server.ds.query(
      `INSERT INTO audit_logs (id, table_name, record_id, user_id, action, before, after) VALUES ($3, 'people', $1, $2, 'update', '{"bio": "old bio", "full_name": "Old Name"}', '{"bio": "Treated for an illness in 2020", "full_name": "New Name"}')`,
      [id, owner.id, newId()],
    );
  }
});
afterAll(() => server.stop());

const LOG = `query ($id: ID!) { auditLog(table: PEOPLE, recordId: $id, first: 20) { totalCount edges { node { id action changes { field } } } } }`;
const LOG_WITH_RECORD = `query ($id: ID!) { auditLog(table: PEOPLE, recordId: $id, first: 20) { edges { node { recordId changes { field } } } } }`;

describe("a curator of the person's village", () => {
  it("reads the history of a living person without what their settings and their life hide; a non-public one's is NOT_FOUND, as person() is", async () => {
    const res = await server.gql<{ auditLog: { edges: { node: { changes: { field: string }[] } }[] } }>(
      LOG,
      { id: gid("Person", maya) },
      { token: zahleCurator.token },
    );
    const fields = new Set(res.data!.auditLog.edges.flatMap((e) => e.node.changes.map((c) => c.field)));
    expect(fields.has("full_name")).toBe(true);
    for (const hidden of ["bio", "sources", "occupation", "created_by", "birth_date_text", "birth_place", "privacy_settings", "is_public"])
      expect(fields.has(hidden)).toBe(false);
    expect(
      (await server.gql(`query ($id: ID!) { person(id: $id) { id } }`, { id: gid("Person", secret) }, { token: zahleCurator.token }))
        .errors?.[0].extensions?.code,
    ).toBe("NOT_FOUND");
    expect((await server.gql(LOG, { id: gid("Person", secret) }, { token: zahleCurator.token })).errors?.[0].extensions?.code).toBe(
      "NOT_FOUND",
    );
  });

  it("sees no changes of a person merged in whom they may not see (another village's, not public)", async () => {
    const elsewhere = await person("Secret Elsewhere", { isPublic: false, village: ehden });
    await server.ds.query(
      `INSERT INTO audit_logs (id, table_name, record_id, user_id, action, before, after) SELECT $3, 'people', $1::text, $2, 'create', NULL, to_jsonb(p) - 'living_until' FROM people p WHERE p.id = $1::uuid`,
      [elsewhere, owner.id, newId()],
    );
    const merged = await server.gql(
      `mutation ($keep: ID!, $merge: ID!) { mergePeople(keepId: $keep, mergeId: $merge) { id } }`,
      { keep: gid("Person", partner), merge: gid("Person", elsewhere) },
      { token: owner.token },
    );
    expect(merged.errors).toBeUndefined();
    const res = await server.gql<{ auditLog: { edges: { node: { recordId: string; changes: { field: string }[] } }[] } }>(
      LOG_WITH_RECORD,
      { id: gid("Person", partner) },
      { token: zahleCurator.token },
    );
    const ofMerged = res.data!.auditLog.edges.filter((e) => e.node.recordId === gid("Person", elsewhere));
    expect(ofMerged.length).toBeGreaterThan(0);
    expect(ofMerged.flatMap((e) => e.node.changes.map((c) => c.field))).toEqual([]);
  });

  it("cannot revert a change of a person they cannot see; nothing changes", async () => {
    const [entry]: { id: string }[] = await server.ds.query(`SELECT id FROM audit_logs WHERE record_id = $1 AND action = 'update'`, [
      secret,
    ]);
    const res = await server.gql(
      `mutation ($id: ID!) { revertChange(auditId: $id) }`,
      { id: gid("AuditEntry", entry.id) },
      { token: zahleCurator.token },
    );
    expect(res.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await server.ds.query(`SELECT bio FROM people WHERE id = $1`, [secret]))[0].bio).toBe("Treated for an illness in 2020");
  });

  it("sees no sources of a living person in the review queue", async () => {
    const res = await server.gql<{ reviewQueue: { edges: { node: { title: string; sources: string | null } }[] } }>(
      `{ reviewQueue(first: 50) { edges { node { title sources } } } }`,
      {},
      { token: zahleCurator.token },
    );
    const row = res.data!.reviewQueue.edges.find((e) => e.node.title === "Maya Living");
    expect(row?.node.sources).toBeNull();
  });

  it("verifies a living person with a source without reading the sources already there", async () => {
    const res = await server.gql<{ verifyRecord: { provenance: string; sources: string } }>(
      `mutation ($id: ID!) { verifyRecord(kind: PERSON, id: $id, source: "Zahle civil registry") { provenance sources } }`,
      { id: gid("Person", maya) },
      { token: zahleCurator.token },
    );
    expect(res.data?.verifyRecord).toEqual({ provenance: "VERIFIED", sources: "Zahle civil registry" });
    expect((await server.ds.query(`SELECT sources FROM people WHERE id = $1`, [maya]))[0].sources).toBe(
      "Parish book p. 12\nZahle civil registry",
    );
  });

  it("sees a couple's union without the date and place their settings hide", async () => {
    const res = await server.gql<{ person: { unions: { place: string | null; start: unknown }[] } }>(
      `query ($id: ID!) { person(id: $id) { unions { place start { text } } } }`,
      { id: gid("Person", partner) },
      { token: zahleCurator.token },
    );
    expect(res.data!.person.unions).toEqual([{ place: null, start: null }]);
    // Their owner sees it whole.
    const own = await server.gql<{ person: { unions: { place: string | null }[] } }>(
      `query ($id: ID!) { person(id: $id) { unions { place } } }`,
      { id: gid("Person", partner) },
      { token: owner.token },
    );
    expect(own.data!.person.unions[0].place).toBe("Beirut, Achrafieh");
  });

  it("exports a living person's tree without what their settings and their life hide, the marriage included", async () => {
    // Their child's tree holds both partners, so the couple's family and its marriage.
    const child = await person("Child Living");
    await server.ds.query(
      `INSERT INTO parent_links (id, parent_id, child_id) VALUES (gen_random_uuid(), $1, $3), (gen_random_uuid(), $2, $3)`,
      [maya, partner, child],
    );
    const res = await exportTree(server, zahleCurator.token, `scope=person&person=${encodeURIComponent(gid("Person", child))}&version=7.0`);
    expect(res.status).toBe(200);
    const text = res.body.toString("utf8");
    expect(text).toContain("Maya Living");
    expect(text).toContain("1 MARR");
    for (const hidden of ["Achrafieh", "2015", "Haret el Rassi", "Treated for an illness", "Parish book", "Nurse", "Surgery"])
      expect(text).not.toContain(hidden);
    // The owner's export has them.
    const own = (
      await exportTree(server, owner.token, `scope=person&person=${encodeURIComponent(gid("Person", child))}&version=7.0`)
    ).body.toString("utf8");
    expect(own).toContain("Achrafieh");
    expect(own).toContain("2 DATE 2015");
  });

  it("sees a living person's events and register entries without what they say of their life", async () => {
    const events = await server.gql<{
      events: {
        totalCount: number;
        edges: { node: { title: string | null; description: string | null; sources: string | null; place: string | null } }[];
      };
    }>(
      `query ($v: ID!) { events(villageId: $v) { totalCount edges { node { title description sources place } } } }`,
      { v: gid("Village", zahle) },
      { token: zahleCurator.token },
    );
    expect(events.data!.events.totalCount).toBe(1);
    expect(events.data!.events.edges.map((e) => e.node)).toEqual([{ title: null, description: null, sources: null, place: null }]);
    const reg = await server.gql<{
      registryByCountry: {
        country: string;
        count: number;
        entries: { notes: string | null; sources: string | null; departureYear: number | null }[];
      }[];
    }>(
      `query ($v: ID!) { registryByCountry(villageId: $v) { country count entries { notes sources departureYear } } }`,
      { v: gid("Village", zahle) },
      { token: zahleCurator.token },
    );
    expect(reg.data!.registryByCountry).toEqual([
      { country: "BR", count: 1, entries: [{ notes: null, sources: null, departureYear: null }] },
    ]);
  });
});

describe("a curator of another village", () => {
  it("counts nobody it may not see: events and registers of Zahle's living are not counted for Ehden's curator", async () => {
    const events = await server.gql<{ events: { totalCount: number; edges: unknown[] } }>(
      `query ($v: ID!) { events(villageId: $v) { totalCount edges { node { id } } } }`,
      { v: gid("Village", zahle) },
      { token: ehdenCurator.token },
    );
    expect(events.data!.events).toEqual({ totalCount: 0, edges: [] });
    const reg = await server.gql<{ registryByCountry: unknown[] }>(
      `query ($v: ID!) { registryByCountry(villageId: $v) { country count } }`,
      { v: gid("Village", zahle) },
      { token: ehdenCurator.token },
    );
    expect(reg.data!.registryByCountry).toEqual([]);
    expect((await server.gql(LOG, { id: gid("Person", maya) }, { token: ehdenCurator.token })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
  });
});
