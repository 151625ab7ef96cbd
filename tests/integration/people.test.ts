import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildPerson } from "../support/genealogy.js";

const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id displayName isPrivate fullName birth { text qualifier year } viewerCan { edit } } }`;
const PERSON = `query ($id: ID!) { person(id: $id) { id isPrivate displayName fullName fullNameAr birth { text } birthPlace currentLocation isLiving } }`;
const ADD_PARENT = `mutation ($child: ID!, $parent: ID!, $kind: ParentKind) { addParent(childId: $child, parentId: $parent, kind: $kind) { id } }`;

let server: TestServer;
let owner: BuiltUser;
let other: BuiltUser;
let curator: BuiltUser;
let editor: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
  other = await buildUser(server.ds);
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
});
afterAll(() => server.stop());

describe("createPerson / updatePerson", () => {
  it("need sign-in", async () => {
    const res = await server.gql(CREATE, { input: { fullName: "Tanios Khoury" } });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("refuse bad input: no name, unreadable or impossible dates, unknown village", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ birthDate: "1890" }, "fullName"],
      [{ fullName: "A", birthDate: "sometime" }, "birthDate"],
      [{ fullName: "A", birthDate: "1900", deathDate: "1890" }, "deathDate"],
      [{ fullName: "A", birthDate: "2999" }, "birthDate"],
      [{ fullName: "A", villageId: Buffer.from("Village:00000000-0000-7000-8000-000000000000").toString("base64url") }, "villageId"],
    ];
    for (const [input, field] of cases) {
      const res = await server.gql(CREATE, { input }, { token: owner.token });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect((res.errors?.[0].extensions?.fields as { field: string }[]).map((f) => f.field)).toContain(field);
    }
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM people`);
    expect(n).toBe(0);
  });

  it("creates a person with a genealogical date, audited; the first one is an activation event", async () => {
    const res = await server.gql<{
      createPerson: { fullName: string; birth: { text: string; qualifier: string; year: number }; viewerCan: { edit: boolean } };
    }>(
      CREATE,
      { input: { fullName: "Tanios Khoury", fullNameAr: "طانيوس الخوري", birthDate: "ABT 1850", deathDate: "1921" } },
      { token: owner.token },
    );
    expect(res.data!.createPerson).toMatchObject({
      fullName: "Tanios Khoury",
      birth: { text: "ABT 1850", qualifier: "about", year: 1850 },
      viewerCan: { edit: true },
    });
    const events: unknown[] = await server.ds.query(
      `SELECT 1 FROM analytics_events WHERE action = 'first_tree_person_added' AND user_id = $1`,
      [owner.id],
    );
    expect(events).toHaveLength(1);
    const audits: unknown[] = await server.ds.query(`SELECT 1 FROM audit_logs WHERE table_name = 'people' AND action = 'create'`);
    expect(audits.length).toBeGreaterThan(0);
  });

  it("another member cannot change someone else's record; an editor can", async () => {
    const id = await buildPerson(server, owner, { fullName: "Youssef Haddad", birthDate: "1880", deathDate: "1950" });
    const UPDATE = `mutation ($id: ID!, $input: PersonInput!) { updatePerson(id: $id, input: $input) { occupation } }`;
    expect((await server.gql(UPDATE, { id, input: { occupation: "vandal" } }, { token: other.token })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    const ok = await server.gql<{ updatePerson: { occupation: string } }>(
      UPDATE,
      { id, input: { occupation: "Silk weaver" } },
      { token: editor.token },
    );
    expect(ok.data!.updatePerson.occupation).toBe("Silk weaver");
  });
});

