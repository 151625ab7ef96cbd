/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { RootpediaTitleKeys1798100000001 } from "../../server/src/db/migrations/1798100000001-RootpediaTitleKeys.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Rootpedia's search reads an article's name as the people search reads names (issue 43): from
 * its name in the other script ("zahle" finds زحلة) and from its spelling variants ("Berdaouni"
 * finds "Berdawni"), the word marked in the snippet; articles written before the keys existed
 * get them from the migration.
 */
let server: TestServer;
let curator: BuiltUser;
let slug: string;

const SEARCH = `query ($q: String!, $slug: String) { rootpediaSearch(query: $q, villageSlug: $slug) { article { title language } snippet { text match } } }`;
const search = async (q: string) => (await server.gql<any>(SEARCH, { q, slug })).data.rootpediaSearch as any[];

beforeAll(async () => {
  server = await startTestServer();
  const village = await buildVillage(server, "Searchplace");
  slug = village.slug;
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  for (const input of [
    { language: "ar", title: "زحلة", content: "مدينة في البقاع، على نهر البردوني." },
    { language: "en", title: "The Berdawni family", content: "A family of the valley." },
    { language: "fr", title: "Bcharré", content: "Un village de la montagne." },
  ]) {
    const res = await server.gql<any>(
      `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id } }`,
      { input: { villageSlug: slug, summary: "", ...input } },
      { token: curator.token },
    );
    expect(res.errors).toBeUndefined();
  }
});
afterAll(() => server.stop());

describe("Rootpedia search by name", () => {
  it("finds an article from its name in the other script, the name marked", async () => {
    const hits = await search("zahle");
    expect(hits.map((h) => h.article.title)).toEqual(["زحلة"]);
    expect(hits[0].snippet.filter((s: any) => s.match).map((s: any) => s.text)).toContain("زحلة");
    expect((await search("Zahlé")).map((h) => h.article.title)).toEqual(["زحلة"]);
    expect((await search("بشري")).map((h) => h.article.title)).toEqual(["Bcharré"]);
  });

  it("finds an article from a spelling variant of its name", async () => {
    expect((await search("Berdaouni")).map((h) => h.article.title)).toEqual(["The Berdawni family"]);
    expect((await search("البرداوني")).map((h) => h.article.title)).toEqual(["The Berdawni family"]);
    // Another name finds nothing; the keys are the title's only (the Arabic article's text names the
    // Berdawni river, in its own script: found by the Arabic words, not by the Latin name's keys).
    expect(await search("Maalouf")).toEqual([]);
  });

  it("gives the articles written before the keys existed their keys (migration), and takes them back down", async () => {
    const migration = new RootpediaTitleKeys1798100000001();
    const runner = server.ds.createQueryRunner();
    try {
      await migration.down(runner);
      const [{ text }] = await runner.query(`SELECT search_text AS text FROM rootpedia_articles WHERE title = 'زحلة'`);
      expect(text).not.toContain("⁂");
      expect(await search("zahle")).toEqual([]);
      await migration.up(runner);
      expect((await search("zahle")).map((h) => h.article.title)).toEqual(["زحلة"]);
      // Once only: a second run adds nothing.
      await migration.up(runner);
      const [{ n }] = await runner.query(
        `SELECT count(*)::int AS n FROM rootpedia_articles WHERE title = 'زحلة' AND search_text LIKE '%⁂%⁂%'`,
      );
      expect(n).toBe(0);
    } finally {
      await runner.release();
    }
  });
});
