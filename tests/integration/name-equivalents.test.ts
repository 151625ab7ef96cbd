import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { ensureNameEquivalents, readEquivalentsFile } from "../../server/src/modules/genealogy/names/equivalents.js";
import { hasArabic } from "../../server/src/modules/genealogy/names/normalize.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

type Step = { reason: string; searched: string; matched: string };
type Edge = {
  node: { id: string; fullName: string | null };
  match: { kind: string; matchedVariant: string; score: number; via: Step[] } | null;
};
type Group = { id: string; key: string; names: string[]; source: string | null; reviewed: boolean };

const SEARCH = `query ($q: String) { people(search: $q, first: 20) { edges { node { id fullName } match { kind matchedVariant score via { reason searched matched } } } } }`;
const GROUP = `id key names source reviewed`;

let server: TestServer;
let member: BuiltUser;
let editor: BuiltUser;
const ids: Record<string, string> = {};

async function search(q: string): Promise<Edge[]> {
  const res = await server.gql<{ people: { edges: Edge[] } }>(SEARCH, { q }, { token: member.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.people.edges;
}

async function create(fullName: string | null, fullNameAr: string | null): Promise<string> {
  const res = await server.gql<{ createPerson: { id: string } }>(
    `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
    { input: { fullName, fullNameAr, birthDate: "1870", deathDate: "1940" } },
    { token: member.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createPerson.id;
}

async function groups(token: string | undefined, filter?: { unreviewedOnly?: boolean; search?: string }) {
  return server.gql<{ nameEquivalents: Group[] }>(
    `query ($f: NameEquivalentsFilter) { nameEquivalents(filter: $f) { ${GROUP} } }`,
    { f: filter },
    { token },
  );
}

async function groupOf(key: string): Promise<Group> {
  const res = await groups(editor.token, { search: key });
  return res.data!.nameEquivalents.find((g) => g.key === key)!;
}

const rows = readEquivalentsFile();
// A family name no equivalent contains, so each row's person is found only through its given name.
const FAMILY = "Zeitouni";
const FAMILY_AR = "زيتوني";

beforeAll(async () => {
  server = await startTestServer();
  member = await buildUser(server.ds);
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
  ids.yuhannaElhage = await create(null, "يوحنا الحاج");
  ids.juanHaddad = await create("Juan Haddad", null);
  ids.juanHadad = await create("Juan Hadad", null);
  ids.hannaHaddad = await create("Hanna Haddad", "حنا حداد");
  // Each row's person is stored in Arabic script only, as a civil registry writes it.
  for (const r of rows) ids[`row:${r.key}`] = await create(null, `${r.names.find(hasArabic)} ${FAMILY_AR}`);
}, 120_000);
afterAll(() => server.stop());

describe("the equivalence file", () => {
  it("is loaded once: every row, with its source or none, and loading again adds nothing", async () => {
    const res = await groups(editor.token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.nameEquivalents).toHaveLength(rows.length);
    const hanna = res.data!.nameEquivalents.find((g) => g.key === "hanna")!;
    expect(hanna.names).toEqual(expect.arrayContaining(["يوحنا", "Hanna", "Juan", "Jean", "John", "Giovanni", "João"]));
    expect(hanna.source).toMatch(/Dictionary of First Names/);
    expect(hanna.reviewed).toBe(false);
    expect(res.data!.nameEquivalents.find((g) => g.key === "charbel")!.source).toBeNull();
    expect(await ensureNameEquivalents(server.ds)).toBe(0);
  });

  it.each(rows.map((r) => [r.key]))("row %s: every Latin spelling finds the name stored in Arabic script", async (key) => {
    const row = rows.find((r) => r.key === key)!;
    for (const name of row.names.filter((n) => !hasArabic(n))) {
      const edges = await search(`${name} ${FAMILY}`);
      expect([name, edges.map((e) => e.node.id).includes(ids[`row:${key}`])]).toEqual([name, true]);
    }
  });
});

describe("a search says what matched, ranked exact first", () => {
  it("finds an Arabic-script record by a Latin-American spelling with a fused article", async () => {
    const edges = await search("Juan Elhage");
    const hit = edges.find((e) => e.node.id === ids.yuhannaElhage)!;
    expect(hit).toBeDefined();
    expect(hit.match!.kind).toBe("VARIANT");
    expect(hit.match!.matchedVariant).toBe("يوحنا الحاج");
    expect(hit.match!.via).toEqual([
      { reason: "EQUIVALENT", searched: "Juan", matched: "يوحنا" },
      { reason: "FUSED_ARTICLE", searched: "Elhage", matched: "الحاج" },
    ]);
  });

  it("puts the exact spelling first, then spelling variants, then equivalents", async () => {
    const edges = await search("Juan Haddad");
    const order = edges.map((e) => e.node.id);
    expect(order[0]).toBe(ids.juanHaddad);
    expect(edges[0].match!.kind).toBe("EXACT");
    expect(order.indexOf(ids.juanHadad)).toBeLessThan(order.indexOf(ids.hannaHaddad));
    expect(edges.find((e) => e.node.id === ids.juanHadad)!.match!.kind).toBe("PHONETIC");
    const hanna = edges.find((e) => e.node.id === ids.hannaHaddad)!.match!;
    expect(hanna.kind).toBe("VARIANT");
    expect(hanna.via).toEqual([{ reason: "EQUIVALENT", searched: "Juan", matched: "Hanna" }]);
    const scores = edges.map((e) => e.match!.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("names a Latin-American spelling", async () => {
    const id = await create("Khalil Chaia", "خليل شعيا");
    const hit = (await search("Jalil Xaia")).find((e) => e.node.id === id)!;
    expect(hit.match!.kind).toBe("PHONETIC");
    expect(hit.match!.via.map((v) => v.reason)).toEqual(["LATIN_AMERICAN", "LATIN_AMERICAN"]);
  });
});

describe("curators keep the list", () => {
  it("refuses visitors and members, and changes nothing", async () => {
    const hanna = await groupOf("hanna");
    const anonymous = await groups(undefined);
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const asMember = await server.gql(
      `mutation ($id: ID!) { addNameEquivalentSpelling(id: $id, name: "Ivanildo") { id } }`,
      { id: hanna.id },
      { token: member.token },
    );
    expect(asMember.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const review = await server.gql(
      `mutation ($id: ID!) { reviewNameEquivalent(id: $id, source: "mine") { id } }`,
      { id: hanna.id },
      { token: member.token },
    );
    expect(review.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await groups(member.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await groupOf("hanna")).toEqual(hanna);
  });

  it("applies an added spelling to the next search, and a removed one no longer finds", async () => {
    const hanna = await groupOf("hanna");
    expect((await search("Ivanildo Haddad")).map((e) => e.node.id)).not.toContain(ids.hannaHaddad);
    const added = await server.gql<{ addNameEquivalentSpelling: Group }>(
      `mutation ($id: ID!, $name: String!) { addNameEquivalentSpelling(id: $id, name: $name) { ${GROUP} } }`,
      { id: hanna.id, name: "Ivanildo" },
      { token: editor.token },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data!.addNameEquivalentSpelling.names).toContain("Ivanildo");
    const found = (await search("Ivanildo Haddad")).find((e) => e.node.id === ids.hannaHaddad)!;
    expect(found.match!.via).toEqual([{ reason: "EQUIVALENT", searched: "Ivanildo", matched: "Hanna" }]);

    const removed = await server.gql(
      `mutation ($id: ID!, $name: String!) { removeNameEquivalentSpelling(id: $id, name: $name) { id } }`,
      { id: hanna.id, name: "Ivanildo" },
      { token: editor.token },
    );
    expect(removed.errors).toBeUndefined();
    expect((await search("Ivanildo Haddad")).map((e) => e.node.id)).not.toContain(ids.hannaHaddad);
    // Removing "Juan" takes Juan → Hanna away too.
    await server.gql(
      `mutation ($id: ID!) { removeNameEquivalentSpelling(id: $id, name: "Juan") { id } }`,
      { id: hanna.id },
      { token: editor.token },
    );
    expect((await search("Juan Haddad")).map((e) => e.node.id)).not.toContain(ids.hannaHaddad);
    await server.gql(
      `mutation ($id: ID!) { addNameEquivalentSpelling(id: $id, name: "Juan") { id } }`,
      { id: hanna.id },
      { token: editor.token },
    );
    expect((await search("Juan Haddad")).map((e) => e.node.id)).toContain(ids.hannaHaddad);

    const audit: { action: string; user_id: string }[] = await server.ds.query(
      `SELECT action, user_id FROM audit_logs WHERE table_name = 'name_equivalents' AND record_id = $1 ORDER BY created_at`,
      [hanna.id],
    );
    expect(audit.map((a) => a.action)).toEqual(["add_name", "remove_name", "remove_name", "add_name"]);
    expect(audit.every((a) => a.user_id === editor.id)).toBe(true);
  });

  it("marks a group reviewed with its source; the unreviewed filter leaves it out; a reload keeps it", async () => {
    const charbel = await groupOf("charbel");
    const bad = await server.gql(
      `mutation ($id: ID!) { reviewNameEquivalent(id: $id, source: "  ") { id } }`,
      { id: charbel.id },
      { token: editor.token },
    );
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const source = "Synaxarion of the Maronite Church, 24 July (Saint Charbel Makhlouf)";
    const res = await server.gql<{ reviewNameEquivalent: Group }>(
      `mutation ($id: ID!, $s: String!) { reviewNameEquivalent(id: $id, source: $s) { ${GROUP} } }`,
      { id: charbel.id, s: source },
      { token: editor.token },
    );
    expect(res.data!.reviewNameEquivalent).toMatchObject({ reviewed: true, source });
    const unreviewed = (await groups(editor.token, { unreviewedOnly: true })).data!.nameEquivalents;
    expect(unreviewed.map((g) => g.key)).not.toContain("charbel");
    expect(unreviewed.length).toBe(rows.length - 1);
    await ensureNameEquivalents(server.ds);
    expect(await groupOf("charbel")).toMatchObject({ reviewed: true, source });
  });

  it("refuses a bad spelling, a duplicate and removing the last but one name", async () => {
    const issa = await groupOf("issa");
    const add = (name: string) =>
      server.gql(
        `mutation ($id: ID!, $n: String!) { addNameEquivalentSpelling(id: $id, name: $n) { id } }`,
        { id: issa.id, n: name },
        { token: editor.token },
      );
    expect((await add("<script>")).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await add("issa")).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const remove = (name: string) =>
      server.gql(
        `mutation ($id: ID!, $n: String!) { removeNameEquivalentSpelling(id: $id, name: $n) { id } }`,
        { id: issa.id, n: name },
        { token: editor.token },
      );
    for (const n of issa.names.slice(2)) expect((await remove(n)).errors).toBeUndefined();
    expect((await remove(issa.names[0])).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await groupOf("issa")).names).toHaveLength(2);
  });
});
