/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { importConfirmed } from "../support/imports.js";
import { gid } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-fams-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
});
afterAll(() => server.stop());

/** The records of a GEDCOM text by their level-0 line, each with its lines. */
const records = (text: string): string[][] => text.split(/\r?\n(?=0 )/).map((r) => r.split(/\r?\n/).filter(Boolean));

describe("an imported family on export", () => {
  it("keeps what the file said, drops a link deleted in Roots since, and writes no family left with no one", async () => {
    const user = await buildUser(server.ds);
    const done = await importConfirmed(
      server,
      user.token,
      "saab.ged",
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Youssef /Saab/",
        "1 BIRT",
        "2 DATE 1900",
        "1 FAMS @F1@",
        "0 @I2@ INDI",
        "1 NAME Elias /Saab/",
        "1 BIRT",
        "2 DATE 1905",
        "1 FAMC @F1@", // five years younger: the link is refused
        "0 @I3@ INDI",
        "1 NAME Jamil /Saab/",
        "1 BIRT",
        "2 DATE 1930",
        "1 FAMC @F1@",
        "0 @I4@ INDI",
        "1 NAME Nabil /Saab/",
        "1 BIRT",
        "2 DATE 1932",
        "1 FAMC @F1@",
        "1 FAMS @F2@",
        "0 @F1@ FAM",
        "1 HUSB @I1@",
        "1 CHIL @I2@",
        "1 CHIL @I3@",
        "1 CHIL @I4@",
        "1 NOTE The Saab of Zahle",
        "0 @F2@ FAM",
        "1 CHIL @I99@", // nobody of the file
      ),
    );
    const people = new Map<string, string>(
      (await server.ds.query(`SELECT full_name, id FROM people WHERE created_by = $1`, [user.id])).map(
        (r: { full_name: string; id: string }) => [r.full_name, r.id],
      ),
    );
    // The done page opens the tree at the file's first person.
    expect(done.firstPersonId).toBe(gid("Person", people.get("Youssef Saab")!));
    // The member deletes Nabil's father in Roots.
    const removed = await server.gql<any>(
      `mutation ($c: ID!, $p: ID!) { removeParent(childId: $c, parentId: $p) { id } }`,
      { c: gid("Person", people.get("Nabil Saab")!), p: gid("Person", people.get("Youssef Saab")!) },
      { token: user.token },
    );
    expect(removed.errors).toBeUndefined();

    for (const version of ["7.0", "5.5.1"]) {
      const res = await fetch(`${server.url}/api/exports/tree?scope=mine&version=${version}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const recs = records(await res.text());
      const xref = (name: string) => recs.find((r) => r.includes(`1 NAME ${name}`))![0].split(" ")[1];
      const fams = recs.filter((r) => / FAM$/.test(r[0]));
      // One family: Youssef's; the file's family of nobody is not written.
      expect(fams).toHaveLength(1);
      const [fam] = fams;
      expect(fam).toContain(`1 HUSB ${xref("Youssef /Saab/")}`);
      // Elias stays (the file said so; the import refused the link and said why), Jamil stays, Nabil left.
      expect(fam.filter((l) => l.startsWith("1 CHIL"))).toEqual([`1 CHIL ${xref("Elias /Saab/")}`, `1 CHIL ${xref("Jamil /Saab/")}`]);
      expect(fam).toContain("1 NOTE The Saab of Zahle");
      const famc = (name: string) => recs.find((r) => r.includes(`1 NAME ${name}`))!.filter((l) => l.startsWith("1 FAMC"));
      expect(famc("Elias /Saab/")).toEqual([`1 FAMC ${fam[0].split(" ")[1]}`]);
      expect(famc("Nabil /Saab/")).toEqual([]);
      // Nabil's kept FAMS to the family of nobody went with it.
      expect(recs.find((r) => r.includes("1 NAME Nabil /Saab/"))!.some((l) => l.startsWith("1 FAMS"))).toBe(false);
    }
  }, 60_000);

  it("writes a 5.5.1 date on one line, even one the file broke over two", async () => {
    const user = await buildUser(server.ds);
    await importConfirmed(
      server,
      user.token,
      "broken.ged",
      gedcom551("0 @I1@ INDI", "1 NAME Rose /Kanaan/", "1 BIRT", "2 DATE 31 FEB 1899", "this line is broken"),
    );
    const res = await fetch(`${server.url}/api/exports/tree?scope=mine&version=5.5.1`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const [indi] = records(await res.text()).filter((r) => r[0].endsWith(" INDI"));
    const at = indi.findIndex((l) => l.startsWith("2 DATE"));
    expect(indi[at]).toBe("2 DATE (31 FEB 1899 this line is broken)");
    expect(indi[at + 1]).not.toMatch(/^3 CONT/);
  }, 60_000);
});
