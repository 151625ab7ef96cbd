import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { badFields, buildPerson, buildVillage, gid } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

const FIELDS = `id type title titleAr place date { text qualifier year } primaryPerson { displayName isPrivate } secondaryPerson { displayName } villages { name } provenance viewerCan { edit }`;
const CREATE = `mutation ($input: EventInput!) { createEvent(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteEvent(id: $id) }`;
const EVENT = `query ($id: ID!) { event(id: $id) { ${FIELDS} } }`;
const LIST = `query ($v: ID, $p: ID, $t: EventType) { events(villageId: $v, personId: $p, type: $t) { totalCount edges { node { id title type } } } }`;

let server: TestServer;
let owner: BuiltUser;
let other: BuiltUser;
let curator: BuiltUser;
let editor: BuiltUser;
let village: { id: string; raw: string; slug: string };
let dead: string;
let living: string;

async function createEvent(input: Record<string, unknown>, user = owner): Promise<string> {
  const res = await server.gql<{ createEvent: { id: string } }>(CREATE, { input }, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createEvent.id;
}
const count = async (): Promise<number> => ((await server.ds.query(`SELECT count(*)::int AS n FROM events`)) as { n: number }[])[0].n;

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, editor] = [
    await buildUser(server.ds),
    await buildUser(server.ds),
    await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] }),
  ];
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  village = await buildVillage(server, "Zahle");
  // Curators see living people of the villages they curate only.
  await assignCurator(server.ds, curator.id, [village.raw]);
  dead = await buildPerson(server, owner, {
    fullName: "Tanios Maalouf",
    fullNameAr: "طانيوس معلوف",
    birthDate: "1850",
    deathDate: "1910",
    villageId: village.id,
  });
  living = await buildPerson(server, owner, { fullName: "Rania Maalouf", birthDate: "1985", villageId: village.id });
});
afterAll(() => server.stop());

