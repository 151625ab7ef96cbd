import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { print, type DocumentNode } from "graphql";
import { Role } from "../../server/src/common/auth/roles.js";
import {
  HubFamiliesDocument,
  PersonPageDocument,
  StaffBallotsDocument,
  VillageHubDocument,
  VillagePageDocument,
} from "../../client/src/gql/graphql.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { seedOpenBallot } from "../support/ballots.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Lists load in batches (issue 37): the pages' own operations, as the client sends them, run a
 * fixed number of SQL statements whatever the size of what they show. Each is measured on a
 * small and a large case; the large one may not cost more.
 */
let server: TestServer;
let editor: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
}, 60_000);
afterAll(() => server.stop());

/** The statements one operation ran (the server's own background polling left out). */
async function statements(doc: DocumentNode | string, variables: Record<string, unknown>, token?: string): Promise<number> {
  server.queries.length = 0;
  const res = await server.gql(typeof doc === "string" ? doc : print(doc), variables, { token });
  expect(res.errors).toBeUndefined();
  return server.queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|START TRANSACTION)/i.test(q)).length;
}

describe("statement budgets", () => {
  it("the staff board with 50 live ballots runs at most 6 statements, as with 2", async () => {
    const a = await buildVillage(server, "Budget Board A");
    for (let i = 0; i < 2; i++) await seedOpenBallot(server.ds, a, []);
    await statements(StaffBallotsDocument, {}, editor.token); // what an instance reads once (its caches) left out
    const few = await statements(StaffBallotsDocument, {}, editor.token);
    const villages = await Promise.all(["B", "C", "D", "E", "F"].map((n) => buildVillage(server, `Budget Board ${n}`)));
    for (let i = 0; i < 48; i++) await seedOpenBallot(server.ds, villages[i % villages.length], []);
    const many = await statements(StaffBallotsDocument, {}, editor.token);
    expect(many).toBeLessThanOrEqual(6);
    expect(many).toBe(few);
  });

  it("a village page costs the same with 1 family and 30, with their people", async () => {
    const member = await buildUser(server.ds);
    const village = await buildVillage(server, "Budget Village");
    const family = async (n: number) => {
      const res = await server.gql<{ createFamily: { id: string } }>(
        `mutation ($input: FamilyInput!) { createFamily(input: $input) { id } }`,
        { input: { familyName: `Family ${n}`, villageId: village.id } },
        { token: editor.token },
      );
      expect(res.errors).toBeUndefined();
      await buildPerson(server, member, { fullName: `Person ${n} Budget`, villageId: village.id, deathDate: "1900" });
    };
    await family(0);
    const page = async () =>
      (await statements(VillagePageDocument, { slug: village.slug })) +
      (await statements(VillageHubDocument, { slug: village.slug })) +
      (await statements(HubFamiliesDocument, { villageId: village.id }));
    const small = await page();
    for (let n = 1; n < 30; n++) await family(n);
    expect(await page()).toBe(small);
  });

  it("a person page costs the same with 2 relatives and 20", async () => {
    const member = await buildUser(server.ds);
    const person = await buildPerson(server, member, { fullName: "Centre Budget", birthDate: "1900", deathDate: "1970" });
    const addChild = async (n: number) => {
      const child = await buildPerson(server, member, { fullName: `Child ${n} Budget`, birthDate: "1930", deathDate: "1990" });
      const res = await server.gql(
        `mutation ($child: ID!, $parent: ID!) { addParent(childId: $child, parentId: $parent) { id } }`,
        { child, parent: person },
        { token: member.token },
      );
      expect(res.errors).toBeUndefined();
    };
    for (let n = 0; n < 2; n++) await addChild(n);
    const small = await statements(PersonPageDocument, { id: person }, member.token);
    for (let n = 2; n < 20; n++) await addChild(n);
    expect(await statements(PersonPageDocument, { id: person }, member.token)).toBe(small);
  });

  it("nodes(ids:) over 100 villages costs what it costs over 2", async () => {
    const villages = [];
    for (let n = 0; n < 100; n++) villages.push(await buildVillage(server, `Budget Node ${n}`));
    const nodes = `query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Village { name slug } } }`;
    const ids = villages.map((v) => v.id);
    await statements(nodes, { ids: ids.slice(0, 2) });
    const two = await statements(nodes, { ids: ids.slice(0, 2) });
    expect(await statements(nodes, { ids })).toBe(two);
  });

  it("the people list costs the same for 5 people and 50", async () => {
    const member = await buildUser(server.ds);
    const list = `query ($first: Int) { people(mine: true, first: $first) { totalCount edges { node { id displayName birth { year } village { name } family { familyName } portrait { id } viewerCan { edit } } } } }`;
    for (let n = 0; n < 50; n++) await buildPerson(server, member, { fullName: `Listed ${n} Budget`, deathDate: "1950" });
    const few = await statements(list, { first: 5 }, member.token);
    expect(await statements(list, { first: 50 }, member.token)).toBe(few);
  });
});
