/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { JOB_FIELDS, uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, wsOnce, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";

let server: TestServer;
let member: BuiltUser;
let zahleId: string;

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-imports-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "10",
    IMPORT_MAX_BYTES: "200000",
  });
  member = await buildUser(server.ds);
  [zahleId] = await buildVillages(server.ds, [{ name: "Zahle", nameAr: "زحلة", nameFr: "Zahlé", slug: "zahle-sheet" }]);
});
afterAll(() => server.stop());

const ARABIC_SHEET = [
  "الرقم,الاسم,الاسم باللاتينية,اسم الأب,الجنس,تاريخ الولادة,تاريخ الوفاة,القرية,الأب,الأم,الزوج/الزوجة",
  "1,يوسف بطرس الخوري,Youssef Boutros Khoury,بطرس,ذكر,ABT 1890,1961,زحلة,,,2",
  "2,مريم حداد,Mariam Haddad,,أنثى,1895,1970,Zahlé,,,1",
  "3,بطرس يوسف الخوري,Boutros Youssef Khoury,يوسف,ذكر,12/03/1920,1999,Zahleh,1,2,",
  "4,,,,ذكر,not a date,,زحلة,,,",
  "5,حنا الخوري,Hanna Khoury,,ذكر,1925,1990,Atlantis,1,2,",
].join("\n");

const jobQuery = `query($id: ID!) { importJob(id: $id) { ${JOB_FIELDS} } }`;

