import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { badFields, buildPerson, buildVillage, gid } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

const ADD_ENTRY = `mutation ($input: RegistryEntryInput!) { addRegistryEntry(input: $input) { id destinationCountry departureYear notes person { displayName } viewerCan { edit } } }`;
const UPDATE_ENTRY = `mutation ($id: ID!, $input: RegistryEntryInput!) { updateRegistryEntry(id: $id, input: $input) { departureYear notes } }`;
const DELETE_ENTRY = `mutation ($id: ID!) { deleteRegistryEntry(id: $id) }`;
const BY_COUNTRY = `query ($v: ID!) { registryByCountry(villageId: $v) { country count entries { departureYear person { displayName isPrivate } } } }`;
const CREATE_ASSET = `mutation ($input: AssetInput!) { createAsset(input: $input) { id type name nameAr latitude provenance viewerCan { edit } village { name } } }`;
const UPDATE_ASSET = `mutation ($id: ID!, $input: AssetInput!) { updateAsset(id: $id, input: $input) { name description } }`;
const DELETE_ASSET = `mutation ($id: ID!) { deleteAsset(id: $id) }`;

let server: TestServer;
let owner: BuiltUser;
let other: BuiltUser;
let editor: BuiltUser;
let village: { id: string; raw: string; slug: string };
let elias: string;
let living: string;

const rows = async (table: string): Promise<number> =>
  ((await server.ds.query(`SELECT count(*)::int AS n FROM ${table}`)) as { n: number }[])[0].n;

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, editor] = [
    await buildUser(server.ds),
    await buildUser(server.ds),
    await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] }),
  ];
  village = await buildVillage(server, "Zahle");
  elias = await buildPerson(server, owner, { fullName: "Elias Saab", birthDate: "1921", deathDate: "1996", villageId: village.id });
  living = await buildPerson(server, owner, { fullName: "Georges Saab", birthDate: "1958", villageId: village.id });
});
afterAll(() => server.stop());

