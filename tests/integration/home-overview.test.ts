import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { buildUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

const COUNTS = `{ rootspaceCounts { villages families people } }`;
const FEATURED = `query ($first: Int!) { featuredVillages(first: $first) { slug description descriptionAr } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.stop());

type Counts = { rootspaceCounts: { villages: number; families: number; people: number } };

describe("the home page's counts", () => {
  it("counts public villages and families and every person, private ones as a number only", async () => {
    const before = (await server.gql<Counts>(COUNTS)).data!.rootspaceCounts;
    const member = await buildUser(server.ds);
    const village = await buildVillage(server, "Counted");
    await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, slug, is_public) VALUES (gen_random_uuid(), 'lb', 'Hidden', 'hidden-count', false)`,
    );
    await server.ds.query(
      `INSERT INTO families (id, rootspace_id, family_name, village_id) VALUES (gen_random_uuid(), 'lb', 'Counted', $1)`,
      [village.raw],
    );
    await server.ds.query(
      `INSERT INTO families (id, rootspace_id, family_name, is_public) VALUES (gen_random_uuid(), 'lb', 'Hidden', false)`,
    );
    await buildPerson(server, member, { fullName: "Living Person", isPublic: false });
    await buildPerson(server, member, { fullName: "Public Person", isDeceased: true });

    const res = await server.gql<Counts>(COUNTS);
    expect(res.errors).toBeUndefined();
    expect(res.data!.rootspaceCounts).toEqual({ villages: before.villages + 1, families: before.families + 1, people: before.people + 2 });
  });

  it("answers a visitor who is not signed in", async () => {
    const res = await server.gql<Counts>(COUNTS);
    expect(res.errors).toBeUndefined();
    expect(res.data!.rootspaceCounts.villages).toBeGreaterThan(0);
  });
});

describe("featured villages", () => {
  it("refuses a page size outside 1 to 6", async () => {
    for (const first of [0, 7]) {
      const res = await server.gql(FEATURED, { first });
      expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    }
  });

  it("lists only public villages whose history is written", async () => {
    const written = await buildVillage(server, "Written");
    await server.ds.query(`UPDATE villages SET description_ar = 'قرية على السفح' WHERE id = $1`, [written.raw]);
    const hidden = await buildVillage(server, "Hidden history");
    await server.ds.query(`UPDATE villages SET description = 'Secret', is_public = false WHERE id = $1`, [hidden.raw]);
    const res = await server.gql<{ featuredVillages: { slug: string; description: string | null; descriptionAr: string | null }[] }>(
      FEATURED,
      { first: 6 },
    );
    expect(res.errors).toBeUndefined();
    const slugs = res.data!.featuredVillages.map((v) => v.slug);
    expect(slugs).toContain(written.slug);
    expect(slugs).not.toContain(hidden.slug);
    for (const v of res.data!.featuredVillages) expect(v.description || v.descriptionAr).toBeTruthy();
  });
});