describe("spreadsheet import", () => {
  it("refuses visitors, unknown file types and files over the size limit, storing nothing", async () => {
    expect((await uploadImport(server, null, "spreadsheet", "tree.csv", ARABIC_SHEET)).status).toBe(401);
    const wrong = await uploadImport(server, member.token, "spreadsheet", "tree.exe", "x");
    expect(wrong).toMatchObject({ status: 400, error: "ingestion.file_type" });
    const big = await uploadImport(server, member.token, "spreadsheet", "big.csv", "a,b\n".repeat(60_000), "fr");
    expect(big.status).toBe(413);
    expect(big.message).toContain("Mo");
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM import_jobs`);
    expect(n).toBe(0);
  });

  it("detects an Arabic header row, matches villages in any script, links parents and spouses, and commits at once", async () => {
    const up = await uploadImport(server, member.token, "spreadsheet", "khoury.csv", "\uFEFF" + ARABIC_SHEET);
    expect(up.status).toBe(201);
    const job = await waitForJob(server, member.token, up.id!, ["review"]);
    expect(job.mapping).toEqual([
      "id",
      "fullNameAr",
      "fullName",
      "fatherName",
      "gender",
      "birthDate",
      "deathDate",
      "village",
      "father",
      "mother",
      "spouse",
    ]);
    expect(job.counts).toMatchObject({ parsed: 5, people: 4, errors: 1, links: 4, unions: 1 });
    // Nothing is in the tree before the member confirms.
    const [{ before }] = await server.ds.query(`SELECT count(*)::int AS before FROM people WHERE created_by = $1`, [member.id]);
    expect(before).toBe(0);

    // A warning names the row's person, in the reader's script.
    const warnings = async (language: string) =>
      (
        await server.gql<any>(
          `query($id: ID!) { importWarnings(jobId: $id) { totalCount edges { node { line record message } } } }`,
          { id: up.id },
          { token: member.token, language },
        )
      ).data.importWarnings.edges.map((e: any) => e.node);
    expect(await warnings("en")).toEqual([
      { line: 6, record: "Hanna Khoury", message: "Village “Atlantis” was not found; the person is imported without a village." },
    ]);
    expect((await warnings("ar"))[0].record).toBe("حنا الخوري");
    const errors = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "errors") { totalCount edges { node { line errors } } } }`,
      { id: up.id },
      { token: member.token, language: "fr" },
    );
    expect(errors.data.importRecords.edges[0].node).toEqual({
      line: 5,
      errors: ["Indiquez le nom de la personne en caractères latins ou arabes.", "La date de naissance est illisible."],
    });

    const confirmed = await server.gql<any>(
      `mutation($id: ID!) { confirmImport(id: $id) { status } }`,
      { id: up.id },
      { token: member.token },
    );
    expect(confirmed.data.confirmImport.status).toBe("commit_queued");
    const done = await waitForJob(server, member.token, up.id!, ["done"]);
    expect(done.counts.written).toBe(4 + 4 + 1);

    const people = await server.ds.query(
      `SELECT full_name, full_name_ar, gender, birth_date_text, birth_date_from::text, village_id FROM people WHERE created_by = $1 ORDER BY full_name`,
      [member.id],
    );
    expect(people).toEqual([
      {
        full_name: "Boutros Youssef Khoury",
        full_name_ar: "بطرس يوسف الخوري",
        gender: "M",
        birth_date_text: "1920-03-12",
        birth_date_from: "1920-03-12",
        village_id: zahleId,
      },
      {
        full_name: "Hanna Khoury",
        full_name_ar: "حنا الخوري",
        gender: "M",
        birth_date_text: "1925",
        birth_date_from: "1925-01-01",
        village_id: null,
      },
      {
        full_name: "Mariam Haddad",
        full_name_ar: "مريم حداد",
        gender: "F",
        birth_date_text: "1895",
        birth_date_from: "1895-01-01",
        village_id: zahleId,
      },
      {
        full_name: "Youssef Boutros Khoury",
        full_name_ar: "يوسف بطرس الخوري",
        gender: "M",
        birth_date_text: "ABT 1890",
        birth_date_from: "1885-01-01",
        village_id: zahleId,
      },
    ]);
    const [{ links }] = await server.ds.query(`SELECT count(*)::int AS links FROM parent_links WHERE created_by = $1`, [member.id]);
    const [{ unions }] = await server.ds.query(`SELECT count(*)::int AS unions FROM unions WHERE created_by = $1`, [member.id]);
    expect({ links, unions }).toEqual({ links: 4, unions: 1 });
    const [{ audits }] = await server.ds.query(
      `SELECT count(*)::int AS audits FROM audit_logs WHERE table_name = 'import_jobs' AND action = 'import'`,
    );
    expect(audits).toBe(1);
  });

  it("updates instead of duplicating when the same workbook is imported again", async () => {
    const changed = ARABIC_SHEET.replace("Hanna Khoury,,ذكر,1925", "Hanna Y. Khoury,,ذكر,1926");
    const up = await uploadImport(server, member.token, "spreadsheet", "khoury.csv", changed);
    const job = await waitForJob(server, member.token, up.id!, ["review"]);
    expect(job.counts).toMatchObject({ updates: 4, people: 4 });
    await server.gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: up.id }, { token: member.token });
    await waitForJob(server, member.token, up.id!, ["done"]);
    const rows = await server.ds.query(`SELECT full_name, birth_date_text FROM people WHERE created_by = $1 AND full_name LIKE 'Hanna%'`, [
      member.id,
    ]);
    expect(rows).toEqual([{ full_name: "Hanna Y. Khoury", birth_date_text: "1926" }]);
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1`, [member.id]);
    expect(n).toBe(4);
    const [{ links }] = await server.ds.query(`SELECT count(*)::int AS links FROM parent_links WHERE created_by = $1`, [member.id]);
    expect(links).toBe(4);
  });

  it("reads .xlsx workbooks, lets the member fix a column mapping, and refuses cycles and too-young parents", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Tree");
    ws.addRow(["Family tree of the Haddad"]);
    ws.addRow(["Ref", "Nom", "Père", "Geburtsjahr"]);
    ws.addRow(["a", "Elias Haddad", "b", ""]);
    ws.addRow(["b", "Gerges Haddad", "a", ""]);
    ws.addRow(["c", "Tanios Haddad", "", "1990"]);
    ws.addRow(["d", "Semaan Haddad", "c", "1995"]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await uploadImport(server, member.token, "spreadsheet", "haddad.xlsx", buffer);
    let job = await waitForJob(server, member.token, up.id!, ["review"]);
    expect(job.headerRow).toBe(1);
    expect(job.mapping).toEqual(["id", "fullName", "father", null]);
    // "Geburtsjahr" was not recognised: the member maps it to the birth date and the file is read again.
    const fixed = await server.gql<any>(
      `mutation($id: ID!, $m: [String]!) { setImportMapping(id: $id, headerRow: 1, mapping: $m) { status } }`,
      { id: up.id, m: ["id", "fullName", "father", "birthDate"] },
      { token: member.token },
    );
    expect(fixed.data.setImportMapping.status).toBe("queued");
    job = await waitForJob(server, member.token, up.id!, ["review"]);
    expect(job.counts).toMatchObject({ people: 4, links: 0, errors: 3 });
    const bad = await server.gql<any>(
      `mutation($id: ID!) { setImportMapping(id: $id, headerRow: 1, mapping: ["id", "fullName", "fullName", null]) { status } }`,
      { id: up.id },
      { token: member.token },
    );
    expect((bad.errors as any)[0].extensions.fields[0].message).toBe("Each field can be chosen for one column only.");
    const records = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "errors") { edges { node { line errors } } } }`,
      { id: up.id },
      { token: member.token },
    );
    expect(records.data.importRecords.edges.map((e: any) => e.node.errors[0]).sort()).toEqual([
      "A parent must be at least 12 years older than the child.",
      "A person cannot be their own ancestor.",
      "A person cannot be their own ancestor.",
    ]);
  });

  it("publishes progress to the owner only, and a cancelled import leaves nothing", async () => {
    const other = await buildUser(server.ds);
    const rows = ["Name,Birth date", ...Array.from({ length: 2000 }, (_, i) => `Person ${i},${1800 + (i % 100)}`)].join("\n");
    const up = await uploadImport(server, member.token, "spreadsheet", "many.csv", rows);
    const client = member.token ? server.ws({ token: member.token }) : null;
    const seen: string[] = [];
    const parsed: number[] = [];
    const done = new Promise<void>((resolve) => {
      client!.subscribe<any>(
        { query: `subscription($id: ID!) { importJobUpdated(id: $id) { status counts { parsed } } }`, variables: { id: up.id } },
        {
          next: (v) => {
            seen.push(v.data?.importJobUpdated.status);
            parsed.push(v.data?.importJobUpdated.counts.parsed);
            if (v.data?.importJobUpdated.status === "cancelled") resolve();
          },
          error: () => resolve(),
          complete: () => resolve(),
        },
      );
    });
    const stranger = await server.gql<any>(jobQuery, { id: up.id }, { token: other.token });
    expect((stranger.errors as any)[0].extensions.code).toBe("NOT_FOUND");
    await waitForJob(server, member.token, up.id!, ["review"]);
    const cancelled = await server.gql<any>(
      `mutation($id: ID!) { cancelImport(id: $id) { status canCancel } }`,
      { id: up.id },
      { token: member.token },
    );
    expect(cancelled.data.cancelImport).toEqual({ status: "cancelled", canCancel: false });
    await done;
    await client!.dispose();
    expect(seen).toContain("review");
    // Counts only grow while the file is read, and the review shows every row.
    const reading = parsed.slice(0, seen.indexOf("review") + 1);
    expect(reading).toEqual([...reading].sort((a, b) => a - b));
    expect(reading.at(-1)).toBe(2000);
    expect(seen.at(-1)).toBe("cancelled");
    const [{ staged }] = await server.ds.query(
      `SELECT count(*)::int AS staged FROM import_staged s JOIN import_jobs j ON j.id = s.job_id WHERE j.file_name = 'many.csv'`,
    );
    expect(staged).toBe(0);
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE full_name LIKE 'Person %'`);
    expect(n).toBe(0);
    void wsOnce;
  });

  it("names a column as the file's header does, and says so when the header row leaves no rows", async () => {
    const user = await buildUser(server.ds);
    const up = await uploadImport(
      server,
      user.token,
      "spreadsheet",
      "saade.csv",
      "الاسم,اسم الأب,الأب\nطانيوس سعادة,,\nإيليا سعادة,طانيوس,9\n",
    );
    await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    const warnings = async () =>
      (
        await server.gql<any>(
          `query($id: ID!) { importWarnings(jobId: $id) { edges { node { line record message } } } }`,
          { id: up.id },
          { token: user.token, language: "ar" },
        )
      ).data.importWarnings.edges.map((e: any) => e.node);
    expect(await warnings()).toEqual([{ line: 3, record: "إيليا سعادة", message: "الأب: «9» لا يطابق أي صف؛ لن تُسجَّل هذه القرابة." }]);
    const report = await fetch(`${server.url}/api/imports/${up.id}/errors.csv`, {
      headers: { authorization: `Bearer ${user.token}`, "accept-language": "ar" },
    });
    expect((await report.text()).replace(/^\uFEFF/, "").split(/\r?\n/)).toEqual([
      "الصف,النوع,السجل,المشكلة,الاسم,اسم الأب,الأب",
      "3,تنبيه,إيليا سعادة,الأب: «9» لا يطابق أي صف؛ لن تُسجَّل هذه القرابة.",
    ]);
    // The member sets the header row on the last row: nothing left to read, and the headers read from that row.
    const set = await server.gql<any>(
      `mutation($id: ID!) { setImportMapping(id: $id, headerRow: 2, mapping: ["fullName", null, null]) { status } }`,
      { id: up.id },
      { token: user.token },
    );
    expect(set.errors).toBeUndefined();
    const job = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(job.headers).toEqual(["إيليا سعادة", "طانيوس", "9"]);
    expect(job.counts.people).toBe(0);
    expect(await warnings()).toEqual([
      { line: 3, record: null, message: "لا توجد صفوف بعد صف العناوين (3): اختر الصف الذي يحمل أسماء الأعمدة." },
    ]);
  }, 60_000);

  it("serves a template in the member's language whose headers the importer recognises", async () => {
    for (const lang of ["ar", "en", "fr"]) {
      const res = await fetch(`${server.url}/api/imports/template.csv`, { headers: { "accept-language": lang } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8");
      // Examples as people write them in that language, and a date no one can misread.
      expect(text.split(/\r?\n/)[1]).toContain(lang === "ar" ? ",ذكر," : lang === "fr" ? ",H," : ",M,");
      expect(text).toContain("1920-03-12");
      const up = await uploadImport(server, member.token, "spreadsheet", `template-${lang}.csv`, text);
      const job = await waitForJob(server, member.token, up.id!, ["review"]);
      expect(job.mapping.every((f: string | null) => f !== null)).toBe(true);
      expect(job.counts).toMatchObject({ people: 3, links: 2, unions: 1, errors: 0 });
      await server.gql(`mutation($id: ID!) { cancelImport(id: $id) { status } }`, { id: up.id }, { token: member.token });
    }
  });
});
