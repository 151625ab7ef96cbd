import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { startTestServer, type GqlResult, type TestServer } from "../support/server.js";

const FLAGS = `{ featureFlags { key enabled defaultEnabled } }`;
const SET = `mutation ($key: String!, $enabled: Boolean!) { setFeatureFlag(key: $key, enabled: $enabled) { key enabled defaultEnabled } }`;
const EVENTS = `query ($v: ID) { events(villageId: $v) { totalCount } }`;
const VILLAGE_EVENTS = `query ($slug: String!) { village(slug: $slug) { name events { title } } }`;
const CREATE_EVENT = `mutation ($input: EventInput!) { createEvent(input: $input) { id } }`;
const PEOPLE = `query ($v: ID) { people(villageId: $v) { totalCount edges { node { displayName } } } }`;

let server: TestServer;
let admin: BuiltUser;
let member: BuiltUser;
let village: { id: string; raw: string; slug: string };

const flagRows = async (s: TestServer = server): Promise<{ key: string; enabled: boolean }[]> =>
  s.ds.query(`SELECT key, enabled FROM feature_flags ORDER BY key`);
const setFlag = async (key: string, enabled: boolean, s: TestServer = server): Promise<void> => {
  const res = await s.gql(SET, { key, enabled }, { token: admin.token });
  expect(res.errors).toBeUndefined();
};
const refusedAsDisabled = (res: GqlResult, message = "This part of the site is switched off for now.") => {
  expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: "FORBIDDEN", key: "errors.area_disabled" } });
};
/** Asks until `check` passes: another instance learns of a change through the bus or its next refresh. */
async function eventually(check: () => Promise<boolean>, attempts = 60): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
  member = await buildUser(server.ds);
  village = await buildVillage(server, "Ehden");
  await buildPerson(server, member, { fullName: "Youssef Karam", birthDate: "1823", deathDate: "1889", villageId: village.id });
});
afterAll(() => server.stop());

describe("featureFlags", () => {
  it("anyone reads every flag with its state and its production default (the test template has all on)", async () => {
    const res = await server.gql<{ featureFlags: { key: string; enabled: boolean; defaultEnabled: boolean }[] }>(FLAGS);
    const byKey = Object.fromEntries(res.data!.featureFlags.map((f) => [f.key, f]));
    expect(Object.keys(byKey)).toEqual(expect.arrayContaining(["familyTree", "villageHubs", "excelIngestion", "investments"]));
    expect(byKey.villageHubs).toEqual({ key: "villageHubs", enabled: true, defaultEnabled: false });
    expect(byKey.familyTree).toEqual({ key: "familyTree", enabled: true, defaultEnabled: true });
  });
});