describe("createEvent / updateEvent / deleteEvent", () => {
  it("need sign-in", async () => {
    const res = await server.gql(CREATE, { input: { type: "FESTIVAL", title: "Vine festival", villageIds: [village.id] } });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(await count()).toBe(0);
  });

  it("a member records a festival and a life event, with the date's original text; audited, COMMUNITY", async () => {
    const res = await server.gql<{ createEvent: Record<string, unknown> }>(
      CREATE,
      { input: { type: "FESTIVAL", title: "Festival of the Vine", titleAr: "عيد الكرمة", villageIds: [village.id] } },
      { token: owner.token },
    );
    expect(res.data!.createEvent).toMatchObject({
      type: "FESTIVAL",
      titleAr: "عيد الكرمة",
      villages: [{ name: "Zahle" }],
      provenance: "COMMUNITY",
      viewerCan: { edit: true },
    });
    const emigration = await server.gql<{ createEvent: Record<string, unknown> }>(
      CREATE,
      { input: { type: "EMIGRATION", date: "ABT 1895", place: "Beirut", primaryPersonId: dead, villageIds: [village.id] } },
      { token: owner.token },
    );
    expect(emigration.data!.createEvent).toMatchObject({
      date: { text: "ABT 1895", qualifier: "about", year: 1895 },
      primaryPerson: { displayName: "Tanios Maalouf", isPrivate: false },
    });
    const audits: unknown[] = await server.ds.query(`SELECT 1 FROM audit_logs WHERE table_name = 'events' AND action = 'create'`);
    expect(audits).toHaveLength(2);
  });

  it("another member cannot change or delete it; an editor can change it; the creator deletes it", async () => {
    const id = await createEvent({ type: "COMMEMORATION", title: "Memorial mass", villageIds: [village.id] });
    expect((await server.gql(UPDATE, { id, input: { title: "Vandalised" } }, { token: other.token })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await server.gql(DELETE, { id }, { token: other.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const seen = await server.gql<{ event: { viewerCan: { edit: boolean } } }>(EVENT, { id }, { token: other.token });
    expect(seen.data!.event.viewerCan.edit).toBe(false);
    const ok = await server.gql<{ updateEvent: { title: string } }>(
      UPDATE,
      { id, input: { title: "Memorial mass of 1925" } },
      { token: editor.token },
    );
    expect(ok.data!.updateEvent.title).toBe("Memorial mass of 1925");
    expect((await server.gql<{ deleteEvent: boolean }>(DELETE, { id }, { token: owner.token })).data!.deleteEvent).toBe(true);
    expect((await server.gql(EVENT, { id })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const audits: { action: string }[] = await server.ds.query(
      `SELECT action FROM audit_logs WHERE table_name = 'events' AND record_id = $1 ORDER BY created_at`,
      [Buffer.from(id, "base64url").toString().split(":")[1]],
    );
    expect(audits.map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });

  it("refuse bad input with translated field errors, writing nothing", async () => {
    const nobody = gid("Person", "00000000-0000-7000-8000-000000000000");
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "picnic", title: "x", villageIds: [village.id] }, "type"],
      [{ type: "DEATH", date: "sometime", primaryPersonId: dead }, "date"],
      [{ type: "DEATH", date: "1840", primaryPersonId: dead }, "date"], // before the birth
      [{ type: "MARRIAGE", date: "1920", primaryPersonId: dead }, "date"], // after the death
      [{ type: "BURIAL", date: "1905", primaryPersonId: dead }, "date"], // before the death
      [{ type: "BIRTH", date: "2999", primaryPersonId: living }, "date"],
      [{ type: "BIRTH", date: "1890" }, "primaryPersonId"],
      [{ type: "BIRTH", primaryPersonId: nobody }, "primaryPersonId"],
      [{ type: "MARRIAGE", primaryPersonId: dead, secondaryPersonId: dead }, "secondaryPersonId"],
      [{ type: "FESTIVAL", villageIds: [village.id] }, "title"],
      [{ type: "FESTIVAL", title: "x", villageIds: [gid("Village", "00000000-0000-7000-8000-000000000000")] }, "villageIds"],
      [{ type: "FESTIVAL", title: "x", villageIds: ["garbage"] }, "villageIds"],
    ];
    const before = await count();
    for (const [input, field] of cases) {
      const res = await server.gql(CREATE, { input }, { token: owner.token, language: "fr" });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(badFields(res)).toContain(field);
    }
    const fr = await server.gql(
      CREATE,
      { input: { type: "DEATH", date: "1840", primaryPersonId: dead } },
      { token: owner.token, language: "fr" },
    );
    expect(JSON.stringify(fr.errors)).toContain("antérieure à la naissance");
    expect(await count()).toBe(before);
  });
});

describe("privacy of living people inside events", () => {
  let birth: string;
  beforeAll(async () => {
    birth = await createEvent({
      type: "BIRTH",
      date: "12 MAR 1985",
      place: "Zahle",
      title: "Birth of Rania",
      primaryPersonId: living,
      villageIds: [village.id],
    });
  });

  it("a visitor and another member never see the event: not in lists, counts, the village page or by id", async () => {
    for (const token of [undefined, other.token]) {
      expect((await server.gql(EVENT, { id: birth }, { token })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
      expect(
        (await server.gql<{ node: unknown }>(`query ($id: ID!) { node(id: $id) { id } }`, { id: birth }, { token })).data!.node,
      ).toBeNull();
      const list = await server.gql<{ events: { totalCount: number; edges: { node: { title: string } }[] } }>(
        LIST,
        { v: village.id },
        { token },
      );
      expect(list.data!.events.edges.map((e) => e.node.title)).not.toContain("Birth of Rania");
      expect(list.data!.events.totalCount).toBe(list.data!.events.edges.length);
      const page = await server.gql<{ village: { events: { title: string | null }[] } }>(
        `query ($s: String!) { village(slug: $s) { events { title } } }`,
        { s: village.slug },
        { token },
      );
      expect(JSON.stringify(page.data)).not.toContain("Rania");
      expect((await server.gql<{ events: { totalCount: number } }>(LIST, { p: living }, { token })).data!.events.totalCount).toBe(0);
    }
  });

  it("the owner sees it whole; a curator sees the person but not the date or place (privacy settings)", async () => {
    const node = await server.gql<{ node: { id: string; type: string } }>(
      `query ($id: ID!) { node(id: $id) { id ... on Event { type } } }`,
      { id: birth },
      { token: owner.token },
    );
    expect(node.data!.node).toEqual({ id: birth, type: "BIRTH" });
    const mine = await server.gql<{ event: Record<string, unknown> }>(EVENT, { id: birth }, { token: owner.token });
    expect(mine.data!.event).toMatchObject({
      date: { text: "12 MAR 1985" },
      place: "Zahle",
      primaryPerson: { displayName: "Rania Maalouf" },
    });
    const c = await server.gql<{ event: Record<string, unknown> }>(EVENT, { id: birth }, { token: curator.token });
    expect(c.data!.event).toMatchObject({ date: null, place: null, primaryPerson: { displayName: "Rania Maalouf" } });
  });

  it("a member cannot attach a living person they may not see to an event", async () => {
    const res = await server.gql(CREATE, { input: { type: "MARRIAGE", date: "2010", primaryPersonId: living } }, { token: other.token });
    expect(badFields(res)).toContain("primaryPersonId");
  });

  it("Person.events lists a person's life, earliest first; a private person has none", async () => {
    await createEvent({ type: "DEATH", date: "1910", primaryPersonId: dead, villageIds: [village.id] });
    const Q = `query ($id: ID!) { person(id: $id) { events { type date { year } } } }`;
    const res = await server.gql<{ person: { events: { type: string; date: { year: number } }[] } }>(Q, { id: dead });
    expect(res.data!.person.events.map((e) => [e.type, e.date.year])).toEqual([
      ["EMIGRATION", 1895],
      ["DEATH", 1910],
    ]);
    const hidden = await server.gql<{ person: { events: unknown[] } }>(Q, { id: living });
    expect(hidden.data!.person.events).toEqual([]);
  });

  it("filters by type and village, latest first", async () => {
    const res = await server.gql<{ events: { edges: { node: { type: string } }[] } }>(LIST, { v: village.id, t: "FESTIVAL" });
    expect(res.data!.events.edges.map((e) => e.node.type)).toEqual(["FESTIVAL"]);
  });
});
