/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildRootspaces } from "../factories/rootspaces.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { confirmAndWait, waitForJob } from "../support/imports.js";
import { startTestServer, wsOnce, type GqlResult, type TestServer } from "../support/server.js";

/**
 * Two rootspaces side by side (Lebanon, the default, and a second one): the same members,
 * curators and admins see in each only what belongs to it — over HTTP (X-Rootspace) and over
 * the WebSocket (the `rootspace` connection parameter) — writes land in the request's
 * rootspace, and nothing links across.
 */
let server: TestServer;
let member: BuiltUser, curator: BuiltUser, admin: BuiltUser;
let other: string;
const v = {} as Record<"lb" | "other", { id: string; raw: string; slug: string }>;
const people = {} as Record<"lb" | "other" | "lbParent" | "otherChild", string>;
const families = {} as Record<"lb" | "other", string>;
const events = {} as Record<"lb" | "other", string>;

type Gql = <T = any>(
  query: string,
  variables?: Record<string, unknown>,
  opts?: { token?: string; language?: string },
) => Promise<GqlResult<T>>;
/** Requests naming `slug` in X-Rootspace (null: no header, the default). */
const at =
  (slug: string | null): Gql =>
  (query, variables, opts = {}) =>
    server.gql(query, variables, { ...opts, ...(slug ? { headers: { "x-rootspace": slug } } : {}) });
const lb = at(null);
let inOther: Gql;

const ok = <T>(res: GqlResult<T>): T => {
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
};
const code = (res: GqlResult) => res.errors?.[0]?.extensions?.code;