describe("setFeatureFlag", () => {
  it("needs sign-in, then the admin role; nothing changes", async () => {
    const before = await flagRows();
    const visitor = await server.gql(SET, { key: "villageHubs", enabled: false });
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const asMember = await server.gql(SET, { key: "villageHubs", enabled: false }, { token: member.token });
    expect(asMember.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await flagRows()).toEqual(before);
    expect((await server.gql(EVENTS, { v: village.id })).errors).toBeUndefined();
  });

  it("refuses an unknown key with a translated message; nothing is stored or audited", async () => {
    const res = await server.gql(SET, { key: "teleportation", enabled: true }, { token: admin.token, language: "fr" });
    expect(res.errors?.[0]).toMatchObject({
      message: "Aucun interrupteur de fonctionnalité ne porte ce nom.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await server.ds.query(`SELECT 1 FROM feature_flags WHERE key = 'teleportation'`)).toEqual([]);
    expect(await server.ds.query(`SELECT 1 FROM audit_logs WHERE table_name = 'feature_flags'`)).toEqual([]);
  });

  it("villageHubs off: events, a village's events and hub mutations refuse in the reader's language; people still answer", async () => {
    const res = await server.gql<{ setFeatureFlag: { enabled: boolean } }>(
      SET,
      { key: "villageHubs", enabled: false },
      { token: admin.token },
    );
    expect(res.data!.setFeatureFlag).toEqual({ key: "villageHubs", enabled: false, defaultEnabled: false });
    const audits: { user_id: string; before: unknown; after: unknown }[] = await server.ds.query(
      `SELECT user_id, before, after FROM audit_logs WHERE table_name = 'feature_flags' AND record_id = 'villageHubs'`,
    );
    expect(audits).toEqual([{ user_id: admin.id, before: { enabled: true }, after: { enabled: false } }]);

    refusedAsDisabled(await server.gql(EVENTS, { v: village.id }));
    refusedAsDisabled(await server.gql(EVENTS, { v: village.id }, { language: "ar" }), "هذا القسم من الموقع متوقف حالياً.");
    const hub = await server.gql<{ village: { name: string; events: unknown } | null }>(VILLAGE_EVENTS, { slug: village.slug });
    refusedAsDisabled(hub);
    expect(hub.errors?.[0].path).toEqual(["village", "events"]);
    const create = await server.gql(
      CREATE_EVENT,
      { input: { type: "FESTIVAL", title: "Feast of Saint George", villageIds: [village.id] } },
      { token: admin.token },
    );
    refusedAsDisabled(create);
    expect(await server.ds.query(`SELECT 1 FROM events`)).toEqual([]);
    // Over the WebSocket too.
    const ws = server.ws();
    const overWs = await new Promise<GqlResult>((resolve) => {
      ws.subscribe(
        { query: EVENTS, variables: { v: village.id } },
        {
          next: (v) => resolve({ status: 200, ...(v as object) }),
          error: (e) => resolve({ status: 200, errors: e as never }),
          complete: () => undefined,
        },
      );
    });
    refusedAsDisabled(overWs);
    await ws.dispose();

    const people = await server.gql<{ people: { totalCount: number } }>(PEOPLE, { v: village.id });
    expect(people.errors).toBeUndefined();
    expect(people.data!.people.totalCount).toBe(1);
    const villageOnly = await server.gql(`query ($slug: String!) { village(slug: $slug) { name } }`, { slug: village.slug });
    expect(villageOnly.errors).toBeUndefined();
  });

  it("villageHubs on again: events answer and can be created", async () => {
    await setFlag("villageHubs", true);
    expect((await server.gql(EVENTS, { v: village.id })).errors).toBeUndefined();
    const create = await server.gql(
      CREATE_EVENT,
      { input: { type: "FESTIVAL", title: "Feast of Saint George", villageIds: [village.id] } },
      { token: admin.token },
    );
    expect(create.errors).toBeUndefined();
  });

  it("familyTree off: people, person nodes and the GEDCOM export refuse; villages and village hubs still answer", async () => {
    const [{ id }]: { id: string }[] = await server.ds.query(`SELECT id FROM people LIMIT 1`);
    const personId = Buffer.from(`Person:${id}`).toString("base64url");
    await setFlag("familyTree", false);
    try {
      refusedAsDisabled(await server.gql(PEOPLE, { v: village.id }));
      refusedAsDisabled(await server.gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: personId }));
      const exported = await fetch(`${server.url}/api/exports/tree?scope=person&person=${personId}`, {
        headers: { "accept-language": "fr" },
      });
      expect(exported.status).toBe(403);
      expect(await exported.json()).toEqual({
        error: "errors.area_disabled",
        message: "Cette partie du site est désactivée pour le moment.",
      });
      expect((await server.gql(EVENTS, { v: village.id })).errors).toBeUndefined();
      expect((await server.gql(`query ($slug: String!) { village(slug: $slug) { name } }`, { slug: village.slug })).errors).toBeUndefined();
    } finally {
      await setFlag("familyTree", true);
    }
    expect((await server.gql(PEOPLE, { v: village.id })).errors).toBeUndefined();
  });

  it("excelIngestion off: spreadsheet uploads refuse, GEDCOM uploads do not", async () => {
    await setFlag("excelIngestion", false);
    try {
      const upload = (kind: string, name: string) =>
        fetch(`${server.url}/api/imports?kind=${kind}&name=${name}`, {
          method: "POST",
          headers: { authorization: `Bearer ${member.token}`, "content-type": "application/octet-stream" },
          body: "given,surname\nNadia,Karam\n",
        });
      const sheet = await upload("spreadsheet", "family.csv");
      expect(sheet.status).toBe(403);
      expect(((await sheet.json()) as { error: string }).error).toBe("errors.area_disabled");
      expect(await server.ds.query(`SELECT 1 FROM import_jobs WHERE kind = 'spreadsheet'`)).toEqual([]);
      const gedcom = await fetch(`${server.url}/api/imports?kind=gedcom&name=tree.ged`, {
        method: "POST",
        headers: { authorization: `Bearer ${member.token}`, "content-type": "application/octet-stream" },
        body: "0 HEAD\n1 GEDC\n2 VERS 7.0\n0 TRLR\n",
      });
      expect(gedcom.status).toBe(201);
    } finally {
      await setFlag("excelIngestion", true);
    }
  });
});

describe("across instances and defaults", () => {
  it("a second server instance on the same database follows a change made on the first", async () => {
    const second = await startTestServer({}, { shareDatabaseWith: server });
    try {
      expect((await second.gql(EVENTS, { v: village.id })).errors).toBeUndefined();
      await setFlag("villageHubs", false);
      // The first instance refuses at once; the second once the bus or its refresh tells it.
      refusedAsDisabled(await server.gql(EVENTS, { v: village.id }));
      expect(
        await eventually(async () => (await second.gql(EVENTS, { v: village.id })).errors?.[0]?.extensions?.code === "FORBIDDEN"),
      ).toBe(true);
      await setFlag("villageHubs", true);
      expect(await eventually(async () => (await second.gql(EVENTS, { v: village.id })).errors === undefined)).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it("with no stored choice, a server follows the production defaults: villageHubs off, familyTree on", async () => {
    await server.ds.query(`DELETE FROM feature_flags`);
    // A fresh instance loads the flags on its first request.
    const fresh = await startTestServer({}, { shareDatabaseWith: server });
    try {
      const res = await fresh.gql<{ featureFlags: { key: string; enabled: boolean; defaultEnabled: boolean }[] }>(FLAGS);
      for (const flag of res.data!.featureFlags) expect(flag.enabled).toBe(flag.defaultEnabled);
      refusedAsDisabled(await fresh.gql(EVENTS, { v: village.id }));
      expect((await fresh.gql(PEOPLE, { v: village.id })).errors).toBeUndefined();
    } finally {
      await fresh.stop();
    }
  });
});
