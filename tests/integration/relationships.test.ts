import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`;
const ADD_PARENT = `mutation ($child: ID!, $parent: ID!, $kind: ParentKind) { addParent(childId: $child, parentId: $parent, kind: $kind) { id } }`;
const ADD_UNION = `mutation ($input: UnionInput!) { addUnion(input: $input) { id } }`;
const REL = `query ($a: ID!, $b: ID!) { relationship(a: $a, b: $b) {
  related samePerson name names { ar en fr } steps generationsUp generationsDown
  path { id displayName isPrivate } commonAncestors { displayName } } }`;

interface Rel {
  related: boolean;
  samePerson: boolean;
  name: string;
  names: { ar: string; en: string; fr: string };
  steps: string[];
  generationsUp: number | null;
  generationsDown: number | null;
  path: { id: string; displayName: string; isPrivate: boolean }[];
  commonAncestors: { displayName: string }[];
}

let server: TestServer;
let owner: BuiltUser;
const p: Record<string, string> = {};

async function ok<T>(query: string, variables: Record<string, unknown>, token = owner.token): Promise<T> {
  const res = await server.gql<T>(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const person = async (key: string, gender: string, extra: Record<string, unknown> = {}) => {
  p[key] = (await ok<{ createPerson: { id: string } }>(CREATE, { input: { fullName: key, gender, ...extra } })).createPerson.id;
};
const parent = (child: string, par: string, kind = "BIRTH") => ok(ADD_PARENT, { child: p[child], parent: p[par], kind });
const union = (a: string, b: string) => ok(ADD_UNION, { input: { personId: p[a], partnerId: p[b] } });
const rel = async (a: string, b: string, opts: { token?: string | null; language?: string } = {}) => {
  const res = await server.gql<{ relationship: Rel }>(
    REL,
    { a: p[a] ?? a, b: p[b] ?? b },
    { token: opts.token === null ? undefined : (opts.token ?? owner.token), language: opts.language },
  );
  return res;
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  // Paternal side: grandparents (dead), father, his brother and sister, their children.
  await person("Grandfather", "M", { birthDate: "1900", deathDate: "1980" });
  await person("Grandmother", "F", { birthDate: "1905", deathDate: "1985" });
  for (const [k, g] of [
    ["Father", "M"],
    ["Amm", "M"],
    ["Amma", "F"],
  ]) {
    await person(k, g);
    await parent(k, "Grandfather");
    await parent(k, "Grandmother");
  }
  // Maternal side.
  await person("MatGrandfather", "M", { birthDate: "1902", deathDate: "1970" });
  for (const [k, g] of [
    ["Mother", "F"],
    ["Khal", "M"],
    ["Khala", "F"],
  ]) {
    await person(k, g);
    await parent(k, "MatGrandfather");
  }
  await person("Me", "M");
  await parent("Me", "Father");
  await parent("Me", "Mother");
  for (const [k, g, par] of [
    ["BintAmm", "F", "Amm"],
    ["IbnAmma", "M", "Amma"],
    ["IbnKhal", "M", "Khal"],
    ["BintKhala", "F", "Khala"],
  ]) {
    await person(k, g);
    await parent(k, par);
  }
  await person("SecondWife", "F");
  await person("HalfBrother", "M");
  await parent("HalfBrother", "Father");
  await parent("HalfBrother", "SecondWife");
  await person("Sister", "F");
  await parent("Sister", "Father");
  await parent("Sister", "Mother");
  await person("Nephew", "M");
  await parent("Nephew", "Sister");
  await person("CousinChild", "M");
  await parent("CousinChild", "BintAmm");
  // In-laws.
  await person("Wife", "F");
  await union("Me", "Wife");
  await person("WifeFather", "M");
  await parent("Wife", "WifeFather");
  await person("Son", "M");
  await parent("Son", "Me");
  await person("SonWife", "F");
  await union("Son", "SonWife");
  await person("Stranger", "F");
  await person("AdoptedGirl", "F");
  await parent("AdoptedGirl", "Me", "ADOPTIVE");
});
afterAll(() => server.stop());

describe("relationship names", () => {
  it.each([
    ["Amm", "عم", "paternal uncle", "oncle paternel"],
    ["Amma", "عمة", "paternal aunt", "tante paternelle"],
    ["Khal", "خال", "maternal uncle", "oncle maternel"],
    ["Khala", "خالة", "maternal aunt", "tante maternelle"],
    ["BintAmm", "بنت العم", "paternal first cousin", "cousine germaine paternelle"],
    ["IbnAmma", "ابن العمة", "paternal first cousin", "cousin germain paternel"],
    ["IbnKhal", "ابن الخال", "maternal first cousin", "cousin germain maternel"],
    ["BintKhala", "بنت الخالة", "maternal first cousin", "cousine germaine maternelle"],
    ["Grandfather", "جد لأب", "paternal grandfather", "grand-père paternel"],
    ["MatGrandfather", "جد لأم", "maternal grandfather", "grand-père maternel"],
    ["Father", "أب", "father", "père"],
    ["Sister", "أخت", "sister", "sœur"],
    ["HalfBrother", "أخ لأب", "half-brother", "demi-frère"],
    ["Nephew", "ابن أخت", "nephew", "neveu"],
    ["CousinChild", "ابن بنت العم", "first cousin once removed", "cousin germain (une génération d'écart)"],
    ["Wife", "زوجة", "wife", "épouse"],
    ["WifeFather", "حمو", "father-in-law", "beau-père"],
    ["SonWife", "كنّة", "daughter-in-law", "belle-fille"],
    ["AdoptedGirl", "ابنة بالتبنّي", "adopted daughter", "fille adoptive"],
  ])("Me → %s: %s / %s / %s", async (b, ar, en, fr) => {
    const res = await rel("Me", b);
    expect(res.errors).toBeUndefined();
    expect(res.data!.relationship).toMatchObject({ related: true, name: en, names: { ar, en, fr } });
  });

  it("gives the name in the request's language, the path, the steps and both common grandparents", async () => {
    const res = await rel("Me", "BintAmm", { language: "ar" });
    const r = res.data!.relationship;
    expect(r.name).toBe("بنت العم");
    expect(r.path.map((x) => x.displayName)).toEqual(["Me", "Father", "Grandfather", "Amm", "BintAmm"]);
    expect(r.steps).toEqual(["UP", "UP", "DOWN", "DOWN"]);
    expect(r.commonAncestors.map((x) => x.displayName).sort()).toEqual(["Grandfather", "Grandmother"]);
    expect([r.generationsUp, r.generationsDown]).toEqual([2, 2]);
    const inLaw = (await rel("Me", "WifeFather")).data!.relationship;
    expect(inLaw.path.map((x) => x.displayName)).toEqual(["Me", "Wife", "WifeFather"]);
    expect(inLaw.steps).toEqual(["SPOUSE", "UP"]);
    const reverse = (await rel("BintAmm", "Me")).data!.relationship;
    expect(reverse.names).toMatchObject({ ar: "ابن العم", en: "paternal first cousin" }); // I am her father's brother's son
  });

  it("answers 'not related' and 'same person' normally; unknown or hidden people are NOT_FOUND", async () => {
    const none = (await rel("Me", "Stranger")).data!.relationship;
    expect(none).toMatchObject({ related: false, name: "not related", path: [], steps: [] });
    expect((await rel("Me", "Stranger", { language: "fr" })).data!.relationship.name).toBe("aucun lien de parenté connu");
    expect((await rel("Me", "Me")).data!.relationship).toMatchObject({ related: true, samePerson: true, name: "same person" });
    const unknown = await rel("Me", Buffer.from("Person:00000000-0000-7000-8000-000000000000").toString("base64url"));
    expect(unknown.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    await person("Hidden", "M", { isPublic: false });
    const stranger = await buildUser(server.ds);
    expect((await rel("Me", "Hidden", { token: stranger.token })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await rel("Me", "Hidden", { token: null })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});

describe("privacy", () => {
  it("a visitor sees the living people on the path as Private, and the name does not reveal their genders", async () => {
    const r = (await rel("Me", "BintAmm", { token: null })).data!.relationship;
    expect(r.related).toBe(true);
    expect(r.path.map((x) => x.displayName)).toEqual(["Private", "Private", "Grandfather", "Private", "Private"]);
    expect(r.path.map((x) => x.isPrivate)).toEqual([true, true, false, true, true]);
    expect(r.names.en).toBe("first cousin");
    expect(r.names.ar).toBe("ابن أخ الوالد"); // the father's and the uncle's genders are private
  });

  it("a visitor is not shown the marriages of living people (in-law paths need both partners visible)", async () => {
    expect((await rel("Me", "WifeFather")).data!.relationship.names.en).toBe("father-in-law");
    expect((await rel("Me", "WifeFather", { token: null })).data!.relationship).toMatchObject({ related: false, path: [] });
  });

  it("a path only through a hidden record is not returned to those who may not see it", async () => {
    await person("HiddenLink", "M", { isPublic: false, birthDate: "1850", deathDate: "1920" });
    await person("ChildA", "M", { birthDate: "1880", deathDate: "1950" });
    await person("ChildB", "F", { birthDate: "1882", deathDate: "1960" });
    await parent("ChildA", "HiddenLink");
    await parent("ChildB", "HiddenLink");
    expect((await rel("ChildA", "ChildB")).data!.relationship.names.en).toBe("sister");
    const visitor = (await rel("ChildA", "ChildB", { token: null })).data!.relationship;
    expect(visitor).toMatchObject({ related: false, path: [] });
  });
});

describe("statement counts", () => {
  it("a relationship takes the same few statements however far apart the two people are", async () => {
    // Two lines of 9 generations below one root: 9th cousins.
    await person("Root", "M", { birthDate: "1700", deathDate: "1760" });
    const line = async (prefix: string) => {
      let prev = "Root";
      for (let g = 1; g <= 9; g++) {
        await person(`${prefix}${g}`, g % 2 ? "M" : "F", { birthDate: String(1700 + g * 25), deathDate: String(1760 + g * 25) });
        await parent(`${prefix}${g}`, prev);
        prev = `${prefix}${g}`;
      }
    };
    await line("L");
    await line("R");
    const count = async (a: string, b: string) => {
      server.queries.length = 0;
      const res = await rel(a, b);
      expect(res.errors).toBeUndefined();
      return { n: server.queries.length, rel: res.data!.relationship };
    };
    const near = await count("L1", "R1");
    const far = await count("L9", "R9");
    expect(near.rel.names.en).toBe("brother");
    expect(far.rel.names.en).toBe("eighth cousin");
    expect(far.rel.path).toHaveLength(19);
    expect(far.n).toBe(near.n);
    expect(far.n).toBeLessThanOrEqual(5); // session + roles, relatives, the path, the people on it
    server.queries.length = 0;
    await rel("L9", "R9", { token: null });
    expect(server.queries).toHaveLength(2); // a visitor: the path and the people on it
  });
});