async function createPerson(gql: Gql, input: Record<string, unknown>): Promise<string> {
  return ok(
    await gql<{ createPerson: { id: string } }>(
      `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
      { input },
      { token: member.token },
    ),
  ).createPerson.id;
}

beforeAll(async () => {
  server = await startTestServer();
  [other] = await buildRootspaces(server.ds, 1, { prefix: "atlantis" });
  inOther = at(other);
  member = await buildUser(server.ds);
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
  v.lb = await buildVillage(server, "Cedarvale");
  v.other = await buildVillage(server, "Cedarvale");
  // The same name in both: only the rootspace tells them apart.
  await server.ds.query(`UPDATE villages SET rootspace_id = $1 WHERE id = $2`, [other, v.other.raw]);
  await server.ds.query(`UPDATE villages SET district = 'Test District' WHERE id = ANY($1)`, [[v.lb.raw, v.other.raw]]);
  await assignCurator(server.ds, curator.id, [v.lb.raw, v.other.raw]);
  // Dead people with public records: everyone may see them, so only the rootspace hides them.
  const person = (villageId: string, fullName: string, birthDate: string) => ({
    fullName,
    birthDate,
    deathDate: "1950",
    isDeceased: true,
    villageId,
  });
  people.lb = await createPerson(lb, person(v.lb.id, "Elias Haddad", "1890"));
  people.lbParent = await createPerson(lb, person(v.lb.id, "Boulos Haddad", "1860"));
  people.other = await createPerson(inOther, person(v.other.id, "Elias Haddad", "1890"));
  people.otherChild = await createPerson(inOther, person(v.other.id, "Hanna Haddad", "1920"));
  ok(
    await lb(
      `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`,
      { c: people.lb, p: people.lbParent },
      { token: member.token },
    ),
  );
  for (const [key, gql] of [
    ["lb", lb],
    ["other", inOther],
  ] as const) {
    families[key] = ok(
      await gql<any>(
        `mutation ($i: FamilyInput!) { createFamily(input: $i) { id } }`,
        { i: { familyName: "Haddad", villageId: v[key].id } },
        { token: member.token },
      ),
    ).createFamily.id;
    events[key] = ok(
      await gql<any>(
        `mutation ($i: EventInput!) { createEvent(input: $i) { id } }`,
        { i: { type: "EMIGRATION", date: "1910", primaryPersonId: people[key], villageIds: [v[key].id] } },
        { token: member.token },
      ),
    ).createEvent.id;
    ok(
      await gql(
        `mutation ($i: RegistryEntryInput!) { addRegistryEntry(input: $i) { id } }`,
        { i: { villageId: v[key].id, personId: people[key], destinationCountry: "BR", departureYear: 1910 } },
        { token: member.token },
      ),
    );
    ok(
      await gql(
        `mutation ($i: AssetInput!) { createAsset(input: $i) { id } }`,
        { i: { type: "CHURCH", name: "Saint Elias", villageId: v[key].id } },
        { token: member.token },
      ),
    );
  }
});
afterAll(() => server.stop());

const LISTS = `query ($lbV: ID!, $oV: ID!) {
  people(search: "Elias") { totalCount edges { node { id } } }
  villages(district: "Test District") { totalCount edges { node { id } } }
  families(search: "Haddad") { totalCount edges { node { id } } }
  events { totalCount edges { node { id } } }
  lbRegistries: registries(villageId: $lbV) { id }
  oRegistries: registries(villageId: $oV) { id }
  lbAssets: assets(villageId: $lbV) { id }
  oAssets: assets(villageId: $oV) { id }
  lbCountries: registryByCountry(villageId: $lbV) { country count }
  oCountries: registryByCountry(villageId: $oV) { country count }
}`;

describe("reads stay in the request's rootspace", () => {
  it("no header means lebanon, and writes landed in the rootspace of their request", async () => {
    const rows: { id: string; rootspace_id: string }[] = await server.ds.query(
      `SELECT id, rootspace_id FROM people UNION ALL SELECT id, rootspace_id FROM families`,
    );
    const of = (globalId: string) => rows.find((r) => r.id === Buffer.from(globalId, "base64url").toString().split(":")[1])?.rootspace_id;
    expect([of(people.lb), of(people.lbParent), of(families.lb)]).toEqual(["lb", "lb", "lb"]);
    expect([of(people.other), of(people.otherChild), of(families.other)]).toEqual([other, other, other]);
    expect(
      ok(await at("lebanon")<any>(`{ people(search: "Elias") { edges { node { id } } } }`)).people.edges.map((e: any) => e.node.id),
    ).toEqual([people.lb]);
  });

  for (const who of ["member", "curator", "admin"] as const) {
    it(`every list and count shows one rootspace only (${who})`, async () => {
      const token = { member, curator, admin }[who].token;
      const vars = { lbV: v.lb.id, oV: v.other.id };
      for (const [key, gql, absent] of [
        ["lb", lb, "other"],
        ["other", inOther, "lb"],
      ] as const) {
        const d = ok(await gql<any>(LISTS, vars, { token }));
        const ids = (c: any) => c.edges.map((e: any) => e.node.id);
        expect([d.people.totalCount, ids(d.people)]).toEqual([1, [people[key]]]);
        expect([d.villages.totalCount, ids(d.villages)]).toEqual([1, [v[key].id]]);
        expect([d.families.totalCount, ids(d.families)]).toEqual([1, [families[key]]]);
        expect([d.events.totalCount, ids(d.events)]).toEqual([1, [events[key]]]);
        expect(d[`${key === "lb" ? "lb" : "o"}Registries`]).toHaveLength(1);
        expect(d[`${absent === "lb" ? "lb" : "o"}Registries`]).toEqual([]);
        expect(d[`${key === "lb" ? "lb" : "o"}Assets`]).toHaveLength(1);
        expect(d[`${absent === "lb" ? "lb" : "o"}Assets`]).toEqual([]);
        expect(d[`${key === "lb" ? "lb" : "o"}Countries`]).toEqual([{ country: "BR", count: 1 }]);
        expect(d[`${absent === "lb" ? "lb" : "o"}Countries`]).toEqual([]);
      }
    });

    it(`a record of the other rootspace is absent: NOT_FOUND by id, null as a node (${who})`, async () => {
      const token = { member, curator, admin }[who].token;
      for (const [gql, theirs] of [
        [lb, "other"],
        [inOther, "lb"],
      ] as const) {
        const ids = [people[theirs], families[theirs], events[theirs], v[theirs].id];
        expect(ok(await gql<any>(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids }, { token })).nodes).toEqual([
          null,
          null,
          null,
          null,
        ]);
        for (const q of [
          `person(id: $id) { id }`,
          `ancestors(personId: $id) { generation }`,
          `descendants(personId: $id) { generation }`,
        ]) {
          expect(code(await gql(`query ($id: ID!) { ${q} }`, { id: people[theirs] }, { token }))).toBe("NOT_FOUND");
        }
        expect(code(await gql(`query ($id: ID!) { family(id: $id) { id } }`, { id: families[theirs] }, { token }))).toBe("NOT_FOUND");
        expect(code(await gql(`query ($id: ID!) { event(id: $id) { id } }`, { id: events[theirs] }, { token }))).toBe("NOT_FOUND");
        expect(code(await gql(`query ($s: String!) { village(slug: $s) { id } }`, { s: v[theirs].slug }, { token }))).toBe("NOT_FOUND");
        expect(
          code(await gql(`query ($id: ID!) { auditLog(table: PEOPLE, recordId: $id) { totalCount } }`, { id: people[theirs] }, { token })),
        ).toBe("NOT_FOUND");
        expect(
          ok(
            await gql<any>(
              `query ($q: DuplicateQueryInput!) { duplicateSuggestions(input: $q) { person { id } } }`,
              { q: { fullName: "Elias Haddad", birthYear: 1890 } },
              { token },
            ),
          ).duplicateSuggestions.map((s: any) => s.person.id),
        ).not.toContain(people[theirs]);
      }
      // The relationship between people of two rootspaces: one of them is absent.
      expect(
        code(await lb(`query ($a: ID!, $b: ID!) { relationship(a: $a, b: $b) { related } }`, { a: people.lb, b: people.other }, { token })),
      ).toBe("NOT_FOUND");
    });
  }

  it("the review queue and a record's history are the rootspace's (curator)", async () => {
    const queue = async (gql: Gql) =>
      ok(await gql<any>(`{ reviewQueue(first: 50) { edges { node { id } } } }`, {}, { token: curator.token })).reviewQueue.edges.map(
        (e: any) => e.node.id,
      );
    expect(await queue(lb)).toEqual(expect.arrayContaining([people.lb, families.lb]));
    expect(await queue(lb)).not.toEqual(expect.arrayContaining([people.other]));
    expect(await queue(inOther)).toEqual(expect.arrayContaining([people.other, families.other]));
    expect(await queue(inOther)).not.toContain(people.lb);
    const history = await inOther<any>(
      `query ($id: ID!) { auditLog(table: PEOPLE, recordId: $id) { totalCount } }`,
      { id: people.other },
      { token: curator.token },
    );
    expect(ok(history).auditLog.totalCount).toBeGreaterThan(0);
    // Verifying a record from the other rootspace finds nothing.
    const verify = `mutation ($id: ID!) { verifyRecord(kind: PERSON, id: $id, source: "Parish register") { provenance } }`;
    expect(code(await lb(verify, { id: people.other }, { token: curator.token }))).toBe("NOT_FOUND");
  });
});

describe("writes stay in the request's rootspace", () => {
  it("links, unions and merges across rootspaces are refused; nothing is written", async () => {
    const before: { n: number }[] = await server.ds.query(
      `SELECT (SELECT count(*) FROM parent_links) + (SELECT count(*) FROM unions) AS n`,
    );
    for (const gql of [lb, inOther]) {
      // A parent of Lebanon for a child of the other rootspace, asked from either side.
      expect(
        code(
          await gql(
            `mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`,
            { c: people.otherChild, p: people.lbParent },
            { token: admin.token },
          ),
        ),
      ).toBe("NOT_FOUND");
      expect(
        code(
          await gql(
            `mutation ($i: UnionInput!) { addUnion(input: $i) { id } }`,
            { i: { personId: people.lb, partnerId: people.otherChild, kind: "marriage" } },
            { token: admin.token },
          ),
        ),
      ).toBe("NOT_FOUND");
      expect(
        code(
          await gql(
            `mutation ($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`,
            { k: people.lb, m: people.other },
            { token: admin.token },
          ),
        ),
      ).toBe("NOT_FOUND");
    }
    const after: { n: number }[] = await server.ds.query(`SELECT (SELECT count(*) FROM parent_links) + (SELECT count(*) FROM unions) AS n`);
    expect(after).toEqual(before);
  });

  it("a village, family or person of the other rootspace cannot be referenced", async () => {
    const person = await lb(
      `mutation ($i: PersonInput!) { createPerson(input: $i) { id } }`,
      { i: { fullName: "Nadia Haddad", villageId: v.other.id, familyId: families.other } },
      { token: member.token },
    );
    expect(code(person)).toBe("BAD_USER_INPUT");
    expect((person.errors![0].extensions!.fields as { field: string }[]).map((f) => f.field).sort()).toEqual(["familyId", "villageId"]);
    const event = await lb(
      `mutation ($i: EventInput!) { createEvent(input: $i) { id } }`,
      { i: { type: "EMIGRATION", primaryPersonId: people.other } },
      { token: member.token },
    );
    expect(code(event)).toBe("BAD_USER_INPUT");
    const family = await inOther(
      `mutation ($i: FamilyInput!) { createFamily(input: $i) { id } }`,
      { i: { familyName: "Khoury", villageId: v.lb.id } },
      { token: member.token },
    );
    expect(code(family)).toBe("BAD_USER_INPUT");
    // Editing a record of the other rootspace: it is not there.
    expect(
      code(
        await lb(
          `mutation ($id: ID!) { updatePerson(id: $id, input: { occupation: "Weaver" }) { id } }`,
          { id: people.other },
          { token: admin.token },
        ),
      ),
    ).toBe("NOT_FOUND");
    expect(code(await inOther(`mutation ($id: ID!) { deleteFamily(id: $id) }`, { id: families.lb }, { token: admin.token }))).toBe(
      "NOT_FOUND",
    );
    const [{ occupation }]: { occupation: string | null }[] = await server.ds.query(
      `SELECT occupation FROM people WHERE full_name = 'Elias Haddad' AND rootspace_id = $1`,
      [other],
    );
    expect(occupation).toBeNull();
  });

  it("an import records the rootspace it was uploaded into and commits there; an export reads only it", async () => {
    const ged = [
      "0 HEAD",
      "1 GEDC",
      "2 VERS 7.0",
      "0 @I1@ INDI",
      "1 NAME Zaid /Atlantean/",
      "1 BIRT",
      "2 DATE 1850",
      "1 DEAT Y",
      "0 TRLR",
      "",
    ].join("\n");
    const res = await fetch(`${server.url}/api/imports?kind=gedcom&name=tree.ged`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", authorization: `Bearer ${member.token}`, "x-rootspace": other },
      body: new Uint8Array(Buffer.from(ged)),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    // The job belongs to the other rootspace: from Lebanon it is not there.
    expect(code(await lb(`query ($id: ID!) { importJob(id: $id) { id } }`, { id }, { token: member.token }))).toBe("NOT_FOUND");
    const inOtherServer = { gql: inOther as TestServer["gql"] };
    await waitForJob(inOtherServer, member.token, id, ["review"], 60_000);
    await confirmAndWait(inOtherServer, member.token, id, 60_000);
    const rows: { rootspace_id: string }[] = await server.ds.query(`SELECT rootspace_id FROM people WHERE full_name LIKE 'Zaid%'`);
    expect(rows).toEqual([{ rootspace_id: other }]);
    expect(ok(await lb<any>(`{ importJobs { id } }`, {}, { token: member.token })).importJobs).toEqual([]);
    const exported = async (slug: string | null) => {
      const r = await fetch(`${server.url}/api/exports/tree?scope=mine`, {
        headers: { authorization: `Bearer ${member.token}`, ...(slug ? { "x-rootspace": slug } : {}) },
      });
      return r.text();
    };
    const mine = await exported(other);
    expect(mine).toContain("Zaid");
    expect(mine).toContain("Hanna");
    expect(mine).not.toContain("Boulos");
    expect(await exported(null)).not.toContain("Zaid");
  });
});

describe("the WebSocket's rootspace connection parameter", () => {
  it("scopes every operation of the connection; none means lebanon", async () => {
    const query = `query ($id: ID!) { people(search: "Elias") { edges { node { id } } } node(id: $id) { id } }`;
    for (const [slug, key, theirs] of [
      [other, "other", "lb"],
      [null, "lb", "other"],
    ] as const) {
      const client = server.ws({ token: curator.token, ...(slug ? { rootspace: slug } : {}) });
      const res = await wsOnce<any>(client, query, { id: people[theirs] });
      expect(res.errors).toBeUndefined();
      expect(res.data.people.edges.map((e: any) => e.node.id)).toEqual([people[key]]);
      expect(res.data.node).toBeNull();
      await client.dispose();
    }
  });

  it("an unknown rootspace is BAD_USER_INPUT on the socket too", async () => {
    const client = server.ws({ rootspace: "nowhere" });
    const res = await wsOnce(client, `{ people { totalCount } }`);
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].message).toBe('There is no open rootspace named "nowhere".');
    await client.dispose();
  });
});

describe("an unknown or closed rootspace", () => {
  it("is a translated BAD_USER_INPUT with HTTP 400, never a 500", async () => {
    for (const slug of ["nowhere", "Not A Slug!", "x".repeat(100)]) {
      const res = await at(slug)(`{ people { totalCount } }`);
      expect(res.status).toBe(400);
      expect(code(res)).toBe("BAD_USER_INPUT");
      expect(res.errors![0].extensions!.key).toBe("errors.unknown_rootspace");
    }
    const ar = await at("nowhere")(`{ people { totalCount } }`, {}, { language: "ar" });
    expect(ar.errors![0].message).toBe("لا توجد مساحة جذور مفتوحة باسم «nowhere».");
  });

  it("is refused by every HTTP route as GraphQL refuses it, from the header or ?rootspace=, before anything is read or written", async () => {
    const routes: [string, string, string?][] = [
      ["POST", "/api/imports?kind=gedcom&name=t.ged", "0 HEAD"],
      ["POST", "/api/media?kind=photo&target=x", "not a picture"],
      ["GET", "/api/exports/tree?scope=mine"],
      ["GET", "/api/imports/x/errors.csv"],
      ["GET", `/ballots/${"0".repeat(8)}-0000-7000-8000-000000000000/board.json`],
    ];
    const before = await server.ds.query(
      `SELECT (SELECT count(*) FROM import_jobs) AS jobs, (SELECT count(*) FROM upload_reservations) AS held`,
    );
    for (const [method, path, body] of routes)
      for (const named of [{ header: "nowhere" }, { query: "nowhere" }]) {
        const url = `${server.url}${path}${named.query ? `${path.includes("?") ? "&" : "?"}rootspace=${named.query}` : ""}`;
        const headers: Record<string, string> = { authorization: `Bearer ${member.token}`, "accept-language": "en" };
        if (named.header) headers["x-rootspace"] = named.header;
        const res = await fetch(url, { method, headers, body });
        expect([path, res.status]).toEqual([path, 400]);
        expect(await res.json()).toEqual({ error: "errors.unknown_rootspace", message: 'There is no open rootspace named "nowhere".' });
      }
    expect(
      await server.ds.query(`SELECT (SELECT count(*) FROM import_jobs) AS jobs, (SELECT count(*) FROM upload_reservations) AS held`),
    ).toEqual(before);
  });

  it("a rootspace an admin closes is refused at once (the instance forgets it on ROOTSPACE_UPDATED)", async () => {
    const [slug] = await buildRootspaces(server.ds, 1, { prefix: "closing" });
    expect((await at(slug)(`{ people { totalCount } }`)).status).toBe(200);
    const { rootspace } = ok(await lb<any>(`query ($s: String!) { rootspace(slug: $s) { id } }`, { s: slug }));
    ok(
      await lb(
        `mutation ($id: ID!) { updateRootspace(id: $id, input: { isActive: false }) { id } }`,
        { id: rootspace.id },
        { token: admin.token },
      ),
    );
    const res = await at(slug)(`{ people { totalCount } }`);
    expect([res.status, code(res)]).toEqual([400, "BAD_USER_INPUT"]);
  });
});
