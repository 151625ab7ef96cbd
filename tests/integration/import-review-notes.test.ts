/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
const storageDir = mkdtempSync(join(tmpdir(), "roots-notes-"));
beforeAll(async () => {
  server = await startTestServer({ STORAGE_DIR: storageDir, IMPORT_POLL_MS: "100", IMPORT_PROGRESS_MS: "20" });
});
afterAll(() => server.stop());

const warningsOf = async (token: string, id: string, language = "en") =>
  (
    await server.gql<any>(
      `query($id: ID!) { importWarnings(jobId: $id) { edges { node { line record message } } } }`,
      { id },
      { token, language },
    )
  ).data.importWarnings.edges.map((e: any) => e.node);

describe("what the review notes about a file", () => {
  it("a GEDCOM person without a name: kept as “?”, with a warning at its line", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551("0 @I1@ INDI", "1 NAME Hanna /Daher/", "0 @I2@ INDI", "1 SEX F", "1 BIRT", "2 DATE 1901");
    const up = await uploadImport(server, user.token, "gedcom", "daher.ged", ged);
    const job = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(job.counts.people).toBe(2);
    const line = ged.toString("utf8").split(/\r?\n/).indexOf("0 @I2@ INDI") + 1;
    // Named by its key in the file, as it has no name.
    expect(await warningsOf(user.token, up.id!, "ar")).toEqual([
      { line, record: "@I2@", message: "لا اسم لهذا الشخص في الملف؛ يظهر بعلامة «؟»." },
    ]);
    // In the report, the key is text, never a formula (a cell starting with @ is one in Excel).
    const report = await fetch(`${server.url}/api/imports/${up.id}/errors.csv`, {
      headers: { authorization: `Bearer ${user.token}`, "accept-language": "en" },
    });
    expect((await report.text()).split(/\r?\n/)[1]).toMatch(new RegExp(`^${line},Warning,"'@I2@",`));
    // Cancelled, nothing of the file stays: its warnings named its people, and the uploaded file
    // itself is deleted (no runner works on a job waiting for review to clean up after it).
    const [{ file_path: key }] = await server.ds.query(`SELECT file_path FROM import_jobs WHERE user_id = $1`, [user.id]);
    const file = join(storageDir, key);
    expect(existsSync(file)).toBe(true);
    const cancelled = await server.gql<any>(
      `mutation($id: ID!) { cancelImport(id: $id) { status } }`,
      { id: up.id },
      { token: user.token },
    );
    expect(cancelled.data.cancelImport.status).toBe("cancelled");
    const [{ n }] = await server.ds.query(
      `SELECT count(*)::int AS n FROM import_warnings w JOIN import_jobs j ON j.id = w.job_id WHERE j.user_id = $1`,
      [user.id],
    );
    expect(n).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect((await server.ds.query(`SELECT file_path FROM import_jobs WHERE user_id = $1`, [user.id]))[0].file_path).toBeNull();
  }, 60_000);

  it("a warning about a GEDCOM person names them, in the review, the report and both scripts", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Hanna /Daher/",
      "1 NAME حنا /ضاهر/",
      "1 BIRT",
      "2 DATE 1901",
      "1 DEAT",
      "2 DATE 1890",
      "0 @I2@ INDI",
      "1 NAME Wadih /Daher/",
      "1 BIRT",
      "2 DATE 2 JAN 1930",
    );
    const up = await uploadImport(server, user.token, "gedcom", "daher2.ged", ged);
    await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    const line = ged.toString("utf8").split(/\r?\n/).indexOf("0 @I1@ INDI") + 1;
    const [en] = await warningsOf(user.token, up.id!, "en");
    expect(en).toMatchObject({ line, record: "Hanna Daher" });
    expect((await warningsOf(user.token, up.id!, "ar"))[0].record).toBe("حنا ضاهر");
    const report = await fetch(`${server.url}/api/imports/${up.id}/errors.csv`, {
      headers: { authorization: `Bearer ${user.token}`, "accept-language": "en" },
    });
    const rows = (await report.text()).replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(rows[1]).toBe(`${line},Warning,Hanna Daher,${en.message}`);
  }, 60_000);

  it("a spreadsheet's “سنة الولادة” column is read as the birth date", async () => {
    const user = await buildUser(server.ds);
    const up = await uploadImport(server, user.token, "spreadsheet", "daher.csv", "الاسم,سنة الولادة,سنة الوفاة\nحنا ضاهر,1901,1980\n");
    const job = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(job.mapping).toEqual(["fullNameAr", "birthDate", "deathDate"]);
    expect(job.counts).toMatchObject({ people: 1, errors: 0 });
  }, 60_000);
});