describe("living people are private", () => {
  let living: string;
  beforeAll(async () => {
    // The curator curates the person's village (curators' powers are per village).
    const [v]: { id: string }[] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, slug) VALUES (gen_random_uuid(), 'lb', 'Zahle', 'zahle-living') RETURNING id`,
    );
    await server.ds.query(`INSERT INTO village_curators (id, user_id, village_id) VALUES (gen_random_uuid(), $1, $2)`, [curator.id, v.id]);
    const villageId = Buffer.from(`Village:${v.id}`).toString("base64url");
    living = await buildPerson(server, owner, {
      fullName: "Rania Saab",
      fullNameAr: "رانيا صعب",
      birthDate: "1985",
      birthPlace: "Zahle",
      currentLocation: "Montreal",
      villageId,
    });
  });

  it('a visitor and another member see only "Private": no name, dates or places', async () => {
    for (const token of [undefined, other.token]) {
      const res = await server.gql<{ person: Record<string, unknown> }>(PERSON, { id: living }, { token, language: "en" });
      expect(res.data!.person).toEqual({
        id: living,
        isPrivate: true,
        displayName: "Private",
        fullName: null,
        fullNameAr: null,
        birth: null,
        birthPlace: null,
        currentLocation: null,
        isLiving: null,
      });
    }
    const ar = await server.gql<{ person: { displayName: string } }>(PERSON, { id: living }, { language: "ar" });
    expect(ar.data!.person.displayName).toBe("خاص");
  });

  it("the creator and editors see everything; a curator sees what the privacy settings allow", async () => {
    for (const u of [owner, editor]) {
      const res = await server.gql<{ person: { fullName: string; birthPlace: string; isLiving: boolean } }>(
        PERSON,
        { id: living },
        { token: u.token },
      );
      expect(res.data!.person).toMatchObject({ fullName: "Rania Saab", birthPlace: "Zahle", isLiving: true });
    }
    const c = await server.gql<{ person: { fullName: string; birth: unknown; currentLocation: unknown } }>(
      PERSON,
      { id: living },
      { token: curator.token },
    );
    expect(c.data!.person).toMatchObject({ fullName: "Rania Saab", birth: null, currentLocation: null });
  });

  it("a person born more than 110 years ago, or with a death recorded, is not living", async () => {
    const old = await buildPerson(server, owner, { fullName: "Boutros Azar", birthDate: "1880" });
    const dead = await buildPerson(server, owner, { fullName: "Mariam Azar", isDeceased: true });
    for (const id of [old, dead]) {
      const res = await server.gql<{ person: { isPrivate: boolean; isLiving: boolean } }>(PERSON, { id });
      expect(res.data!.person).toMatchObject({ isPrivate: false, isLiving: false });
    }
  });

  it("search leaves out living people the viewer may not see, in any script", async () => {
    const SEARCH = `query ($q: String) { people(search: $q) { totalCount edges { node { fullName } } } }`;
    expect((await server.gql<{ people: { totalCount: number } }>(SEARCH, { q: "Rania" })).data!.people.totalCount).toBe(0);
    expect(
      (await server.gql<{ people: { totalCount: number } }>(SEARCH, { q: "رانيا" }, { token: other.token })).data!.people.totalCount,
    ).toBe(0);
    const mine = await server.gql<{ people: { edges: { node: { fullName: string } }[] } }>(
      SEARCH,
      { q: "رانيا صعب" },
      { token: owner.token },
    );
    expect(mine.data!.people.edges.map((e) => e.node.fullName)).toEqual(["Rania Saab"]);
  });

  it("names match across scripts and spellings", async () => {
    await buildPerson(server, owner, { fullName: "Hanna El-Khoury", fullNameAr: "حنا الخوري", birthDate: "1870", deathDate: "1940" });
    const SEARCH = `query ($q: String) { people(search: $q) { edges { node { fullName } } } }`;
    for (const q of ["Khoury", "khouri", "El Khoury", "الخوري", "خوري"]) {
      const res = await server.gql<{ people: { edges: { node: { fullName: string } }[] } }>(SEARCH, { q });
      expect(res.data!.people.edges.map((e) => e.node.fullName)).toContain("Hanna El-Khoury");
    }
  });
});

describe("parents, ancestors and descendants", () => {
  it("refuse a parent younger than 12 years older, a duplicate link and a cycle; nothing is written", async () => {
    const child = await buildPerson(server, owner, { fullName: "Child A", birthDate: "1900", deathDate: "1980" });
    const tooYoung = await buildPerson(server, owner, { fullName: "Young B", birthDate: "1895", deathDate: "1970" });
    const parent = await buildPerson(server, owner, { fullName: "Parent C", birthDate: "1870", deathDate: "1940" });
    const young = await server.gql(ADD_PARENT, { child, parent: tooYoung }, { token: owner.token });
    expect(young.errors?.[0].extensions?.fields).toEqual([
      expect.objectContaining({ field: "parentId", message: "A parent must be at least 12 years older than the child." }),
    ]);
    expect((await server.gql(ADD_PARENT, { child, parent }, { token: owner.token })).errors).toBeUndefined();
    expect((await server.gql(ADD_PARENT, { child, parent }, { token: owner.token })).errors?.[0].extensions?.fields).toEqual([
      expect.objectContaining({ key: "errors.link_duplicate" }),
    ]);
    const cycle = await server.gql(ADD_PARENT, { child: parent, parent: child }, { token: owner.token });
    expect(cycle.errors?.[0].extensions?.fields).toEqual(expect.arrayContaining([expect.objectContaining({ key: "errors.link_cycle" })]));
    expect((await server.gql(ADD_PARENT, { child, parent: child }, { token: owner.token })).errors?.[0].extensions?.code).toBe(
      "BAD_USER_INPUT",
    );
    expect((await server.gql(ADD_PARENT, { child, parent, kind: "cousin" }, { token: owner.token })).errors?.[0].extensions?.code).toBe(
      "BAD_USER_INPUT",
    );
    expect((await server.gql(ADD_PARENT, { child, parent: tooYoung }, { token: other.token })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM parent_links`);
    expect(n).toBe(1);
  });

  it("ancestors across 10 generations come back nearest first, with living relatives private", async () => {
    // A line of 11 people, 30 years apart: gen 0 (born 2000) … gen 10 (born 1700). Those born
    // before 1930 have a death recorded; gens 0–2 (2000, 1970, 1940) are living.
    const ids: string[] = [];
    for (let g = 0; g <= 10; g++) {
      const born = 2000 - g * 30;
      ids.push(
        await buildPerson(server, owner, {
          fullName: `Gen ${g} Maalouf`,
          birthDate: String(born),
          ...(born < 1930 ? { deathDate: String(born + 60) } : {}),
        }),
      );
    }
    for (let g = 0; g < 10; g++)
      expect((await server.gql(ADD_PARENT, { child: ids[g], parent: ids[g + 1] }, { token: owner.token })).errors).toBeUndefined();
    const Q = `query ($id: ID!, $n: Int!) { ancestors(personId: $id, generations: $n) { generation viaId person { displayName isPrivate } } }`;
    const mine = await server.gql<{ ancestors: { generation: number; person: { displayName: string } }[] }>(
      Q,
      { id: ids[0], n: 10 },
      { token: owner.token },
    );
    expect(mine.data!.ancestors.map((a) => a.generation)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(mine.data!.ancestors[9].person.displayName).toBe("Gen 10 Maalouf");
    const visitor = await server.gql<{ ancestors: { person: { displayName: string; isPrivate: boolean } }[] }>(Q, { id: ids[0], n: 3 });
    expect(visitor.data!.ancestors.map((a) => a.person.displayName)).toEqual(["Private", "Private", "Gen 3 Maalouf"]);
    server.queries.length = 0;
    await server.gql(Q, { id: ids[0], n: 10 });
    expect(server.queries).toHaveLength(1); // a visitor: no session lookup, one recursive statement
    const tooMany = await server.gql(Q, { id: ids[0], n: 11 });
    expect(tooMany.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const D = `query ($id: ID!) { descendants(personId: $id, generations: 10) { generation person { displayName } } }`;
    const desc = await server.gql<{ descendants: { generation: number; person: { displayName: string } }[] }>(D, { id: ids[10] });
    expect(desc.data!.descendants).toHaveLength(10);
    expect(desc.data!.descendants.slice(-3).map((d) => d.person.displayName)).toEqual(["Private", "Private", "Private"]);
    expect(desc.data!.descendants[6].person.displayName).toBe("Gen 3 Maalouf");
  });

  it("a line reads only the columns the query selects, and every field asked for comes back, through fragments and aliases", async () => {
    const child = await buildPerson(server, owner, { fullName: "Rita Haddad", birthDate: "1890", deathDate: "1960" });
    const input = {
      fullName: "Boutros Haddad",
      fullNameAr: "بطرس حداد",
      birthDate: "ABT 1860",
      birthPlace: "Zahle",
      deathDate: "1931",
      occupation: "Weaver",
      bio: "Moved to Zahle",
      sources: "Parish register",
      nameVariants: ["Butros"],
    };
    const parent = await buildPerson(server, owner, input);
    expect((await server.gql(ADD_PARENT, { child, parent }, { token: owner.token })).errors).toBeUndefined();
    const FIELDS = `id fullName fullNameAr birth { text year } birthPlace death { text } occupation bio sources nameVariants provenance confidence isLiving`;
    const direct = await server.gql<{ person: Record<string, unknown> }>(`query ($id: ID!) { person(id: $id) { ${FIELDS} } }`, {
      id: parent,
    });
    const Q = `fragment Names on Person { fullName fullNameAr nameVariants }
      fragment Line on AncestorEntry { person { ...Names birth { text year } } }
      query ($id: ID!) { ancestors(personId: $id) { ...Line up: person { id ... on Person { birthPlace death { text } occupation } bio sources provenance confidence isLiving } } }`;
    server.queries.length = 0;
    const res = await server.gql<{ ancestors: { person: Record<string, unknown>; up: Record<string, unknown> }[] }>(Q, { id: child });
    expect(res.errors).toBeUndefined();
    const [{ person, up }] = res.data!.ancestors;
    expect({ ...person, ...up }).toEqual(direct.data!.person);
    expect(direct.data!.person).toMatchObject({
      fullName: "Boutros Haddad",
      birth: { text: "ABT 1860", year: 1860 },
      bio: "Moved to Zahle",
      nameVariants: ["Butros"],
    });
    // Only what the selection shows is read: no registration number, no location.
    expect(server.queries[0]).not.toContain("registration_number");
    expect(server.queries[0]).not.toContain("current_location");
    const few = `query ($id: ID!) { ancestors(personId: $id) { person { displayName } } }`;
    server.queries.length = 0;
    expect(
      (await server.gql<{ ancestors: { person: { displayName: string } }[] }>(few, { id: child })).data!.ancestors[0].person.displayName,
    ).toBe("Boutros Haddad");
    expect(server.queries[0]).not.toContain("p.bio");
  });
});

