/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { exportTree, importConfirmed, uploadImport, waitForJob } from "../support/imports.js";
import { buildPerson } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

// A file imported again (changed, or a member's own Roots export), an import cancelled part way,
// and the likely duplicates an import suggests. (Reading files: import-gedcom.test.ts.)

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-gedcom-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
});
afterAll(() => server.stop());

const exportAs = (token: string | null, query: string) => exportTree(server, token, query);

const importFile = (user: BuiltUser, name: string, body: Buffer) => importConfirmed(server, user.token, name, body);

describe("GEDCOM re-import, cancel and duplicates", () => {
  it("a re-import rewrites only the people the file changed", async () => {
    const user = await buildUser(server.ds);
    const version = (born: string) =>
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Antoun /Rizk/",
        "1 BIRT",
        "2 DATE 1880",
        "0 @I2@ INDI",
        "1 NAME Fouad /Rizk/",
        "1 BIRT",
        `2 DATE ${born}`,
        "0 @F1@ FAM",
        "1 HUSB @I1@",
        "1 CHIL @I2@",
      );
    await importFile(user, "rizk.ged", version("1910"));
    const people = async () =>
      (await server.ds.query(`SELECT full_name, birth_date_text, updated_at FROM people WHERE created_by = $1 ORDER BY full_name`, [
        user.id,
      ])) as { full_name: string; birth_date_text: string; updated_at: Date }[];
    const before = await people();
    const done = await importFile(user, "rizk.ged", version("1911"));
    // One person rewritten; the progress still goes through both people and their link.
    expect(done.counts).toMatchObject({ updates: 2, written: 1, committed: 3 });
    const after = await people();
    expect(after.map((p) => [p.full_name, p.birth_date_text])).toEqual([
      ["Antoun Rizk", "1880"],
      ["Fouad Rizk", "1911"],
    ]);
    expect(after[0].updated_at).toEqual(before[0].updated_at);
    expect(after[1].updated_at.getTime()).toBeGreaterThan(before[1].updated_at.getTime());
  }, 60_000);

  it("importing the member's own Roots export back updates the people it came from, under any file name", async () => {
    const user = await buildUser(server.ds);
    // One person recorded in Roots, two from a file without UIDs: the export gives all three their Roots id as UID.
    await buildPerson(server, user, { fullName: "Hanna Daou", gender: "M", birthDate: "1850" });
    await importFile(
      user,
      "daou.ged",
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Youssef /Daou/",
        "1 BIRT",
        "2 DATE 1880",
        "0 @I2@ INDI",
        "1 NAME Maryam /Daou/",
        "0 @F1@ FAM",
        "1 HUSB @I1@",
        "1 CHIL @I2@",
      ),
    );
    const exported = (await exportAs(user.token, "scope=mine")).body.toString("utf8");
    expect(exported.match(/^1 UID /gm)).toHaveLength(3);
    // The member corrects a date in another program and brings the file back.
    const edited = Buffer.from(exported.replace("2 DATE 1880", "2 DATE 1881"));
    const done = await importFile(user, "roots-tree-edited.ged", edited);
    expect(done.counts).toMatchObject({ people: 3, updates: 3, duplicates: 0, written: 1 });
    const people = await server.ds.query(`SELECT full_name, birth_date_text FROM people WHERE created_by = $1 ORDER BY full_name`, [
      user.id,
    ]);
    expect(people).toEqual([
      { full_name: "Hanna Daou", birth_date_text: "1850" },
      { full_name: "Maryam Daou", birth_date_text: null },
      { full_name: "Youssef Daou", birth_date_text: "1881" },
    ]);
    // Someone else's people are never updated by a UID: another member importing the same file gets their own.
    const other = await buildUser(server.ds);
    const theirs = await importFile(other, "roots-tree-edited.ged", edited);
    expect(theirs.counts).toMatchObject({ people: 3, updates: 0 });
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1`, [other.id]);
    expect(n).toBe(3);
  }, 60_000);

  it("keeps a file's records from the moment it is read, counted only once the import is done; a cancel leaves none", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Boulos /Karam/",
      "1 SEX M",
      "1 SOUR @S1@",
      "0 @I2@ INDI",
      "1 NAME Warde /Karam/",
      "1 SEX F",
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I2@",
      "0 @F2@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I9@",
      "1 _NOTE a family whose wife is not in the file",
      "0 @S1@ SOUR",
      "1 TITL Registre de Zgharta",
    );
    const kept = (jobId?: string) =>
      server.ds.query(
        `SELECT tag, xref, record_table FROM kept_records WHERE owner_id = $1 ${jobId ? "AND job_id = $2" : ""} ORDER BY seq`,
        jobId ? [user.id, jobId] : [user.id],
      );
    const exported = async () => (await exportAs(user.token, "scope=mine")).body.toString("utf8");

    const first = await uploadImport(server, user.token, "gedcom", "karam.ged", ged);
    await waitForJob(server, user.token, first.id!, ["review"]);
    expect((await kept()).map((k: any) => k.tag)).toEqual(["INDI", "INDI", "FAM", "FAM", "SOUR"]);
    // Read but not confirmed: the export knows nothing of it.
    expect(await exported()).not.toContain("Registre de Zgharta");
    await server.gql(`mutation($id: ID!) { cancelImport(id: $id) { status } }`, { id: first.id }, { token: user.token });
    expect(await kept()).toEqual([]);

    const second = await uploadImport(server, user.token, "gedcom", "karam.ged", ged);
    await waitForJob(server, user.token, second.id!, ["review"]);
    await server.gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: second.id }, { token: user.token });
    await waitForJob(server, user.token, second.id!, ["done"]);
    // The couple became a union; the family with a missing wife stays a record of the file.
    expect(await kept()).toEqual([
      { tag: "INDI", xref: "@I1@", record_table: "people" },
      { tag: "INDI", xref: "@I2@", record_table: "people" },
      { tag: "FAM", xref: "@F1@", record_table: "unions" },
      { tag: "FAM", xref: "@F2@", record_table: null },
      { tag: "SOUR", xref: "@S1@", record_table: null },
    ]);
    const text = await exported();
    expect(text).toContain("Registre de Zgharta");
    expect(text).toContain("a family whose wife is not in the file");
  }, 60_000);

  it("a re-import that dates a person updates the living cache of their relatives outside the file", async () => {
    const user = await buildUser(server.ds);
    const ged = (birth: string[]) => gedcom551("0 @I1@ INDI", "1 NAME Sarkis /Nakhle/", "1 SEX M", ...birth);
    await importFile(user, "nakhle.ged", ged([]));
    const [{ id: child }] = await server.ds.query(`SELECT id FROM people WHERE created_by = $1`, [user.id]);
    // The member adds Sarkis's father in Roots (not in the file): nothing says he is not living.
    const [{ id: father }] = await server.ds.query(
      `INSERT INTO people (id, rootspace_id, full_name, privacy_settings, created_by) VALUES (gen_random_uuid(), 'lb', 'Hanna Nakhle', '{}', $1) RETURNING id`,
      [user.id],
    );
    await server.ds.query(`INSERT INTO parent_links (id, parent_id, child_id, created_by) VALUES (gen_random_uuid(), $1, $2, $3)`, [
      father,
      child,
      user.id,
    ]);
    const living = async () =>
      (await server.ds.query(`SELECT living_until > current_date AS living FROM people WHERE id = $1`, [father]))[0].living;
    expect(await living()).toBe(true);
    // The file now says Sarkis was born in 1850: his father cannot be living.
    const done = await importFile(user, "nakhle.ged", ged(["1 BIRT", "2 DATE 1850"]));
    expect(done.counts.updates).toBe(1);
    expect(await living()).toBe(false);
    const [{ n }] = await server.ds.query(
      `SELECT count(*)::int AS n FROM people WHERE created_by = $1 AND (living_until > current_date) <> roots_person_living_rule(id, current_date)`,
      [user.id],
    );
    expect(n).toBe(0);
  }, 60_000);

  it("suggests likely duplicates: a person the member may see, same name in either script, born within five years or undated", async () => {
    const user = await buildUser(server.ds);
    const other = await buildUser(server.ds);
    const boutros1850 = await buildPerson(server, other, { fullName: "Boutros Qornet", birthDate: "1850", deathDate: "1910" });
    const boutros1856 = await buildPerson(server, other, { fullName: "Boutros Qornet", birthDate: "1856", deathDate: "1920" });
    const elias1870 = await buildPerson(server, other, { fullName: "Elias Qornet", birthDate: "1870", deathDate: "1930" });
    await buildPerson(server, user, { fullName: "Elias Qornet", birthDate: "1875", deathDate: "1940" });
    await buildPerson(server, other, { fullName: "Hanna Qornet", birthDate: "1990" }); // living: never suggested to another member
    await buildPerson(server, other, { fullName: "Yousef Qornet", birthDate: "1700", deathDate: "1760" });
    const salim = await buildPerson(server, other, { fullName: "Salim Qornet", isDeceased: true });
    const tanios = await buildPerson(server, other, {
      fullName: "Tanios Qornet",
      fullNameAr: "طانيوس قرنة",
      birthDate: "1840",
      deathDate: "1900",
    });
    const maroun = await buildPerson(server, user, { fullName: "Maroun Qornet", birthDate: "1995" }); // living, but the member's own
    // Namesakes a year apart (a family reuses its names): the one born on the same date, or in the same year, not the earliest.
    await buildPerson(server, other, { fullName: "Georges Qornet", birthDate: "1861-03-24", deathDate: "1930" });
    const georges1862 = await buildPerson(server, other, { fullName: "Georges Qornet", birthDate: "1862-03-24", deathDate: "1931" });
    await buildPerson(server, other, { fullName: "Fares Qornet", birthDate: "1880", deathDate: "1950" });
    const fares1881 = await buildPerson(server, other, { fullName: "Fares Qornet", birthDate: "1881-06-05", deathDate: "1951" });
    // "ABT 1881" spans years around 1881: not the same date as a plain 1876 (where its span starts).
    await buildPerson(server, other, { fullName: "Nasri Qornet", birthDate: "1876", deathDate: "1940" });
    const nasri1879 = await buildPerson(server, other, { fullName: "Nasri Qornet", birthDate: "ABT 1881", deathDate: "1941" });
    // Nameless people, as programs write them, are not alike.
    await buildPerson(server, other, { fullName: "Unknown", birthDate: "1850", deathDate: "1900" });
    await buildPerson(server, other, { fullName: "مجهول", birthDate: "1850", deathDate: "1900" });
    await buildPerson(server, other, { fullName: "مجهولة", birthDate: "1850", deathDate: "1900" });
    // A real name made of placeholder letters is a name.
    const nunk = await buildPerson(server, other, { fullName: "Nunk", birthDate: "1850", deathDate: "1900" });
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Boutros /Qornet/",
      "1 BIRT",
      "2 DATE 1855",
      "0 @I2@ INDI",
      "1 NAME Hanna /Qornet/",
      "1 BIRT",
      "2 DATE 1991",
      "0 @I3@ INDI",
      "1 NAME Yousef /Qornet/",
      "1 BIRT",
      "2 DATE 1800",
      "0 @I4@ INDI",
      "1 NAME Salim /Qornet/",
      "1 BIRT",
      "2 DATE 1820",
      "0 @I5@ INDI",
      "1 NAME Maroun /Qornet/",
      "1 BIRT",
      "2 DATE 1996",
      "0 @I6@ INDI",
      "1 NAME Boutros /Qornet/",
      "0 @I7@ INDI",
      "1 NAME طانيوس /قرنة/",
      "1 BIRT",
      "2 DATE 1842",
      "0 @I8@ INDI",
      "1 NAME Elias /Qornet/",
      "1 BIRT",
      "2 DATE 1871",
      "0 @I9@ INDI",
      "1 NAME Georges /Qornet/",
      "1 BIRT",
      "2 DATE 24 MAR 1862",
      "0 @I10@ INDI",
      "1 NAME Fares /Qornet/",
      "1 BIRT",
      "2 DATE 1881",
      "0 @I11@ INDI",
      "1 NAME Unknown /Unknown/",
      "1 BIRT",
      "2 DATE 1850",
      "0 @I12@ INDI",
      "1 NAME Unknown",
      "1 BIRT",
      "2 DATE 1850",
      "0 @I13@ INDI",
      "1 NAME مجهول",
      "1 BIRT",
      "2 DATE 1850",
      "0 @I14@ INDI",
      "1 NAME مجهولة",
      "1 BIRT",
      "2 DATE 1850",
      "0 @I15@ INDI",
      "1 NAME Nunk",
      "1 BIRT",
      "2 DATE 1850",
      "0 @I16@ INDI",
      "1 NAME Nasri /Qornet/",
      "1 BIRT",
      "2 DATE ABT 1881",
    );
    const up = await uploadImport(server, user.token, "gedcom", "qornet.ged", ged);
    const review = await waitForJob(server, user.token, up.id!, ["review"], 60_000);
    expect(review.counts.duplicates).toBe(10);
    const res = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "duplicates") { edges { node { key duplicate { id } } } } }`,
      { id: up.id },
      { token: user.token },
    );
    const found = Object.fromEntries(res.data.importRecords.edges.map((e: any) => [e.node.key, e.node.duplicate.id]));
    expect(found).toEqual({
      "@I1@": boutros1856, // born within a year comes first: 1855 against 1856 and 1850
      "@I4@": salim,
      "@I5@": maroun,
      "@I6@": expect.any(String),
      "@I7@": tanios,
      "@I8@": elias1870, // 1871 against 1870 and 1875
      "@I9@": georges1862,
      "@I10@": fares1881, // 1881 against 5 June 1881 and 1880: the same year
      "@I15@": nunk,
      "@I16@": nasri1879,
    });
    expect([boutros1850, boutros1856]).toContain(found["@I6@"]); // undated: either Boutros
  }, 60_000);
});
