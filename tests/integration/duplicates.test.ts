import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";
import { buildPerson } from "../support/genealogy.js";

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64url");
const SUGGEST = `query ($input: DuplicateQueryInput!) { duplicateSuggestions(input: $input) { score reasons matchedName person { id fullName isPrivate } } }`;
type Suggestion = {
  score: number;
  reasons: string[];
  matchedName: string | null;
  person: { id: string; fullName: string | null; isPrivate: boolean };
};

let server: TestServer;
let owner: BuiltUser;
let other: BuiltUser;
let curator: BuiltUser;
let village: string;
let tanios: string;
let living: string;

async function suggest(input: Record<string, unknown>, user: BuiltUser = other): Promise<Suggestion[]> {
  const res = await server.gql<{ duplicateSuggestions: Suggestion[] }>(SUGGEST, { input }, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.duplicateSuggestions;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  other = await buildUser(server.ds);
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  const [v] = (await buildVillages(server.ds, [{ name: "Zahle", slug: "zahle" }])).map((id) => ({ id }));
  village = gid("Village", v.id);
  await server.ds.query(`INSERT INTO village_curators (id, user_id, village_id) VALUES (gen_random_uuid(), $1, $2)`, [curator.id, v.id]);
  tanios = await buildPerson(server, owner, {
    fullName: "Tanios Khoury",
    fullNameAr: "طانيوس الخوري",
    birthDate: "ABT 1850",
    deathDate: "1921",
    villageId: village,
  });
  await buildPerson(server, owner, { fullName: "Tanios Khoury", birthDate: "1790", deathDate: "1850", villageId: village }); // another generation
  living = await buildPerson(server, owner, { fullName: "Rania Saab", fullNameAr: "رانيا صعب", birthDate: "1985", villageId: village });
});
afterAll(() => server.stop());

describe("duplicate suggestions", () => {
  it("find a person typed in Latin letters from the Arabic name, and the other way round, saying why", async () => {
    const fromArabic = await suggest({ fullNameAr: "طانيوس الخوري", villageId: village, birthYear: 1852 });
    expect(fromArabic[0]).toMatchObject({
      person: { id: tanios },
      reasons: expect.arrayContaining(["NAME_ARABIC", "SAME_VILLAGE", "BIRTH_YEAR"]),
    });
    const spelling = await suggest({ fullName: "Tanyus Khouri", birthYear: 1848 });
    expect(spelling[0].person.id).toBe(tanios);
    expect(spelling[0].reasons).toContain("NAME_CROSS_SCRIPT");
    // Without its Arabic name, the record is still found from Arabic letters through the cross-script key.
    await server.ds.query(`UPDATE people SET full_name_ar = NULL, key_arabic = '' WHERE id = $1`, [
      Buffer.from(tanios, "base64url").toString().split(":")[1],
    ]);
    const cross = await suggest({ fullNameAr: "طانيوس خوري", birthYear: 1850 });
    expect(cross.map((s) => s.person.id)).toContain(tanios);
    expect(cross.find((s) => s.person.id === tanios)!.reasons).toContain("NAME_CROSS_SCRIPT");
  });

  it("only people born within five years of the given year", async () => {
    const near = await suggest({ fullName: "Tanios Khoury", birthYear: 1855 });
    expect(near.map((s) => s.person.id)).toEqual([tanios]);
    expect(await suggest({ fullName: "Tanios Khoury", birthYear: 1870 })).toEqual([]);
    const noYear = await suggest({ fullName: "Tanios Khoury" });
    expect(noYear).toHaveLength(2);
  });

  it("ranks same village and close years higher", async () => {
    const ranked = await suggest({ fullName: "Tanios Khoury", villageId: village, birthYear: 1850 });
    expect(ranked[0].person.id).toBe(tanios);
    expect(ranked[0].score).toBeGreaterThan(0.9);
  });

  it("leave out living people the viewer may not see; their creator and the village curator see them", async () => {
    expect(await suggest({ fullName: "Rania Saab" })).toEqual([]);
    expect(await suggest({ fullNameAr: "رانيا صعب" })).toEqual([]);
    expect((await suggest({ fullName: "Rania Saab" }, owner)).map((s) => s.person.id)).toEqual([living]);
    expect((await suggest({ fullName: "Rania Saab" }, curator)).map((s) => s.person.fullName)).toEqual(["Rania Saab"]);
    // A curator's partial view hides the birth year, so it must not filter on it either.
    expect(await suggest({ fullName: "Rania Saab", birthYear: 1950 }, curator)).toHaveLength(1);
  });

  it("show a member their living close relatives, as every list of people does", async () => {
    // The other member's own record in the tree is Rania's child: Rania is their parent.
    const self = await buildPerson(server, owner, { fullName: "Karim Saab", birthDate: "2010", villageId: village });
    const linked = await server.gql(
      `mutation ($child: ID!, $parent: ID!) { addParent(childId: $child, parentId: $parent) { id } }`,
      { child: self, parent: living },
      { token: owner.token },
    );
    expect(linked.errors).toBeUndefined();
    expect(await suggest({ fullName: "Rania Saab" })).toEqual([]);
    await server.ds.query(`UPDATE people SET user_id = $1 WHERE id = $2`, [
      other.id,
      Buffer.from(self, "base64url").toString().split(":")[1],
    ]);
    expect((await suggest({ fullName: "Rania Saab" })).map((s) => s.person.id)).toEqual([living]);
    // Her birth year is hers to show: a relative's narrowing by year does not reveal it.
    expect(await suggest({ fullName: "Rania Saab", birthYear: 1950 })).toHaveLength(1);
  });

  it("need sign-in", async () => {
    const res = await server.gql(SUGGEST, { input: { fullName: "Tanios" } });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