describe("statement counts", () => {
  it("a page of 50 people with their villages and families takes at most 3 statements", async () => {
    const [zahle]: { id: string }[] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, slug) VALUES (gen_random_uuid(), 'lb', 'Zahle', 'zahle-stmt') RETURNING id`,
    );
    const villageId = Buffer.from(`Village:${zahle.id}`).toString("base64url");
    const [fam]: { id: string }[] = await server.ds.query(
      `INSERT INTO families (id, rootspace_id, family_name) VALUES (gen_random_uuid(), 'lb', 'Maalouf') RETURNING id`,
    );
    const familyId = Buffer.from(`Family:${fam.id}`).toString("base64url");
    for (let i = 0; i < 50; i++)
      await buildPerson(server, owner, { fullName: `Villager ${i}`, birthDate: "1850", deathDate: "1910", villageId, familyId });
    server.queries.length = 0;
    const res = await server.gql<{ people: { edges: { node: { village: { name: string }; family: { familyName: string } } }[] } }>(
      `query ($v: ID!) { people(villageId: $v, first: 50) { totalCount edges { node { displayName village { name } family { familyName } } } } }`,
      { v: villageId },
    );
    expect(res.data!.people.edges).toHaveLength(50);
    expect(res.data!.people.edges.every((e) => e.node.village.name === "Zahle" && e.node.family.familyName === "Maalouf")).toBe(true);
    expect(server.queries.length).toBeLessThanOrEqual(3);
  });
});

describe("families", () => {
  it("a member records a family of a village; it is found by name in any script and linked from people", async () => {
    const [village]: { id: string }[] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, name_ar, slug) VALUES (gen_random_uuid(), 'lb', 'Ehden', 'إهدن', 'ehden-fam') RETURNING id`,
    );
    const vid = Buffer.from(`Village:${village.id}`).toString("base64url");
    const CREATE_FAMILY = `mutation ($input: FamilyInput!) { createFamily(input: $input) { id familyName familyNameAr provenance village { name } } }`;
    expect((await server.gql(CREATE_FAMILY, { input: { familyName: "Douaihy" } })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await server.gql(CREATE_FAMILY, { input: { familyName: "" } }, { token: owner.token })).errors?.[0].extensions?.code).toBe(
      "BAD_USER_INPUT",
    );
    const res = await server.gql<{ createFamily: { id: string; provenance: string; village: { name: string } } }>(
      CREATE_FAMILY,
      { input: { familyName: "Douaihy", familyNameAr: "الدويهي", villageId: vid } },
      { token: owner.token },
    );
    expect(res.data!.createFamily).toMatchObject({ provenance: "COMMUNITY", village: { name: "Ehden" } });
    const fid = res.data!.createFamily.id;
    for (const q of ["Douaihy", "Doueihi", "الدويهي", "دويهي"]) {
      const found = await server.gql<{ families: { edges: { node: { id: string } }[] } }>(
        `query ($q: String) { families(search: $q) { edges { node { id } } } }`,
        { q },
      );
      expect(found.data!.families.edges.map((e) => e.node.id)).toContain(fid);
    }
    const pid = await buildPerson(server, owner, {
      fullName: "Estephan Douaihy",
      birthDate: "1630",
      deathDate: "1704",
      familyId: fid,
      villageId: vid,
    });
    const p = await server.gql<{ person: { family: { familyName: string }; village: { name: string } } }>(
      `query ($id: ID!) { person(id: $id) { family { familyName } village { name } } }`,
      { id: pid },
    );
    expect(p.data!.person).toEqual({ family: { familyName: "Douaihy" }, village: { name: "Ehden" } });
  });
});

