import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { VillageNameMarks1797500000000 } from "../../server/src/db/migrations/1797500000000-VillageNameMarks.js";
import { VillageFrenchDistricts1797600000000 } from "../../server/src/db/migrations/1797600000000-VillageFrenchDistricts.js";
import { importVillages } from "../../server/src/modules/genealogy/index.js";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser } from "../factories/users.js";
import { gid } from "../support/genealogy.js";
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
    expect(firstImport).toEqual({ inserted: 3198, updated: 0 });
    const [stats]: { n: number; ar: number; coords: number; districts: number; dar: number }[] = await server.ds.query(
      `SELECT count(*)::int AS n, count(name_ar)::int AS ar, count(latitude)::int AS coords, count(DISTINCT district)::int AS districts,
              count(district_ar)::int AS dar FROM villages`,
    );
    expect(stats).toEqual({ n: 3198, ar: 2040, coords: 3198, districts: 25, dar: 3198 });
  });

  it("names each village's district and governorate in French too, as the map does (Ehden's older North Lebanon record by its name)", async () => {
    const rows: { name: string; district_fr: string; governorate_fr: string }[] = await server.ds.query(
      `SELECT name, district_fr, governorate_fr FROM villages
        WHERE source_ref IN ('wof:890450039', 'wof:421181859', 'wof:890441591', 'wof:1259969327') ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: "Bikfaya", district_fr: "Metn", governorate_fr: "Mont Liban" },
      { name: "Ehden", district_fr: "Zghorta", governorate_fr: "Liban-Nord" },
      { name: "Sidon", district_fr: "Saïda", governorate_fr: "Liban du Sud" },
      { name: "Zahle", district_fr: "Zahlé", governorate_fr: "Beqaa" },
    ]);
    const [{ n }]: { n: number }[] = await server.ds.query(
      `SELECT count(*)::int AS n FROM villages WHERE district_fr IS NULL OR governorate_fr IS NULL`,
    );
    expect(n).toBe(0);
    const res = await server.gql<{
      village: { districtFr: string; governorateFr: string };
      districts: { name: string; nameFr: string; governorateFr: string }[];
    }>(`{ village(slug: "zahle") { districtFr governorateFr } districts { name nameFr governorateFr } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.village).toEqual({ districtFr: "Zahlé", governorateFr: "Beqaa" });
    expect(res.data!.districts.find((d) => d.name === "Kesrwane")).toEqual({
      name: "Kesrwane",
      nameFr: "Kesrouan",
      governorateFr: "Mont Liban",
    });
  });

  it("is re-runnable: a second run updates in place, keeping slugs and curators' text", async () => {
    await server.ds.query(`UPDATE villages SET description = 'Written by a curator' WHERE slug = 'zahle'`);
    await server.ds.query(`UPDATE villages SET district_fr = 'Zahle', governorate_fr = NULL WHERE slug = 'zahle'`);
    const [before]: { id: string; slug: string }[] = await server.ds.query(
      `SELECT id, slug FROM villages WHERE source_ref = 'wof:421172017' OR slug = 'zahle' LIMIT 1`,
    );
    expect(await importVillages(server.ds)).toEqual({ inserted: 0, updated: 3198 });
    const [after]: { id: string; slug: string; description: string }[] = await server.ds.query(
      `SELECT id, slug, description FROM villages WHERE id = $1`,
      [before.id],
    );
    expect(after.slug).toBe(before.slug);
    const [zahle]: { description: string; district_fr: string; governorate_fr: string }[] = await server.ds.query(
      `SELECT description, district_fr, governorate_fr FROM villages WHERE slug = 'zahle'`,
    );
    expect(zahle).toEqual({ description: "Written by a curator", district_fr: "Zahlé", governorate_fr: "Beqaa" });
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM villages`);
    expect(n).toBe(3198);
  });

  it("a migration gives villages imported before the French names the same ones the import writes", async () => {
    const french = () =>
      server.ds.query(`SELECT source_ref, district_fr, governorate_fr FROM villages ORDER BY source_ref`) as Promise<unknown[]>;
    const imported = await french();
    const runner = server.ds.createQueryRunner();
    const migration = new VillageFrenchDistricts1797600000000();
    await migration.down(runner);
    await migration.up(runner);
    await runner.release();
    expect(await french()).toEqual(imported);
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
    expect(all.data!.villages.totalCount).toBe(90);
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
    expect(res.data!.districts.find((d) => d.name === "Bcharre")).toEqual({ name: "Bcharre", nameAr: "بشري", villageCount: 49 });
    // Who's On First has no Saida caza: its villages were found inside the derived Saida border.
    expect(res.data!.districts.find((d) => d.name === "Saida")).toEqual({ name: "Saida", nameAr: "صيدا", villageCount: 132 });
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

describe("one entry per village", () => {
  it("holds Zahle once: the GeoNames town with its population, at /libanpedia/zahle", async () => {
    const rows: { slug: string; population_current: number; source_ref: string }[] = await server.ds.query(
      `SELECT slug, population_current, source_ref FROM villages WHERE name_ar = 'زحلة' OR 'زحلة' = ANY(alternate_names)`,
    );
    expect(rows).toEqual([{ slug: "zahle", population_current: 78145, source_ref: "wof:890450039" }]);
    const chooser = await server.gql<Page>(SEARCH, { search: "Zahle", first: 10 });
    expect(chooser.data!.villages.edges.filter((e) => e.node.nameAr === "زحلة")).toHaveLength(1);
  });

  it("places Saida's localities in the Saida caza by their point (Sidon, Sarafand)", async () => {
    const rows: { name: string; district: string; governorate: string }[] = await server.ds.query(
      `SELECT name, district, governorate FROM villages WHERE source_ref IN ('wof:890441591', 'wof:1193270637') ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: "Sarafand", district: "Saida", governorate: "South Lebanon" },
      { name: "Sidon", district: "Saida", governorate: "South Lebanon" },
    ]);
  });

  it("spells the source's backtick for ʿayn as the other names do, and a migration mends an older copy", async () => {
    const names = async () =>
      (await server.ds.query(
        `SELECT name, name_fr FROM villages WHERE source_ref IN ('wof:1209094239', 'wof:1226341311', 'wof:1209110793') ORDER BY name`,
      )) as { name: string; name_fr: string }[];
    const expected = [
      { name: "Al Mazra’ah", name_fr: "Al Mazra’ah" },
      { name: "Ayn Ahilah", name_fr: "Ayn Ahilah" },
      { name: "Khalwat Aynab", name_fr: "Khalwat Aynab" },
    ];
    expect(await names()).toEqual(expected);
    const [{ n }] = await server.ds.query("SELECT count(*)::int AS n FROM villages WHERE name LIKE '%`%' OR name_fr LIKE '%`%'");
    expect(n).toBe(0);
    // A database imported before: the gazetteer's spelling, put back, is mended by the migration.
    await server.ds.query(
      "UPDATE villages SET name = replace(replace(replace(name, 'Ayn Ahilah', '`Ayn Ahilah'), '’', '`'), 'Aynab', '`Aynab'), name_fr = NULL WHERE source_ref IN ('wof:1209094239', 'wof:1226341311', 'wof:1209110793')",
    );
    await server.ds.query("UPDATE villages SET name_fr = name WHERE source_ref IN ('wof:1209094239', 'wof:1226341311', 'wof:1209110793')");
    expect((await names()).map((r) => r.name)).toEqual(["Al Mazra`ah", "Khalwat `Aynab", "`Ayn Ahilah"]);
    const runner = server.ds.createQueryRunner();
    await new VillageNameMarks1797500000000().up(runner);
    await runner.release();
    expect(await names()).toEqual(expected);
  });

  it("lists a village's other names without respellings of its own: Zahle's spellings stay searchable", async () => {
    const res = await server.gql<{ village: { alternateNames: string[]; otherNames: string[] } }>(
      `query { village(slug: "zahle") { alternateNames otherNames } }`,
      {},
    );
    expect(res.data!.village.alternateNames).toEqual(expect.arrayContaining(["زحله", "زحله، لبنان", "زحلہ", "Zahlé"]));
    expect(res.data!.village.otherNames).toEqual([]);
    const found = await server.gql<Page>(SEARCH, { search: "زحلہ", first: 3 });
    expect(found.data!.villages.edges[0].node.slug).toBe("zahle");
  });

  it("fills Arabic names from GeoNames (El Aaqbe near a GeoNames feature of that name)", async () => {
    const [row]: { name_ar: string }[] = await server.ds.query(`SELECT name_ar FROM villages WHERE source_ref = 'wof:1226034779'`);
    expect(row.name_ar).toBe("العقبة");
  });

  it("merges a database's old copy of a folded twin into the kept town, which takes the plain slug", async () => {
    const [kept]: { id: string }[] = await server.ds.query(`SELECT id FROM villages WHERE slug = 'zahle'`);
    await server.ds.query(`UPDATE villages SET slug = 'zahle-2', description = NULL WHERE id = $1`, [kept.id]);
    const [twin]: { id: string }[] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, slug, source_ref, description, district) VALUES (gen_random_uuid(), 'lb', 'Zahle', 'zahle', 'wof:421175455', 'The history of Zahle', 'Zahle') RETURNING id`,
    );
    await server.ds.query(
      `INSERT INTO families (id, rootspace_id, village_id, family_name) VALUES (gen_random_uuid(), 'lb', $1, 'Twin Family')`,
      [twin.id],
    );
    await importVillages(server.ds);
    const [zahle]: { id: string; description: string }[] = await server.ds.query(
      `SELECT id, description FROM villages WHERE slug = 'zahle'`,
    );
    expect(zahle).toEqual({ id: kept.id, description: "The history of Zahle" });
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM families WHERE village_id = $1`, [kept.id]);
    expect(n).toBe(1);
    const old = await server.gql<{ village: { slug: string } }>(`{ village(slug: "zahle-2") { slug } }`);
    expect(old.data!.village.slug).toBe("zahle");
  });

  it("a re-import respects merges and curators' Arabic names", async () => {
    const editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
    const ids: { id: string; source_ref: string }[] = await server.ds.query(
      `SELECT id, source_ref FROM villages WHERE source_ref IN ('wof:890441591', 'wof:1193270637') ORDER BY source_ref`,
    );
    const [sarafand, sidon] = ids;
    const merged = await server.gql(
      `mutation ($a: ID!, $b: ID!) { mergeVillages(intoId: $a, fromId: $b) { village { slug } } }`,
      { a: gid("Village", sidon.id), b: gid("Village", sarafand.id) },
      { token: editor.token },
    );
    expect(merged.errors).toBeUndefined();
    const named = await server.gql(
      `mutation ($id: ID!) { updateVillage(id: $id, input: { nameAr: "صيدا المدينة" }) { nameAr } }`,
      { id: gid("Village", sidon.id) },
      { token: editor.token },
    );
    expect(named.errors).toBeUndefined();
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM villages`);
    await importVillages(server.ds);
    expect(await server.ds.query(`SELECT 1 FROM villages WHERE source_ref = $1`, [sarafand.source_ref])).toEqual([]);
    const [after]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM villages`);
    expect(after.n).toBe(n);
    const [sidonNow]: { name_ar: string }[] = await server.ds.query(`SELECT name_ar FROM villages WHERE id = $1`, [sidon.id]);
    expect(sidonNow.name_ar).toBe("صيدا المدينة");
    // The curator's name and the merged village's names stay searchable.
    const found = await server.gql<Page>(SEARCH, { search: "Sarafand", first: 3 }, { language: "en" });
    expect(found.data!.villages.edges[0].node.slug).toBe("sidon");
    const bad = await server.gql(
      `mutation ($id: ID!) { updateVillage(id: $id, input: { nameAr: "Saida" }) { nameAr } }`,
      { id: gid("Village", sidon.id) },
      { token: editor.token },
    );
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });
});

describe("Arabic order", () => {
  it("lists villages by their Arabic name in Arabic collation for Arabic readers, Latin names (no Arabic one) after", async () => {
    const res = await server.gql<Page>(SEARCH, { district: "Zahle", first: 100 }, { language: "ar" });
    const keys = res.data!.villages.edges.map((e) => e.node.nameAr ?? e.node.name);
    expect(keys).toHaveLength(90);
    const collator = new Intl.Collator("ar");
    expect(keys).toEqual([...keys].sort(collator.compare));
    const firstLatin = res.data!.villages.edges.findIndex((e) => !e.node.nameAr);
    expect(res.data!.villages.edges.slice(firstLatin).every((e) => !e.node.nameAr)).toBe(true);
    // Pages follow on.
    const p1 = await server.gql<Page>(SEARCH, { first: 20 }, { language: "ar" });
    const p2 = await server.gql<Page>(SEARCH, { first: 20, after: p1.data!.villages.pageInfo.endCursor }, { language: "ar" });
    const both = [...p1.data!.villages.edges, ...p2.data!.villages.edges].map((e) => e.node.nameAr ?? e.node.name);
    expect(both).toEqual([...both].sort(collator.compare));
  });
});
