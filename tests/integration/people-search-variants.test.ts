import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { importVillages } from "../../server/src/modules/genealogy/index.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

// Real Lebanese names as records write them: each person is stored once (Latin and/or Arabic),
// and every spelling in the table below must find that same person.
const PEOPLE: Record<string, [string | null, string | null]> = {
  khoury: ["Youssef Khoury", "يوسف الخوري"],
  haddad: ["Boutros Haddad", "بطرس حداد"],
  chamoun: ["Hanna Chamoun", "حنّا شمعون"],
  gemayel: ["Gerges Gemayel", "جرجس الجميّل"],
  frangieh: ["Elias Frangieh", "إلياس فرنجية"],
  sfeir: ["Mikhael Sfeir", "ميخائيل صفير"],
  moussa: ["Tanios Moussa", "طانيوس موسى"],
  abouChakra: ["Mohammad Abou Chakra", "محمد أبو شقرا"],
  daher: ["Ahmad Daher", "أحمد ضاهر"],
  nasrallah: ["Khalil Nasrallah", "خليل نصرالله"],
  douaihy: ["Maroun Douaihy", "مارون الدويهي"],
  chidiac: ["Sleiman Chidiac", "سليمان الشدياق"],
  geagea: ["Semaan Geagea", "سمعان جعجع"],
  maalouf: [null, "جورج معلوف"], // only in Arabic (a civil registry extract)
  hobeika: ["Tanios Hobeika", null], // only in Latin (an emigrant's papers)
  khouri: ["Elias Khouri", null], // another family spelled the other way, for ranking
};

// [what a user types, whose record it must find, how it matched]
const VARIANTS: [string, keyof typeof PEOPLE, string][] = [
  ["Khoury", "khoury", "EXACT"],
  ["El Khoury", "khoury", "EXACT"],
  ["el-khoury", "khoury", "EXACT"],
  ["الخوري", "khoury", "EXACT"],
  ["خوري", "khoury", "EXACT"],
  ["Joseph Khoury", "khoury", "VARIANT"],
  ["José El Khoury", "khoury", "VARIANT"],
  ["Yousef Khouri", "khoury", "PHONETIC"],
  ["يوسف خوري", "khoury", "EXACT"],
  ["Haddad", "haddad", "EXACT"],
  ["حداد", "haddad", "EXACT"],
  ["Pierre Haddad", "haddad", "VARIANT"],
  ["Peter Haddad", "haddad", "VARIANT"],
  ["Shamoun", "chamoun", "PHONETIC"],
  ["شمعون", "chamoun", "EXACT"],
  ["Jean Chamoun", "chamoun", "VARIANT"],
  ["John Shamoun", "chamoun", "VARIANT"],
  ["Jumayyil", "gemayel", "PHONETIC"],
  ["الجميل", "gemayel", "EXACT"],
  ["Georges Gemayel", "gemayel", "PHONETIC"],
  ["George Jumayyil", "gemayel", "VARIANT"],
  ["Franjieh", "frangieh", "PHONETIC"],
  ["فرنجيه", "frangieh", "EXACT"],
  ["Elie Frangieh", "frangieh", "VARIANT"],
  ["الياس فرنجية", "frangieh", "EXACT"],
  ["Sfair", "sfeir", "PHONETIC"],
  ["Michel Sfeir", "sfeir", "VARIANT"],
  ["Michael Sfeir", "sfeir", "VARIANT"],
  ["صفير", "sfeir", "EXACT"],
  ["Musa", "moussa", "PHONETIC"],
  ["Antoine Moussa", "moussa", "VARIANT"],
  ["Anthony Musa", "moussa", "VARIANT"],
  ["موسي", "moussa", "EXACT"],
  ["Abu Shaqra", "abouChakra", "PHONETIC"],
  ["Muhammad Abou Chakra", "abouChakra", "PHONETIC"],
  ["Mohamed Abu Shaqra", "abouChakra", "PHONETIC"],
  ["ابو شقرا", "abouChakra", "EXACT"],
  ["Dahir", "daher", "PHONETIC"],
  ["Ahmed Daher", "daher", "PHONETIC"],
  ["ضاهر", "daher", "EXACT"],
  ["Khaleel Nasrallah", "nasrallah", "PHONETIC"],
  ["نصر الله", "nasrallah", "PHONETIC"],
  ["Maron Doueihy", "douaihy", "PHONETIC"],
  ["Duwayhi", "douaihy", "PHONETIC"],
  ["الدويهي", "douaihy", "EXACT"],
  ["Suleiman Shidyaq", "chidiac", "PHONETIC"],
  ["Soliman Chidiac", "chidiac", "PHONETIC"],
  ["سليمان", "chidiac", "EXACT"],
  ["Simon Geagea", "geagea", "PHONETIC"],
  ["جعجع", "geagea", "EXACT"],
  ["George Maalouf", "maalouf", "PHONETIC"],
  ["Georges Malouf", "maalouf", "VARIANT"],
  ["Gerges Maalouf", "maalouf", "VARIANT"],
  ["طانيوس حبيقة", "hobeika", "PHONETIC"],
  ["Antoine Hobeika", "hobeika", "VARIANT"],
  // Typing mistakes: found by trigram similarity.
  ["Chamoum", "chamoun", "TYPO"],
  ["Sfeit", "sfeir", "TYPO"],
  ["Khourt", "khoury", "TYPO"],
  ["Nasrallan", "nasrallah", "TYPO"],
  ["Hobeiks", "hobeika", "TYPO"],
];