describe("privacy cannot be worked around", () => {
  it("a member cannot link their records to someone else's person, nor prove a stranger dead with an invented child", async () => {
    const victim = await buildPerson(server, other, { fullName: "Living Stranger", birthDate: "1970" });
    const fake = await buildPerson(server, owner, { fullName: "Invented Child" });
    const link = await server.gql(ADD_PARENT, { child: fake, parent: victim }, { token: owner.token });
    expect(link.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    // Even a link made by the stranger's own editor does not count unless it is their record's editor.
    await server.ds.query(
      `INSERT INTO parent_links (id, parent_id, child_id, kind, created_by) SELECT gen_random_uuid(), $1::uuid, $2::uuid, 'birth', $3::uuid`,
      [Buffer.from(victim, "base64url").toString().split(":")[1], Buffer.from(fake, "base64url").toString().split(":")[1], owner.id],
    );
    await server.gql(
      `mutation ($id: ID!) { updatePerson(id: $id, input: { birthDate: "1900" }) { id } }`,
      { id: fake },
      { token: owner.token },
    );
    const seen = await server.gql<{ person: { isPrivate: boolean } }>(PERSON, { id: victim });
    expect(seen.data!.person.isPrivate).toBe(true);
  });

  it("approximate dates are judged by their widest reading; changing a date must still fit existing links", async () => {
    const parent = await buildPerson(server, owner, { fullName: "Approx Parent", birthDate: "ABT 1900", deathDate: "1970" });
    const child = await buildPerson(server, owner, { fullName: "Approx Child", birthDate: "ABT 1915", deathDate: "1990" });
    expect((await server.gql(ADD_PARENT, { child, parent }, { token: owner.token })).errors).toBeUndefined();
    const moved = await server.gql(
      `mutation ($id: ID!) { updatePerson(id: $id, input: { birthDate: "1960" }) { id } }`,
      { id: parent },
      { token: owner.token },
    );
    expect(moved.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const future = await server.gql(CREATE, { input: { fullName: "Not Yet", deathDate: "2090" } }, { token: owner.token });
    expect(future.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("ancestors do not walk through a record the viewer may not see", async () => {
    const child = await buildPerson(server, owner, { fullName: "Open Child", birthDate: "1800", deathDate: "1870" });
    const hidden = await buildPerson(server, owner, { fullName: "Hidden Parent", birthDate: "1770", deathDate: "1840", isPublic: false });
    const grand = await buildPerson(server, owner, { fullName: "Open Grandparent", birthDate: "1740", deathDate: "1810" });
    await server.gql(ADD_PARENT, { child, parent: hidden }, { token: owner.token });
    await server.gql(ADD_PARENT, { child: hidden, parent: grand }, { token: owner.token });
    const Q = `query ($id: ID!) { ancestors(personId: $id, generations: 3) { person { displayName } } }`;
    expect((await server.gql<{ ancestors: unknown[] }>(Q, { id: child })).data!.ancestors).toEqual([]);
    expect((await server.gql<{ ancestors: unknown[] }>(Q, { id: child }, { token: owner.token })).data!.ancestors).toHaveLength(2);
  });
});

describe("unions (couples)", () => {
  const ADD_UNION = `mutation ($input: UnionInput!) { addUnion(input: $input) { unions { kind place start { text } partner { displayName } } } }`;

  it("records a marriage between two people the member may edit; refuses impossible ones", async () => {
    const husband = await buildPerson(server, owner, { fullName: "Antoun Rahbani", birthDate: "1880", deathDate: "1950" });
    const wife = await buildPerson(server, owner, { fullName: "Hind Nakhle", birthDate: "1885", deathDate: "1960" });
    expect((await server.gql(ADD_UNION, { input: { personId: husband, partnerId: wife } })).errors?.[0].extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    const bad: [Record<string, unknown>, string][] = [
      [{ partnerId: husband }, "partnerId"],
      [{ kind: "friendship" }, "kind"],
      [{ startDate: "someday" }, "startDate"],
      [{ startDate: "1890" }, "startDate"], // the wife would be 5
      [{ startDate: "1955" }, "startDate"], // after his death
    ];
    for (const [over, field] of bad) {
      const res = await server.gql(ADD_UNION, { input: { personId: husband, partnerId: wife, ...over } }, { token: owner.token });
      expect((res.errors?.[0].extensions?.fields as { field: string }[]).map((f) => f.field)).toContain(field);
    }
    const ok = await server.gql<{
      addUnion: { unions: { kind: string; place: string; start: { text: string }; partner: { displayName: string } }[] };
    }>(ADD_UNION, { input: { personId: husband, partnerId: wife, startDate: "ABT 1905", place: "Bikfaya" } }, { token: owner.token });
    expect(ok.data!.addUnion.unions).toEqual([
      { kind: "marriage", place: "Bikfaya", start: { text: "ABT 1905" }, partner: { displayName: "Hind Nakhle" } },
    ]);
    const again = await server.gql(ADD_UNION, { input: { personId: wife, partnerId: husband } }, { token: owner.token });
    expect(again.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ key: "errors.union_duplicate" })]);
    const stranger = await server.gql(
      ADD_UNION,
      { input: { personId: husband, partnerId: wife, kind: "engagement" } },
      { token: other.token },
    );
    expect(stranger.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    // Seen from the other side too.
    const p = await server.gql<{ person: { unions: { partner: { displayName: string } }[] } }>(
      `query ($id: ID!) { person(id: $id) { unions { partner { displayName } } } }`,
      { id: wife },
    );
    expect(p.data!.person.unions.map((u) => u.partner.displayName)).toEqual(["Antoun Rahbani"]);
  });

  it("a living partner stays private, with the union's date and place", async () => {
    const a = await buildPerson(server, owner, { fullName: "Living Groom", birthDate: "1980" });
    const b = await buildPerson(server, owner, { fullName: "Deceased Bride", birthDate: "1950", deathDate: "2010" });
    expect(
      (await server.gql(ADD_UNION, { input: { personId: b, partnerId: a, startDate: "2005", place: "Jounieh" } }, { token: owner.token }))
        .errors,
    ).toBeUndefined();
    const res = await server.gql<{ person: { unions: { place: string | null; start: unknown; partner: { displayName: string } }[] } }>(
      `query ($id: ID!) { person(id: $id) { unions { place start { text } partner { displayName } } } }`,
      { id: b },
    );
    expect(res.data!.person.unions).toEqual([{ place: null, start: null, partner: { displayName: "Private" } }]);
  });
});
