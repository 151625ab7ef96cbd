/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { confirmAndWait, importConfirmed, uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";

let server: TestServer;
let member: BuiltUser;
let zahleId: string;

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-gender-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "10",
  });
  member = await buildUser(server.ds);
  [zahleId] = await buildVillages(server.ds, [{ name: "Zahle", nameAr: "زحلة", nameFr: "Zahlé", slug: "zahle-g" }]);
});
afterAll(() => server.stop());

async function ok(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const res = await server.gql<any>(query, variables, { token: member.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}
const genders = async (names: string[]) =>
  (
    await server.ds.query(`SELECT full_name, gender FROM people WHERE created_by = $1 AND full_name = ANY($2) ORDER BY full_name`, [
      member.id,
      names,
    ])
  ).map((r: { full_name: string; gender: string }) => [r.full_name, r.gender]);

describe("gender in the person forms' API and in spreadsheets", () => {
  it("keeps the gender a form sends, refuses anything else, and tells an editor which parents are on record", async () => {
    const create = `mutation ($input: PersonInput!) { createPerson(input: $input) { id gender entry provenance confidence } }`;
    const child = (await ok(create, { input: { fullName: "Karim Haddad", gender: "M" } })).createPerson;
    expect(child).toMatchObject({ gender: "M", entry: "MEMBER" });
    const bad = await server.gql<any>(create, { input: { fullName: "Nobody", gender: "male" } }, { token: member.token });
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const father = (await ok(create, { input: { fullName: "Nabil Haddad", gender: "M" } })).createPerson;
    await ok(`mutation ($c: ID!, $p: ID!) { addParent(childId: $c, parentId: $p) { id } }`, { c: child.id, p: father.id });
    const page = `query ($id: ID!) { person(id: $id) { parentGenders } }`;
    expect((await ok(page, { id: child.id })).person.parentGenders).toEqual(["M"]);
    // A visitor (who may not edit) is not told.
    expect((await server.gql<any>(page, { id: child.id })).data?.person?.parentGenders ?? []).toEqual([]);
    const edited = await ok(`mutation ($id: ID!, $input: PersonInput!) { updatePerson(id: $id, input: $input) { gender } }`, {
      id: father.id,
      input: { gender: "U" },
    });
    expect(edited.updatePerson.gender).toBe("U");
  });

  it("reads gender columns by their usual names and values in Arabic, English and French", async () => {
    const sheets: [string, string][] = [
      ["ar.csv", "الاسم باللاتينية,الجنس\nSami Ar,ذكر\nRima Ar,أنثى\nNour Ar,انثى\nDani Ar,"],
      ["en.csv", "Name,Sex (M/F)\nSami En,M\nRima En,f\nNour En,Female\nDani En,unknown"],
      ["fr.csv", "Nom,Sexe\nSami Fr,Homme\nRima Fr,femme\nNour Fr,F\nDani Fr,H"],
    ];
    for (const [name, body] of sheets) {
      const up = await uploadImport(server, member.token, "spreadsheet", name, body);
      const job = await waitForJob(server, member.token, up.id!, ["review"]);
      expect(job.mapping).toEqual(["fullName", "gender"]);
      expect(job.counts.errors).toBe(0);
      await confirmAndWait(server, member.token, up.id!);
    }
    expect(await genders(["Sami Ar", "Rima Ar", "Nour Ar", "Dani Ar"])).toEqual([
      ["Dani Ar", "U"],
      ["Nour Ar", "F"],
      ["Rima Ar", "F"],
      ["Sami Ar", "M"],
    ]);
    expect(await genders(["Sami En", "Rima En", "Nour En", "Dani En"])).toEqual([
      ["Dani En", "U"],
      ["Nour En", "F"],
      ["Rima En", "F"],
      ["Sami En", "M"],
    ]);
    expect(await genders(["Sami Fr", "Rima Fr", "Nour Fr", "Dani Fr"])).toEqual([
      ["Dani Fr", "M"],
      ["Nour Fr", "F"],
      ["Rima Fr", "F"],
      ["Sami Fr", "M"],
    ]);
    const [{ entry }] = await server.ds.query(`SELECT DISTINCT entry FROM people WHERE full_name = 'Sami Fr'`);
    expect(entry).toBe("IMPORT");
  });

  it("lists the spreadsheet fields from the server, each with its label in the three languages", async () => {
    const { spreadsheetFields } = await ok(`{ spreadsheetFields }`);
    expect(spreadsheetFields).toContain("gender");
    const csv = readFileSync(new URL("../../client/src/features/ingestion/translations.csv", import.meta.url), "utf8");
    for (const f of spreadsheetFields) expect(csv).toMatch(new RegExp(`^ingestion\\.field\\.${f},[^,]*,[^,]+,[^,]+,[^,]+`, "m"));
  });
});

describe("imported places", () => {
  it("match a village where they name one, in any part of a Lebanese place, and never a US state", async () => {
    await importConfirmed(
      server,
      member.token,
      "places.ged",
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Elias /Maalouf/",
        "1 BIRT",
        "2 PLAC Mar Elias Church, , Zahlé, Lebanon",
        "0 @I2@ INDI",
        "1 NAME Tanios /Maalouf/",
        "1 BIRT",
        "2 PLAC زحلة",
        "0 @I3@ INDI",
        "1 NAME John /Maalouf/",
        "1 BIRT",
        "2 PLAC Brookline, , Norfolk County, Zahle",
      ),
    );
    const rows = await server.ds.query(
      `SELECT full_name, birth_place, village_id FROM people WHERE created_by = $1 AND full_name LIKE '% Maalouf' ORDER BY full_name`,
      [member.id],
    );
    expect(rows).toEqual([
      { full_name: "Elias Maalouf", birth_place: "Mar Elias Church, Zahlé, Lebanon", village_id: zahleId },
      // Outside Lebanon only the first part may be a village.
      { full_name: "John Maalouf", birth_place: "Brookline, Norfolk County, Zahle", village_id: null },
      { full_name: "Tanios Maalouf", birth_place: "زحلة", village_id: zahleId },
    ]);
  });
});
