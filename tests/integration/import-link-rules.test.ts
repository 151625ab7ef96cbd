/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { confirmAndWait, uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-rules-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
});
afterAll(() => server.stop());

const person = (xref: string, name: string, born?: number, ...more: string[]) => [
  `0 @${xref}@ INDI`,
  `1 NAME ${name}`,
  ...(born ? ["1 BIRT", `2 DATE ${born}`] : []),
  ...more,
];

describe("the tree's rules on a file's relationships", () => {
  it("refuses a too-young parent, a third birth parent, a cycle and a missing person; adoptive parents are no birth parents", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551(
      ...person("I1", "Boutros /Haddad/", 1900),
      ...person("I2", "Nada /Haddad/", 1902),
      ...person("I3", "Elias /Haddad/", 1930),
      ...person("I4", "Yousef /Khoury/", 1898),
      ...person("I5", "Maryam /Khoury/", 1899),
      ...person("I6", "Tanios /Saad/", 1950),
      ...person("I7", "Semaan /Saad/", 1955),
      ...person("I8", "Gerges /Rizk/"),
      ...person("I9", "Hanna /Rizk/"),
      ...person("I10", "Fouad /Karam/", 1900),
      ...person("I11", "Laure /Karam/", 1902),
      ...person("I12", "Sami /Karam/", 1930, "1 FAMC @F7@", "2 PEDI adopted"),
      ...person("I13", "Antoun /Aoun/", 1901),
      ...person("I14", "Rose /Aoun/", 1903),
      // Elias's birth parents, then a second pair of birth parents for him: refused.
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I2@",
      "1 CHIL @I3@",
      "0 @F2@ FAM",
      "1 HUSB @I4@",
      "1 WIFE @I5@",
      "1 CHIL @I3@",
      // A father five years older than his son.
      "0 @F3@ FAM",
      "1 HUSB @I6@",
      "1 CHIL @I7@",
      // A child who is not in the file.
      "0 @F4@ FAM",
      "1 HUSB @I1@",
      "1 CHIL @I99@",
      // Gerges is Hanna's father and Hanna is Gerges's.
      "0 @F5@ FAM",
      "1 HUSB @I8@",
      "1 CHIL @I9@",
      "0 @F6@ FAM",
      "1 HUSB @I9@",
      "1 CHIL @I8@",
      // Sami was adopted by the Karam and born to the Aoun: four parents, two of them by birth.
      "0 @F7@ FAM",
      "1 HUSB @I10@",
      "1 WIFE @I11@",
      "1 CHIL @I12@",
      "0 @F8@ FAM",
      "1 HUSB @I13@",
      "1 WIFE @I14@",
      "1 CHIL @I12@",
    );
    const up = await uploadImport(server, user.token, "gedcom", "rules.ged", ged);
    const review = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(review.counts).toMatchObject({ people: 14, links: 6, errors: 6 });
    const records = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "errors") { edges { node { line errors } } } }`,
      { id: up.id },
      { token: user.token },
    );
    expect(records.data.importRecords.edges.map((e: any) => e.node.errors.join(" ")).sort()).toEqual([
      "A parent must be at least 12 years older than the child.",
      "A person cannot be their own ancestor.",
      "A person cannot be their own ancestor.",
      "This child already has two birth parents.",
      "This child already has two birth parents.",
      "This relationship points to a person who is not imported.",
    ]);
    await confirmAndWait(server, user.token, up.id!);
    const links: { parent: string; child: string; kind: string }[] = await server.ds.query(
      `SELECT p.full_name AS parent, c.full_name AS child, l.kind FROM parent_links l JOIN people p ON p.id = l.parent_id JOIN people c ON c.id = l.child_id
        WHERE l.created_by = $1 ORDER BY 1, 2`,
      [user.id],
    );
    expect(links).toEqual([
      { parent: "Antoun Aoun", child: "Sami Karam", kind: "birth" },
      { parent: "Boutros Haddad", child: "Elias Haddad", kind: "birth" },
      { parent: "Fouad Karam", child: "Sami Karam", kind: "adoptive" },
      { parent: "Laure Karam", child: "Sami Karam", kind: "adoptive" },
      { parent: "Nada Haddad", child: "Elias Haddad", kind: "birth" },
      { parent: "Rose Aoun", child: "Sami Karam", kind: "birth" },
    ]);
  }, 60_000);

  it("keeps the links of a loop that only a link refused by another rule closed", async () => {
    const user = await buildUser(server.ds);
    // Wadih is Nabil's father; the file also makes Nabil, born thirty years after him, Wadih's father.
    const ged = gedcom551(
      ...person("I1", "Wadih /Sfeir/", 1900),
      ...person("I2", "Nabil /Sfeir/", 1930),
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 CHIL @I2@",
      "0 @F2@ FAM",
      "1 HUSB @I2@",
      "1 CHIL @I1@",
    );
    const up = await uploadImport(server, user.token, "gedcom", "loop.ged", ged);
    const review = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(review.counts).toMatchObject({ people: 2, links: 1, errors: 1 });
    // The refused link names its two people, and points to its CHIL line.
    const chilLine = ged.toString("utf8").split(/\r?\n/).indexOf("1 CHIL @I1@") + 1;
    const records = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "errors") { edges { node { line ends errors } } } }`,
      { id: up.id },
      { token: user.token },
    );
    expect(records.data.importRecords.edges.map((e: any) => e.node)).toEqual([
      { line: chilLine, ends: ["Nabil Sfeir", "Wadih Sfeir"], errors: ["A parent must be at least 12 years older than the child."] },
    ]);
    // The error report says the same, and tells refused records from warnings.
    const report = await fetch(`${server.url}/api/imports/${up.id}/errors.csv`, {
      headers: { authorization: `Bearer ${user.token}`, "accept-language": "en" },
    });
    expect(
      (await report.text())
        .replace(/^\uFEFF/, "")
        .split(/\r?\n/)
        .slice(0, 2),
    ).toEqual([
      "Line,Kind,Record,Problem",
      `${chilLine},Refused,"Nabil Sfeir, parent of Wadih Sfeir",A parent must be at least 12 years older than the child.`,
    ]);
    // Once done (and the staged records gone), the names are the file's, kept with the refusal:
    // never the tree's, where a person may since have become someone the member may not see.
    await confirmAndWait(server, user.token, up.id!);
    await server.ds.query(`DELETE FROM import_staged WHERE job_id = (SELECT id FROM import_jobs WHERE user_id = $1)`, [user.id]);
    await server.ds.query(`UPDATE people SET full_name = 'Someone Else' WHERE created_by = $1`, [user.id]);
    const done = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "errors") { edges { node { ends } } } }`,
      { id: up.id },
      { token: user.token },
    );
    expect(done.data.importRecords.edges.map((e: any) => e.node.ends)).toEqual([["Nabil Sfeir", "Wadih Sfeir"]]);
  }, 60_000);

  it("counts a child's birth parents once each, and not one missing from the file", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551(
      ...person("I1", "Antoun /Nasr/", 1930),
      ...person("I2", "Boulos /Nasr/", 1900),
      ...person("I3", "Warde /Nasr/", 1902),
      // The father's family lists the child twice, a family names a father not in the file, then the mother's.
      "0 @F1@ FAM",
      "1 HUSB @I2@",
      "1 CHIL @I1@",
      "1 CHIL @I1@",
      "0 @F2@ FAM",
      "1 HUSB @I98@",
      "1 CHIL @I1@",
      "0 @F3@ FAM",
      "1 WIFE @I3@",
      "1 CHIL @I1@",
    );
    const up = await uploadImport(server, user.token, "gedcom", "nasr.ged", ged);
    const review = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(review.counts).toMatchObject({ people: 3, errors: 1 });
    await confirmAndWait(server, user.token, up.id!);
    const parents = await server.ds.query(
      `SELECT p.full_name AS parent, l.kind FROM parent_links l JOIN people p ON p.id = l.parent_id WHERE l.created_by = $1 ORDER BY 1`,
      [user.id],
    );
    expect(parents).toEqual([
      { parent: "Boulos Nasr", kind: "birth" },
      { parent: "Warde Nasr", kind: "birth" },
    ]);
  }, 60_000);

  it("links to the first row of a repeated id in a spreadsheet, and refuses only the repeat", async () => {
    const user = await buildUser(server.ds);
    const csv = ["Ref,Name,Father,Mother", "a,Elias Haddad,b,c", "b,Gerges Haddad,,", "b,Gerges Haddad Again,,", "c,Maryam Haddad,,"].join(
      "\n",
    );
    const up = await uploadImport(server, user.token, "spreadsheet", "repeat.csv", csv);
    const review = await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    expect(review.counts).toMatchObject({ people: 3, links: 2, errors: 1 });
    await confirmAndWait(server, user.token, up.id!);
    const links = await server.ds.query(
      `SELECT p.full_name AS parent, c.full_name AS child FROM parent_links l JOIN people p ON p.id = l.parent_id JOIN people c ON c.id = l.child_id WHERE l.created_by = $1 ORDER BY 1`,
      [user.id],
    );
    expect(links).toEqual([
      { parent: "Gerges Haddad", child: "Elias Haddad" },
      { parent: "Maryam Haddad", child: "Elias Haddad" },
    ]);
  }, 60_000);
});
