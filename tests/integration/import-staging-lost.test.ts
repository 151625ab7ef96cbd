/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { confirmAndWait, uploadImport, waitForJob } from "../support/imports.js";
import { buildPerson } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
const storageDir = mkdtempSync(join(tmpdir(), "roots-lost-"));
beforeAll(async () => {
  server = await startTestServer({ STORAGE_DIR: storageDir, IMPORT_POLL_MS: "100", IMPORT_PROGRESS_MS: "20" });
});
afterAll(() => server.stop());

const GED = gedcom551(
  "0 @I1@ INDI",
  "1 NAME Antoun /Rizk/",
  "1 BIRT",
  "2 DATE 1880",
  "1 FAMS @F1@",
  "0 @I2@ INDI",
  "1 NAME Fouad /Rizk/",
  "1 BIRT",
  "2 DATE 1910",
  "1 FAMC @F1@",
  "0 @F1@ FAM",
  "1 HUSB @I1@",
  "1 CHIL @I2@",
);

/** What PostgreSQL's crash recovery (or a failover) does to the UNLOGGED staging table: it is emptied. */
const loseStaging = (jobId: string) => server.ds.query(`DELETE FROM import_staged WHERE job_id = $1`, [jobId]);
const rawJobId = async (fileName: string) =>
  ((await server.ds.query(`SELECT id FROM import_jobs WHERE file_name = $1`, [fileName])) as { id: string }[])[0].id;

describe("staged records lost with the database (UNLOGGED staging)", () => {
  it("are staged without WAL", async () => {
    const [{ persistence }] = await server.ds.query(`SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'import_staged'`);
    expect(persistence).toBe("u");
  });

  it("a job waiting for review reads its file again, comes back to review, and commits everything", async () => {
    const user = await buildUser(server.ds);
    const up = await uploadImport(server, user.token, "gedcom", "rizk.ged", GED);
    const review = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    const id = await rawJobId("rizk.ged");
    await loseStaging(id);
    // The runner notices at its next poll and reads the file again: the staged records come back.
    const staged = async () =>
      ((await server.ds.query(`SELECT count(*)::int AS n FROM import_staged WHERE job_id = $1`, [id])) as { n: number }[])[0].n;
    for (let i = 0; i < 200 && (await staged()) === 0; i++) await new Promise((res) => setTimeout(res, 50));
    expect(await staged()).toBeGreaterThanOrEqual(3);
    const again = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(again.counts).toEqual(review.counts);
    // The member is told why the file is back in review.
    expect(review.readAgain).toBe(false);
    expect(again.readAgain).toBe(true);
    const records = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id) { totalCount } }`,
      { id: up.id },
      { token: user.token },
    );
    expect(records.data.importRecords.totalCount).toBeGreaterThanOrEqual(3);
    await confirmAndWait(server, user.token, up.id!);
    const [row] = await server.ds.query(
      `SELECT (SELECT count(*)::int FROM people WHERE created_by = $1) AS people, (SELECT count(*)::int FROM parent_links WHERE created_by = $1) AS links,
              (SELECT count(*)::int FROM kept_records WHERE owner_id = $1) AS kept`,
      [user.id],
    );
    expect(row).toEqual({ people: 2, links: 1, kept: 3 });
  }, 60_000);

  it("a spreadsheet read again after the restart, then read again for a new mapping, no longer says it was the restart", async () => {
    const user = await buildUser(server.ds);
    const up = await uploadImport(server, user.token, "spreadsheet", "rizk.csv", "Name,Father\nFouad Rizk,Antoun Rizk\nAntoun Rizk,\n");
    await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    await loseStaging(await rawJobId("rizk.csv"));
    // The runner notices at its next poll, reads the file again and brings it back to review.
    let job = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    for (let i = 0; i < 200 && !job.readAgain; i++) {
      await new Promise((res) => setTimeout(res, 50));
      job = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    }
    expect(job.readAgain).toBe(true);
    await server.gql(
      `mutation($id: ID!, $m: [String]!) { setImportMapping(id: $id, headerRow: 0, mapping: $m) { status } }`,
      { id: up.id, m: ["fullName", "father"] },
      { token: user.token },
    );
    job = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(job.readAgain).toBe(false);
  }, 60_000);

  it("a done job keeps its refused records (error report) and likely duplicates (merging) through it", async () => {
    const user = await buildUser(server.ds);
    const own = await buildPerson(server, user, { fullName: "Antoun Rizkallah", birthDate: "1880", deathDate: "1950" });
    // Fouad five years younger than his father: that link is refused; Antoun is likely the member's own Antoun (the other tests' are theirs).
    const up = await uploadImport(
      server,
      user.token,
      "gedcom",
      "rizk-done.ged",
      Buffer.from(GED.toString("utf8").replace("2 DATE 1910", "2 DATE 1885").replaceAll("/Rizk/", "/Rizkallah/")),
    );
    await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    await confirmAndWait(server, user.token, up.id!);
    await loseStaging(await rawJobId("rizk-done.ged"));
    const list = async (filter: string) =>
      (
        await server.gql<any>(
          `query($id: ID!, $f: String) { importRecords(jobId: $id, filter: $f) { totalCount edges { node { kind key errors canMerge duplicate { id } } } } }`,
          { id: up.id, f: filter },
          { token: user.token },
        )
      ).data.importRecords;
    const refused = {
      kind: "link",
      key: null,
      errors: ["A parent must be at least 12 years older than the child."],
      canMerge: false,
      duplicate: null,
    };
    const duplicate = { kind: "person", key: "@I1@", errors: [], canMerge: true, duplicate: { id: own } };
    expect(await list("errors")).toEqual({ totalCount: 1, edges: [{ node: refused }] });
    expect(await list("duplicates")).toEqual({ totalCount: 1, edges: [{ node: duplicate }] });
    expect(await list("all")).toEqual({ totalCount: 2, edges: [{ node: duplicate }, { node: refused }] });
    const report = await fetch(`${server.url}/api/imports/${up.id}/errors.csv`, {
      headers: { authorization: `Bearer ${user.token}`, "accept-language": "en" },
    });
    expect(await report.text()).toMatch(/12 years/);
  }, 60_000);

  it("one whose file is gone too has failed, saying why, and wrote nothing", async () => {
    const user = await buildUser(server.ds);
    const up = await uploadImport(server, user.token, "gedcom", "rizk-gone.ged", GED);
    await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    const id = await rawJobId("rizk-gone.ged");
    const [{ file_path: key }] = await server.ds.query(`SELECT file_path FROM import_jobs WHERE id = $1`, [id]);
    await rm(join(storageDir, key));
    await loseStaging(id);
    const failed = await waitForJob(server, user.token, up.id!, ["failed"], 30_000);
    expect(failed.errorMessage).toBe(
      "The import stopped because the database restarted, and its file is no longer here. Nothing was written; upload the file again.",
    );
    expect(failed.canRetry).toBe(false);
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1`, [user.id]);
    expect(n).toBe(0);
  }, 60_000);
});
