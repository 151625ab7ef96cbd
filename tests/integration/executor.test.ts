import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

// Operations are compiled (graphql-jit) from their second use; the first runs through
// graphql-js. Both must answer alike: data, errors, codes, translated messages, locations.
let server: TestServer;
let owner: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server.ds);
});
afterAll(() => server.stop());

const thrice = async (query: string, variables: Record<string, unknown>, opts: { token?: string; language?: string } = {}) => {
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const { headers, ...answer } = await server.gql(query, variables, opts);
    // Every header but the clock's Date, which moves on between the answers.
    const kept: Record<string, string> = {};
    headers?.forEach((value, name) => {
      if (name !== "date") kept[name] = value;
    });
    answers.push({ ...answer, headers: kept });
  }
  return answers;
};

describe("compiled operations", () => {
  it("answer exactly as the first, uncompiled run: lines, fragments, private people", async () => {
    const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`;
    const make = async (input: Record<string, unknown>) =>
      (await server.gql<{ createPerson: { id: string } }>(CREATE, { input }, { token: owner.token })).data!.createPerson.id;
    const child = await make({ fullName: "Nadia Khoury", birthDate: "1990" });
    const father = await make({ fullName: "Elias Khoury", birthDate: "1960" });
    const grandfather = await make({ fullName: "Tanios Khoury", birthDate: "1900", deathDate: "1970", occupation: "Baker" });
    for (const [c, p] of [
      [child, father],
      [father, grandfather],
    ]) {
      expect(
        (await server.gql(`mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`, { c, p }, { token: owner.token }))
          .errors,
      ).toBeUndefined();
    }
    const Q = `fragment P on Person { id displayName isPrivate occupation birth { text year } }
      query ($id: ID!) { ancestors(personId: $id, generations: 3) { generation viaId person { ...P } } }`;
    for (const opts of [{}, { token: owner.token }, { language: "ar" }]) {
      const [first, ...rest] = await thrice(Q, { id: child }, opts);
      expect(first.errors).toBeUndefined();
      for (const r of rest) expect(r).toEqual(first);
    }
    const [visitor] = await thrice(Q, { id: child }, { language: "ar" });
    expect(
      (visitor.data as { ancestors: { person: { displayName: string; occupation: string | null } }[] }).ancestors.map((a) => [
        a.person.displayName,
        a.person.occupation,
      ]),
    ).toEqual([
      ["خاص", null],
      ["Tanios Khoury", "Baker"],
    ]);
  });

  it("keep error codes, translated messages, fields and locations, and refuse bad variables the same way", async () => {
    const missing = Buffer.from("Person:00000000-0000-7000-8000-000000000000").toString("base64url");
    const notFound = await thrice(`query ($id: ID!) { person(id: $id) { id } }`, { id: missing }, { language: "fr" });
    expect(notFound[0].errors?.[0]).toMatchObject({
      extensions: { code: "NOT_FOUND" },
      path: ["person"],
      locations: [{ line: 1, column: 20 }],
    });
    for (const r of notFound.slice(1)) expect(r).toEqual(notFound[0]);

    const bad = await thrice(
      `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
      { input: { fullName: "A", birthDate: "sometime" } },
      { token: owner.token },
    );
    expect(bad[0].errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: [expect.objectContaining({ field: "birthDate" })],
    });
    for (const r of bad.slice(1)) expect(r).toEqual(bad[0]);

    const badVariables = await thrice(`query ($id: ID!, $n: Int!) { ancestors(personId: $id, generations: $n) { generation } }`, {
      id: missing,
      n: "ten",
    });
    expect(badVariables[0]).toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT" }) })],
    });
    for (const r of badVariables.slice(1)) expect(r).toEqual(badVariables[0]);
    const [{ n }]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE full_name = 'A'`);
    expect(n).toBe(0);
  });
});
