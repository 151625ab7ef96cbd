import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { badFields, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Digits (decisions.md): Arabic pages write Latin digits unless the reader chose Arabic-Indic
 * ones; a member's choice is kept in their profile beside their language; and what people type
 * is read in either kind, Arabic-Indic (٠-٩) or Eastern Arabic-Indic (۰-۹), as in Latin digits.
 */
let server: TestServer;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  member = await buildUser(server.ds);
});
afterAll(() => server.stop());

const UPDATE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { digits preferredLanguage } }`;

describe("a member's digits", () => {
  it("needs sign-in", async () => {
    expect((await server.gql(UPDATE, { input: { digits: "arab" } })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("are Latin until the member chooses, then kept in their profile beside their language", async () => {
    expect(
      (await server.gql<{ viewer: { digits: string } }>(`{ viewer { digits } }`, {}, { token: member.token })).data!.viewer.digits,
    ).toBe("latn");
    const chosen = await server.gql<{ updateProfile: { digits: string } }>(UPDATE, { input: { digits: "arab" } }, { token: member.token });
    expect(chosen.data!.updateProfile).toEqual({ digits: "arab", preferredLanguage: "ar" });
    // Another change of the profile leaves it as it is.
    await server.gql(UPDATE, { input: { preferredLanguage: "en" } }, { token: member.token });
    expect(
      (await server.gql<{ viewer: { digits: string } }>(`{ viewer { digits } }`, {}, { token: member.token })).data!.viewer.digits,
    ).toBe("arab");
  });

  it("are latn or arab, nothing else: refused with a translated message naming the field", async () => {
    const res = await server.gql(UPDATE, { input: { digits: "roman" } }, { token: member.token, language: "fr" });
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(badFields(res)).toEqual(["digits"]);
    expect(res.errors?.[0].message).not.toMatch(/^errors\./);
  });
});

describe("dates typed in either kind of Arabic digits", () => {
  const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id birth { from to year } } }`;

  it.each([
    ["Arabic-Indic", "١٢/٠٣/١٨٩٠"],
    ["Eastern Arabic-Indic", "۱۲/۰۳/۱۸۹۰"],
    ["Latin", "12/03/1890"],
  ])("a birth date in %s digits is read as 12 March 1890", async (_kind, typed) => {
    const res = await server.gql<{ createPerson: { birth: Record<string, unknown> } }>(
      CREATE,
      { input: { fullName: `Born ${typed}`, birthDate: typed } },
      { token: member.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPerson.birth).toEqual({ from: "1890-03-12", to: "1890-03-12", year: 1890 });
  });

  it("so is a village event's date", async () => {
    const village = await buildVillage(server, "Hadath");
    const res = await server.gql<{ createEvent: { date: { year: number } } }>(
      `mutation ($input: EventInput!) { createEvent(input: $input) { date { year } } }`,
      { input: { type: "FESTIVAL", title: "Feast of the Cross", villageIds: [village.id], date: "حوالي ۱۹۲۰" } },
      { token: member.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createEvent.date.year).toBe(1920);
  });
});