describe("emigrant registry", () => {
  it("needs sign-in", async () => {
    const res = await server.gql(ADD_ENTRY, { input: { villageId: village.id, personId: elias, destinationCountry: "BR" } });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(await rows("registries")).toBe(0);
  });

  it("a member adds an entry: the village's emigrant register is opened on the first one; audited", async () => {
    const res = await server.gql<{ addRegistryEntry: Record<string, unknown> }>(
      ADD_ENTRY,
      { input: { villageId: village.id, personId: elias, destinationCountry: "br", departureYear: 1948, notes: "São Paulo" } },
      { token: owner.token },
    );
    expect(res.data!.addRegistryEntry).toMatchObject({
      destinationCountry: "BR",
      departureYear: 1948,
      person: { displayName: "Elias Saab" },
      viewerCan: { edit: true },
    });
    const regs = await server.gql<{ registries: { type: string; entries: { destinationCountry: string }[] }[] }>(
      `query ($v: ID!) { registries(villageId: $v) { type entries { destinationCountry } } }`,
      { v: village.id },
    );
    expect(regs.data!.registries).toEqual([{ type: "emigrant", entries: [{ destinationCountry: "BR" }] }]);
    const audits: { table_name: string }[] = await server.ds.query(
      `SELECT table_name FROM audit_logs WHERE table_name IN ('registries', 'registry_entries') ORDER BY table_name`,
    );
    expect(audits.map((a) => a.table_name)).toEqual(["registries", "registry_entries"]);
  });

  it("another member cannot change or remove an entry; an editor can; the creator removes it", async () => {
    const add = await server.gql<{ addRegistryEntry: { id: string } }>(
      ADD_ENTRY,
      { input: { villageId: village.id, personId: elias, destinationCountry: "US", departureYear: 1950 } },
      { token: owner.token },
    );
    const id = add.data!.addRegistryEntry.id;
    expect((await server.gql(UPDATE_ENTRY, { id, input: { notes: "x" } }, { token: other.token })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await server.gql(DELETE_ENTRY, { id }, { token: other.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const ok = await server.gql<{ updateRegistryEntry: { departureYear: number; notes: string } }>(
      UPDATE_ENTRY,
      { id, input: { departureYear: 1951, notes: "Detroit" } },
      { token: editor.token },
    );
    expect(ok.data!.updateRegistryEntry).toEqual({ departureYear: 1951, notes: "Detroit" });
    expect(
      (await server.gql<{ deleteRegistryEntry: boolean }>(DELETE_ENTRY, { id }, { token: owner.token })).data!.deleteRegistryEntry,
    ).toBe(true);
  });

  it("refuses bad input with translated field errors, writing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ villageId: village.id, personId: elias, destinationCountry: "XX" }, "destinationCountry"],
      [{ villageId: village.id, personId: elias, destinationCountry: "BR", departureYear: 1900 }, "departureYear"], // before birth
      [{ villageId: village.id, personId: elias, destinationCountry: "BR", departureYear: 2001 }, "departureYear"], // after death
      [{ villageId: village.id, personId: gid("Person", "00000000-0000-7000-8000-000000000000"), destinationCountry: "BR" }, "personId"],
      [{ villageId: gid("Village", "00000000-0000-7000-8000-000000000000"), personId: elias, destinationCountry: "BR" }, "villageId"],
      [{ registryId: "nonsense", personId: elias, destinationCountry: "BR" }, "registryId"],
    ];
    const before = [await rows("registries"), await rows("registry_entries")];
    for (const [input, field] of cases) {
      const res = await server.gql(ADD_ENTRY, { input }, { token: owner.token, language: "ar" });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(badFields(res)).toContain(field);
    }
    const ar = await server.gql(ADD_ENTRY, { input: cases[1][0] }, { token: owner.token, language: "ar" });
    expect(JSON.stringify(ar.errors)).toContain("سنة الهجرة تسبق ولادة الشخص");
    expect([await rows("registries"), await rows("registry_entries")]).toEqual(before);
  });

  it("a living emigrant is left out (entries and counts) for a visitor and another member; the owner sees them", async () => {
    await server.gql(
      ADD_ENTRY,
      { input: { villageId: village.id, personId: living, destinationCountry: "CA", departureYear: 1985 } },
      { token: owner.token },
    );
    for (const token of [undefined, other.token]) {
      const res = await server.gql<{ registryByCountry: { country: string; count: number; entries: unknown[] }[] }>(
        BY_COUNTRY,
        { v: village.id },
        { token },
      );
      expect(res.data!.registryByCountry.map((c) => [c.country, c.count])).toEqual([["BR", 1]]);
      expect(JSON.stringify(res.data)).not.toContain("Georges");
    }
    const mine = await server.gql<{
      registryByCountry: { country: string; count: number; entries: { person: { displayName: string } }[] }[];
    }>(BY_COUNTRY, { v: village.id }, { token: owner.token });
    expect(mine.data!.registryByCountry.map((c) => [c.country, c.count])).toEqual([
      ["BR", 1],
      ["CA", 1],
    ]);
    expect(mine.data!.registryByCountry[1].entries[0].person.displayName).toBe("Georges Saab");
    const refused = await server.gql(
      ADD_ENTRY,
      { input: { villageId: village.id, personId: living, destinationCountry: "FR" } },
      { token: other.token },
    );
    expect(badFields(refused)).toContain("personId");
  });
});

describe("landmarks", () => {
  it("need sign-in; a member records one with three-language names; audited", async () => {
    const input = {
      villageId: village.id,
      type: "SHRINE",
      name: "Our Lady of Zahle",
      nameAr: "سيدة زحلة",
      latitude: 33.85,
      longitude: 35.9,
    };
    expect((await server.gql(CREATE_ASSET, { input })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const res = await server.gql<{ createAsset: Record<string, unknown> }>(CREATE_ASSET, { input }, { token: owner.token });
    expect(res.data!.createAsset).toMatchObject({
      type: "SHRINE",
      nameAr: "سيدة زحلة",
      provenance: "COMMUNITY",
      viewerCan: { edit: true },
      village: { name: "Zahle" },
    });
    expect(((await server.ds.query(`SELECT 1 FROM audit_logs WHERE table_name = 'assets'`)) as unknown[]).length).toBe(1);
  });

  it("another member cannot change or delete it; an editor can; the owner deletes it", async () => {
    const res = await server.gql<{ createAsset: { id: string } }>(
      CREATE_ASSET,
      { input: { villageId: village.id, type: "SPRING", name: "Ain" } },
      { token: owner.token },
    );
    const id = res.data!.createAsset.id;
    expect((await server.gql(UPDATE_ASSET, { id, input: { name: "x" } }, { token: other.token })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await server.gql(DELETE_ASSET, { id }, { token: other.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const ok = await server.gql<{ updateAsset: { name: string; description: string } }>(
      UPDATE_ASSET,
      { id, input: { description: "The town spring" } },
      { token: editor.token },
    );
    expect(ok.data!.updateAsset).toEqual({ name: "Ain", description: "The town spring" });
    expect((await server.gql<{ deleteAsset: boolean }>(DELETE_ASSET, { id }, { token: owner.token })).data!.deleteAsset).toBe(true);
  });

  it("refuses bad input, writing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ villageId: village.id, type: "castle", name: "x" }, "type"],
      [{ villageId: village.id, type: "CHURCH" }, "name"],
      [{ villageId: village.id, type: "CHURCH", name: "x", latitude: 33.8 }, "longitude"],
      [{ villageId: gid("Village", "00000000-0000-7000-8000-000000000000"), type: "CHURCH", name: "x" }, "villageId"],
    ];
    const before = await rows("assets");
    for (const [input, field] of cases) {
      const res = await server.gql(CREATE_ASSET, { input }, { token: owner.token });
      expect(badFields(res)).toContain(field);
    }
    expect(await rows("assets")).toBe(before);
    const filtered = await server.gql<{ assets: { type: string }[] }>(`query ($v: ID!) { assets(villageId: $v, type: SHRINE) { type } }`, {
      v: village.id,
    });
    expect(filtered.data!.assets.map((a) => a.type)).toEqual(["SHRINE"]);
  });
});

describe("statement counts", () => {
  const PAGE = `query ($s: String!) { village(slug: $s) { name events { title primaryPerson { displayName } villages { name } } festivals { title }
    landmarks { name village { name } } registrySummary { country count entries { departureYear person { displayName } } } } }`;
  const LIST = `query { villages(first: 50) { edges { node { name events { title primaryPerson { displayName } } festivals { title } landmarks { name } registrySummary { country count } } } } }`;

  async function fill(v: { id: string }, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const p = await buildPerson(server, owner, { fullName: `Emigrant ${i}`, birthDate: "1880", deathDate: "1950", villageId: v.id });
      await server.gql(
        ADD_ENTRY,
        { input: { villageId: v.id, personId: p, destinationCountry: ["BR", "US", "AU"][i % 3], departureYear: 1905 } },
        { token: owner.token },
      );
      await server.gql(
        `mutation ($input: EventInput!) { createEvent(input: $input) { id } }`,
        { input: { type: i % 2 ? "FESTIVAL" : "EMIGRATION", title: `E${i}`, primaryPersonId: i % 2 ? null : p, villageIds: [v.id] } },
        { token: owner.token },
      );
      await server.gql(CREATE_ASSET, { input: { villageId: v.id, type: "CHURCH", name: `Church ${i}` } }, { token: owner.token });
    }
  }

  it("a village page with its events, festivals, landmarks and registry takes the same few statements however much it holds", async () => {
    const small = await buildVillage(server, "Ehden");
    const big = await buildVillage(server, "Bsharri");
    await fill(small, 1);
    await fill(big, 9);
    const counts: number[] = [];
    for (const v of [small, big]) {
      server.queries.length = 0;
      const res = await server.gql<{ village: { events: unknown[]; landmarks: unknown[] } }>(PAGE, { s: v.slug });
      expect(res.errors).toBeUndefined();
      counts.push(server.queries.length);
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[1]).toBeLessThanOrEqual(8);
    server.queries.length = 0;
    const list = await server.gql<{ villages: { edges: unknown[] } }>(LIST);
    expect(list.data!.villages.edges.length).toBeGreaterThanOrEqual(3);
    expect(server.queries.length).toBeLessThanOrEqual(8); // one per relation, not one per village
  });
});
