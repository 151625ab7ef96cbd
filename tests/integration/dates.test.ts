import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { exportTree, importConfirmed } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Dates as people type them, end to end: stored as read (the text as typed, the Gregorian days for
 * sorting), refused with a translated message when they cannot be read, and Hijri dates kept in
 * their calendar through a GEDCOM export and import (7.0 `_HIJRI` declared in SCHMA, 5.5.1 `@#DHIJRI@`).
 */
let server: TestServer;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-dates-")),
    IMPORT_POLL_MS: "50",
    IMPORT_PROGRESS_MS: "1000",
  });
  member = await buildUser(server.ds);
}, 60_000);
afterAll(() => server?.stop());

const CREATE = `mutation ($input: PersonInput!) { createPerson(input: $input) { id birth { text qualifier from to year } death { text qualifier from to year } } }`;
type Created = { createPerson: { id: string; birth: Record<string, unknown> | null; death: Record<string, unknown> | null } };

const birthColumns = async (where: string, params: unknown[]) =>
  (await server.ds.query(
    `SELECT full_name, birth_date_text, birth_date_qualifier, birth_date_from::text, birth_date_to::text, death_date_text, death_date_from::text, death_date_to::text
       FROM people WHERE ${where} ORDER BY created_at`,
    params,
  )) as Record<string, string | null>[];

describe("dates typed in Arabic", () => {
  it("stores حوالي ١٨٩٠ as about 1890: the text as typed, the days for sorting, the year shown", async () => {
    const res = await server.gql<Created>(
      CREATE,
      { input: { fullName: "Youssef Khoury", birthDate: "حوالي ١٨٩٠" } },
      { token: member.token, language: "ar" },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPerson.birth).toEqual({
      text: "حوالي ١٨٩٠",
      qualifier: "about",
      from: "1885-01-01",
      to: "1895-12-31",
      year: 1890,
    });
    const [row] = await birthColumns("full_name = $1", ["Youssef Khoury"]);
    expect(row).toMatchObject({
      birth_date_text: "حوالي ١٨٩٠",
      birth_date_qualifier: "about",
      birth_date_from: "1885-01-01",
      birth_date_to: "1895-12-31",
    });
  });

  it("refuses a date it cannot read, with a translated BAD_USER_INPUT, and changes nothing", async () => {
    const count = async () => Number((await server.ds.query(`SELECT count(*) AS n FROM people`))[0].n);
    const before = await count();
    const res = await server.gql(
      CREATE,
      { input: { fullName: "Hanna Haddad", birthDate: "في زمن ما" } },
      { token: member.token, language: "ar" },
    );
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].extensions?.fields).toEqual([
      {
        field: "birthDate",
        key: "errors.date_invalid",
        message: "تعذّرت قراءة هذا التاريخ. اكتبه كما في الأمثلة تحت الحقل، مثل حوالي 1890 أو 12 آذار 1890.",
      },
    ]);
    const fr = await server.gql(
      CREATE,
      { input: { fullName: "Hanna Haddad", deathDate: "bientôt" } },
      { token: member.token, language: "fr" },
    );
    expect((fr.errors?.[0].extensions?.fields as { message: string }[])[0].message).toMatch(/^Cette date est illisible/);
    expect(await count()).toBe(before);
  });

  it("reads the other ways people write dates, in each field", async () => {
    const res = await server.gql<Created>(
      CREATE,
      { input: { fullName: "Mariam Saade", birthDate: "1890 تقريباً", deathDate: "بين ١٩٥٠ و١٩٥٥" } },
      { token: member.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPerson.birth).toMatchObject({ qualifier: "about", year: 1890 });
    expect(res.data!.createPerson.death).toMatchObject({ qualifier: "between", from: "1950-01-01", to: "1955-12-31", year: 1950 });
  });
});

describe("Hijri dates through GEDCOM", () => {
  it("keep their calendar from an export (7.0 and 5.5.1) to an import", async () => {
    const owner = await buildUser(server.ds);
    const res = await server.gql<Created>(
      CREATE,
      { input: { fullName: "Ahmad Hijri", birthDate: "12 رجب 1310 هـ", deathDate: "حوالي 1380 هـ" } },
      { token: owner.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPerson.birth).toMatchObject({ from: "1893-01-30", to: "1893-01-30", year: 1893 });

    const v7 = await exportTree(server, owner.token, "scope=mine&version=7.0");
    expect(v7.status).toBe(200);
    const text7 = v7.body.toString("utf8");
    expect(text7).toContain("1 SCHMA\n2 TAG _HIJRI urn:roots:gedcom:v7:calendar-HIJRI\n2 TAG _RAJAB urn:roots:gedcom:v7:month-RAJAB\n");
    expect(text7).toContain("2 DATE _HIJRI 12 _RAJAB 1310\n3 PHRASE 12 رجب 1310 هـ\n");
    expect(text7).toContain("2 DATE ABT _HIJRI 1380\n3 PHRASE حوالي 1380 هـ\n");

    const v551 = await exportTree(server, owner.token, "scope=mine&version=5.5.1");
    const text551 = v551.body.toString("utf8");
    expect(text551).toContain("2 DATE INT @#DHIJRI@ 12 RAJAB 1310 (12 رجب 1310 هـ)\n");
    expect(text551).not.toContain("SCHMA");

    for (const [name, body] of [
      ["hijri-7.ged", v7.body],
      ["hijri-551.ged", v551.body],
    ] as const) {
      const reader = await buildUser(server.ds);
      await importConfirmed(server, reader.token, name, body);
      expect(await birthColumns("created_by = $1", [reader.id])).toEqual([
        {
          full_name: "Ahmad Hijri",
          birth_date_text: "12 رجب 1310 هـ",
          birth_date_qualifier: "exact",
          birth_date_from: "1893-01-30",
          birth_date_to: "1893-01-30",
          death_date_text: "حوالي 1380 هـ",
          death_date_from: "1955-06-26",
          death_date_to: "1966-06-14",
        },
      ]);
    }
  }, 120_000);

  it("are read from another program's file without a phrase: _HIJRI in 7.0, @#DHIJRI@ in 5.5.1", async () => {
    const file = (version: string, date: string) =>
      Buffer.from(
        `0 HEAD\n1 GEDC\n2 VERS ${version}\n${version === "5.5.1" ? "2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n" : ""}0 @I1@ INDI\n1 NAME Fatima /Hijri/\n1 BIRT\n2 DATE ${date}\n0 TRLR\n`,
      );
    for (const [name, body, text] of [
      ["seven.ged", file("7.0", "_HIJRI 1 _RAMAD 1300"), "_HIJRI 1 _RAMAD 1300"],
      ["five.ged", file("5.5.1", "@#DHIJRI@ 1 RAMAD 1300"), "_HIJRI 1 _RAMAD 1300"],
    ] as const) {
      const reader = await buildUser(server.ds);
      await importConfirmed(server, reader.token, name, body);
      expect(await birthColumns("created_by = $1", [reader.id])).toMatchObject([
        { birth_date_text: text, birth_date_from: "1883-07-06", birth_date_to: "1883-07-06" },
      ]);
    }
  }, 120_000);
});
