import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { importVillages } from "../../server/src/modules/genealogy/index.js";
import { startTestServer, type TestServer } from "../support/server.js";

type Edge = {
  node: { name: string; nameAr: string | null; slug: string; district: string };
  match: { kind: string; matched: string } | null;
};
type Page = { villages: { totalCount: number; edges: Edge[]; pageInfo: { hasNextPage: boolean; endCursor: string } } };
const SEARCH = `query ($search: String, $district: String, $first: Int, $after: String) {
  villages(search: $search, district: $district, first: $first, after: $after) {
    totalCount edges { node { name nameAr slug district } match { kind matched score } } pageInfo { hasNextPage endCursor } } }`;

let server: TestServer;
let firstImport: { inserted: number; updated: number };
beforeAll(async () => {
  server = await startTestServer();
  firstImport = await importVillages(server.ds);
}, 60_000);
afterAll(() => server.stop());

describe("gazetteer import", () => {
  it("loads every locality that has a district (Saida's found by its border), with Latin, French, Arabic names and coordinates", async () => {
    expect(firstImport).toEqual({ inserted: 3165, updated: 0 });
    const [stats]: { n: number; ar: number; coords: number; districts: number; dar: number }[] = await server.ds.query(
      `SELECT count(*)::int AS n, count(name_ar)::int AS ar, count(latitude)::int AS coords, count(DISTINCT district)::int AS districts,
              count(district_ar)::int AS dar FROM villages`,
    );
    expect(stats).toEqual({ n: 3165, ar: 1850, coords: 3165, districts: 25, dar: 3165 });
  });

  it("is re-runnable: a second run updates in place, keeping slugs and curators' text", async () => {
    await server.ds.query(`UPDATE villages SET description = 'Written by a curator' WHERE slug = 'zahle'`);
    const [before]: { id: string; slug: string }[] = await server.ds.query(
      `SELECT id, slug FROM villages WHERE source_ref = 'wof:421172017' OR slug = 'zahle' LIMIT 1`,
    );
    expect(await importVillages(server.ds)).toEqual({ inserted: 0, updated: 3165 });
    const [after]: { id: string; slug: string; description: string }[] = await server.ds.query(
      `SELECT id, slug, description FROM villages WHERE id = $1`,
      [before.id],
    );
    expect(after.slug).toBe(before.slug);
    const [zahle]: { description: string }[] = await server.ds.query(`SELECT description FROM villages WHERE slug = 'zahle'`);
    expect(zahle.description).toBe("Written by a curator");
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM villages`);
    expect(n).toBe(3165);
  });
});

describe("village search across scripts and spellings", () => {
  const table: [string, string][] = [
    ["Zahle", "زحلة"],
    ["Zahlé", "زحلة"],
    ["zahleh", "زحلة"],
    ["زحلة", "زحلة"],
    ["زَحْلَة", "زحلة"],
    ["Bcharre", "بشري"],
    ["Bsharri", "بشري"],
    ["بشرّي", "بشري"],
    ["Ehden", "إهدن"],
    ["اهدن", "إهدن"],
    ["Deir el Qamar", "دير القمر"],
    ["Dayr al-Qamar", "دير القمر"],
    ["دير القمر", "دير القمر"],
  ];
  for (const [query, arabic] of table) {
    it(`"${query}" finds ${arabic}`, async () => {
      const res = await server.gql<Page>(SEARCH, { search: query, first: 5 });
      expect(res.errors).toBeUndefined();
      const names = res.data!.villages.edges.map((e) => e.node.nameAr);
      expect(names).toContain(arabic);
      expect(res.data!.villages.edges[0].match).not.toBeNull();
    });
  }

  it("explains a cross-script match", async () => {
    const res = await server.gql<Page>(SEARCH, { search: "زحلة", first: 3 });
    const zahle = res.data!.villages.edges.find((e) => e.node.nameAr === "زحلة")!;
    expect(zahle.match!.kind).toMatch(/EXACT|ARABIC/);
    const latin = await server.gql<Page>(SEARCH, { search: "Zahleh", first: 3 });
    expect(latin.data!.villages.edges[0].node.nameAr).toBe("زحلة");
  });

  it("filters by district and pages through results", async () => {
    const all = await server.gql<Page>(SEARCH, { district: "Zahle", first: 100 });
    expect(all.data!.villages.totalCount).toBe(96);
    expect(all.data!.villages.edges.every((e) => e.node.district === "Zahle")).toBe(true);
    const p1 = await server.gql<Page>(SEARCH, { search: "kfar", first: 10 });
    expect(p1.data!.villages.totalCount).toBeGreaterThan(20);
    const p2 = await server.gql<Page>(SEARCH, { search: "kfar", first: 10, after: p1.data!.villages.pageInfo.endCursor });
    const slugs1 = p1.data!.villages.edges.map((e) => e.node.slug);
    const slugs2 = p2.data!.villages.edges.map((e) => e.node.slug);
    expect(slugs2).toHaveLength(10);
    expect(slugs1.filter((s) => slugs2.includes(s))).toEqual([]);
  });

  it("lists districts with Arabic names and counts", async () => {
    const res = await server.gql<{ districts: { name: string; nameAr: string; villageCount: number }[] }>(
      `{ districts { name nameAr villageCount } }`,
    );
    expect(res.data!.districts).toHaveLength(25);
    expect(res.data!.districts.find((d) => d.name === "Bcharre")).toEqual({ name: "Bcharre", nameAr: "بشري", villageCount: 51 });
    // Who's On First has no Saida caza: its villages were found inside the derived Saida border.
    expect(res.data!.districts.find((d) => d.name === "Saida")).toEqual({ name: "Saida", nameAr: "صيدا", villageCount: 139 });
  });

  it("bad input: an over-long search, a forged cursor, a malformed or unknown slug", async () => {
    expect((await server.gql(SEARCH, { search: "x".repeat(101) })).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await server.gql(SEARCH, { search: "kfar", after: "bm9wZQ" })).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await server.gql(`{ village(slug: "Not A Slug") { name } }`)).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await server.gql(`{ village(slug: "atlantis") { name } }`)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("a village round-trips through node(id)", async () => {
    const v = await server.gql<{ village: { id: string; name: string; latitude: number } }>(
      `{ village(slug: "zahle") { id name latitude } }`,
    );
    expect(v.data!.village.latitude).toBeGreaterThan(33);
    const n = await server.gql<{ node: { name: string } }>(`query ($id: ID!) { node(id: $id) { ... on Village { name } } }`, {
      id: v.data!.village.id,
    });
    expect(n.data!.node.name).toBe(v.data!.village.name);
  });
});