type Edge = { node: { id: string; fullName: string | null }; match: { kind: string; matchedVariant: string; score: number } | null };
const SEARCH = `query ($q: String, $village: ID) { people(search: $q, villageId: $village, first: 10) { totalCount edges { node { id fullName } match { kind matchedVariant score } } } }`;

let server: TestServer;
let owner: BuiltUser;
const ids: Record<string, string> = {};

async function search(q: string, village?: string): Promise<Edge[]> {
  const res = await server.gql<{ people: { edges: Edge[] } }>(SEARCH, { q, village }, { token: owner.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.people.edges;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  await importVillages(server.ds);
  for (const [key, [fullName, fullNameAr]] of Object.entries(PEOPLE)) {
    const res = await server.gql<{ createPerson: { id: string } }>(
      `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
      { input: { fullName, fullNameAr, birthDate: "1880", deathDate: "1950" } },
      { token: owner.token },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    ids[key] = res.data!.createPerson.id;
  }
}, 90_000);
afterAll(() => server.stop());

describe("a person is found by any real spelling of their name", () => {
  it.each(VARIANTS)(`"%s" finds %s (%s)`, async (query, key, kind) => {
    const edges = await search(query);
    const hit = edges.find((e) => e.node.id === ids[key]);
    expect(hit).toBeDefined();
    expect(hit!.match?.kind).toBe(kind);
    // The explanation names one of the person's own stored spellings.
    expect(PEOPLE[key]).toContain(hit!.match!.matchedVariant);
  });

  it("has a table of at least 30 real spelling pairs in both scripts", () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(30);
    expect(VARIANTS.filter(([q]) => /[\u0600-\u06FF]/.test(q)).length).toBeGreaterThanOrEqual(10);
  });
});

describe("ranking", () => {
  it("puts the exact spelling before another spelling of the same sound", async () => {
    const edges = await search("Khouri");
    expect(edges[0].node.id).toBe(ids.khouri);
    expect(edges[0].match!.kind).toBe("EXACT");
    expect(edges.map((e) => e.node.id)).toContain(ids.khoury);
    expect(edges.find((e) => e.node.id === ids.khoury)!.match!.kind).toBe("PHONETIC");
    const scores = edges.map((e) => e.match!.score);
    expect(scores[0]).toBeGreaterThan(scores[1]);
  });

  it("does not find unrelated names", async () => {
    const edges = await search("Haddad");
    expect(edges.map((e) => e.node.id)).toEqual([ids.haddad]);
    expect(await search("Zzyzx")).toEqual([]);
  });

  it("combines the name with the village of origin", async () => {
    const [zahle]: { id: string }[] = await server.ds.query(`SELECT id FROM villages WHERE slug = 'zahle'`);
    const village = Buffer.from(`Village:${zahle.id}`).toString("base64url");
    await server.ds.query(`UPDATE people SET village_id = $1 WHERE full_name = 'Boutros Haddad'`, [zahle.id]);
    expect((await search("Pierre Haddad", village)).map((e) => e.node.id)).toEqual([ids.haddad]);
    expect(await search("Khoury", village)).toEqual([]);
  });
});

describe("villages are found by name in any script", () => {
  const VILLAGES: [string, string][] = [
    ["Zahleh", "زحلة"],
    ["زحله", "زحلة"],
    ["Bcharré", "بشري"],
    ["Jbeil", "جبيل"],
    ["Zgharta", "زغرتا"],
    ["Batroun", "البترون"],
    ["البترون", "البترون"],
    ["Baalbeck", "بعلبك"],
  ];
  it.each(VILLAGES)(`"%s" finds %s`, async (query, arabic) => {
    const res = await server.gql<{ villages: { edges: { node: { nameAr: string | null }; match: { kind: string } | null }[] } }>(
      `query ($q: String) { villages(search: $q, first: 5) { edges { node { nameAr } match { kind } } } }`,
      { q: query },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.villages.edges.map((e) => e.node.nameAr)).toContain(arabic);
  });
});
