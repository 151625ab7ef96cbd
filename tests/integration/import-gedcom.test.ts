/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { corpusFile, gedcom551 } from "../gedcom/helpers.js";
import { parentsOf, syntheticGedcom } from "../gedcom/synthetic.js";
import { exportTree, importConfirmed, uploadImport, waitForJob } from "../support/imports.js";
import { buildPerson, gid } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-gedcom-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
  member = await buildUser(server.ds);
});
afterAll(() => server.stop());

const file = (rel: string) => readFileSync(corpusFile(rel));

const exportAs = (token: string | null, query: string) => exportTree(server, token, query);

const importFile = (user: BuiltUser, name: string, body: Buffer) => importConfirmed(server, user.token, name, body);

describe("GEDCOM import", () => {
  it("imports royal92.ged: every individual and family, links between them, every record kept", async () => {
    const done = await importFile(member, "royal92.ged", file("public-gedcoms/royal92.ged"));
    expect(done.counts.people).toBe(3010);
    const [row] = await server.ds.query(
      `SELECT (SELECT count(*)::int FROM people WHERE created_by = $1) AS people,
              (SELECT count(*)::int FROM kept_records WHERE owner_id = $1 AND tag = 'INDI') AS indi,
              (SELECT count(*)::int FROM kept_records WHERE owner_id = $1 AND tag = 'FAM') AS fam,
              (SELECT count(*)::int FROM parent_links WHERE created_by = $1) AS links`,
      [member.id],
    );
    expect(row).toMatchObject({ people: 3010, indi: 3010, fam: 1422 });
    expect(row.links).toBeGreaterThan(2000);
    const [victoria] = await server.ds.query(
      `SELECT full_name, gender, birth_date_text FROM people WHERE created_by = $1 AND full_name = 'Victoria Hanover'`,
      [member.id],
    );
    expect(victoria).toEqual({ full_name: "Victoria Hanover", gender: "F", birth_date_text: "24 MAY 1819" });
  }, 180_000);

  it("imports a generated tree of 12,000 people across several COPY batches: every person, couple and parent link, no rule broken", async () => {
    const user = await buildUser(server.ds);
    const parts: Uint8Array[] = [];
    for await (const c of syntheticGedcom(12_000)) parts.push(c);
    const done = await importFile(user, "synthetic.ged", Buffer.concat(parts));
    // 12,000 people, 6,000 couples, and two birth parents for everyone with a family record.
    let children = 0;
    for (let i = 1; i <= 12_000; i++) if (parentsOf(i) !== null) children++;
    expect(children).toBeGreaterThan(1_900);
    expect(done.counts).toMatchObject({ people: 12_000, unions: 6_000, links: 2 * children, errors: 0 });
    const [row] = await server.ds.query(
      `SELECT (SELECT count(*)::int FROM people WHERE created_by = $1) AS people,
              (SELECT count(*)::int FROM unions WHERE created_by = $1) AS unions,
              (SELECT count(*)::int FROM parent_links WHERE created_by = $1) AS links,
              (SELECT count(*)::int FROM kept_records WHERE owner_id = $1) AS kept`,
      [user.id],
    );
    expect(row).toEqual({ people: 12_000, unions: 6_000, links: 2 * children, kept: 18_000 });
  }, 180_000);

  it("leaves the living cache right: the undated parents of a child born in 1850, married in 1845, are not living", async () => {
    const kin = await buildUser(server.ds);
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Tanios /Saade/",
      "1 SEX M",
      "0 @I2@ INDI",
      "1 NAME Mariam /Saade/",
      "1 SEX F",
      "0 @I3@ INDI",
      "1 NAME Elias /Saade/",
      "1 SEX M",
      "1 BIRT",
      "2 DATE 1850",
      "0 @I4@ INDI",
      "1 NAME Rita /Haddad/",
      "1 SEX F",
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I2@",
      "1 CHIL @I3@",
      "1 MARR",
      "2 DATE 1845",
    );
    await importFile(kin, "kin.ged", ged);
    const rows = await server.ds.query(
      `SELECT full_name, living_until > current_date AS living FROM people WHERE created_by = $1 ORDER BY full_name`,
      [kin.id],
    );
    expect(rows).toEqual([
      { full_name: "Elias Saade", living: false }, // born more than 110 years ago
      { full_name: "Mariam Saade", living: false }, // a child born, a marriage, more than 98 years ago
      { full_name: "Rita Haddad", living: true }, // nothing says otherwise
      { full_name: "Tanios Saade", living: false },
    ]);
    const [{ n }] = await server.ds.query(
      `SELECT count(*)::int AS n FROM people WHERE (living_until > current_date) <> roots_person_living_rule(id, current_date)`,
    );
    expect(n).toBe(0);
  }, 180_000);

  it("publishes how far the file is read: bytes read, growing, never past the file's size", async () => {
    const user = await buildUser(server.ds);
    const parts: Uint8Array[] = [];
    // Large enough to be read for a second or so: the subscription starts after the upload.
    for await (const c of syntheticGedcom(8_000)) parts.push(c);
    const body = Buffer.concat(parts);
    const client = server.ws({ token: user.token });
    const up = await uploadImport(server, user.token, "gedcom", "progress.ged", body);
    const reads: number[] = [];
    const sizes = new Set<number>();
    const reviewed = new Promise<void>((resolve) => {
      client.subscribe<any>(
        { query: `subscription($id: ID!) { importJobUpdated(id: $id) { status fileSize counts { read } } }`, variables: { id: up.id } },
        {
          next: (v) => {
            const job = v.data?.importJobUpdated;
            sizes.add(job.fileSize);
            if (job.status === "parsing") reads.push(job.counts.read);
            if (job.status === "review") resolve();
          },
          error: () => resolve(),
          complete: () => resolve(),
        },
      );
    });
    await waitForJob(server, user.token, up.id!, ["review"], 60_000);
    await reviewed;
    await client.dispose();
    expect([...sizes]).toEqual([body.length]);
    // Some part-way, then the whole file once read (the review's checks follow).
    expect(reads.some((r) => r > 0 && r < body.length)).toBe(true);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    expect(reads.at(-1)).toBe(body.length);
  }, 60_000);

  it("shows a person's shared notes and cited sources from the file to those who may see their life", async () => {
    const user = await buildUser(server.ds);
    const other = await buildUser(server.ds);
    await importFile(
      user,
      "daher-notes.ged",
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Hanna /Daher/",
        "1 BIRT",
        "2 DATE 1850",
        "2 SOUR @S2@",
        "3 PAGE Entry 41",
        "1 DEAT",
        "2 DATE 1910",
        "1 NOTE @N1@",
        "1 SOUR @S1@",
        "0 @I2@ INDI",
        "1 NAME Rita /Daher/",
        "1 BIRT",
        "2 DATE 1990",
        "1 NOTE @N2@",
        "0 @N1@ NOTE Kept the mill at Qannoubine.",
        "1 CONT Sold it in 1898.",
        "0 @N2@ NOTE Lives in Montreal.",
        "0 @S1@ SOUR",
        "1 TITL Parish register of Ehden",
        "0 @S2@ SOUR",
        "1 ABBR Baptisms 1850",
      ),
    );
    const [hanna, rita] = (await server.ds.query(`SELECT id FROM people WHERE created_by = $1 ORDER BY full_name`, [user.id])).map(
      (r: { id: string }) => gid("Person", r.id),
    );
    const fromFiles = async (token: string, id: string) =>
      (await server.gql<any>(`query($id: ID!) { person(id: $id) { fromFiles { notes sources } } }`, { id }, { token })).data.person
        .fromFiles;
    // The shared note with its lines; the sources by title (else abbreviation), cited on the person or on a fact, in file order.
    expect(await fromFiles(user.token, hanna)).toEqual({
      notes: ["Kept the mill at Qannoubine.\nSold it in 1898."],
      sources: ["Parish register of Ehden", "Baptisms 1850"],
    });
    // A living person's notes only to whoever may see their whole record.
    expect(await fromFiles(user.token, rita)).toEqual({ notes: ["Lives in Montreal."], sources: [] });
    expect(await fromFiles(other.token, rita)).toEqual({ notes: [], sources: [] });
    // The dead man's file records, like his own notes, to any member.
    expect((await fromFiles(other.token, hanna)).notes).toHaveLength(1);
  }, 60_000);

  it("updates instead of duplicating when the same file is imported again", async () => {
    const done = await importFile(member, "royal92.ged", file("public-gedcoms/royal92.ged"));
    expect(done.counts.updates).toBe(3010);
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1`, [member.id]);
    expect(n).toBe(3010);
    const [kept] = await server.ds.query(
      `SELECT count(*) FILTER (WHERE tag = 'INDI')::int AS indi, count(*) FILTER (WHERE tag = 'FAM')::int AS fam FROM kept_records WHERE owner_id = $1`,
      [member.id],
    );
    expect(kept).toEqual({ indi: 3010, fam: 1422 });
    // The export has each family once, not once per import.
    const text = (await exportAs(member.token, "scope=mine")).body.toString("utf8");
    expect(text.match(/^0 @[^@]+@ FAM/gm)).toHaveLength(1422);
  }, 180_000);

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

  it("reads the willis file in ASCII, ANSEL, UTF-8 and UTF-16 to the same people with the same names", async () => {
    const variants = [
      "willis-ascii.ged",
      "willis-ansel.ged",
      "willis.ged",
      "willis-unicode-littleendian.ged",
      "willis-unicode-bigendian.ged",
    ];
    const names: string[][] = [];
    for (const v of variants) {
      const user = await buildUser(server.ds);
      await importFile(user, v, file(`gedcom4j-samples/${v}`));
      const rows: { full_name: string }[] = await server.ds.query(
        `SELECT full_name FROM people WHERE created_by = $1 ORDER BY full_name, id`,
        [user.id],
      );
      names.push(rows.map((r) => r.full_name));
    }
    expect(names[0]).toHaveLength(761);
    for (const other of names.slice(1)) expect(other).toEqual(names[0]);
  }, 300_000);

  it("links an adopted child as adopted, whether its record comes before or after the family", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Boutros /Haddad/",
      "1 SEX M",
      "1 BIRT",
      "2 DATE 1900",
      "0 @I2@ INDI",
      "1 NAME Nada /Haddad/",
      "1 SEX F",
      "1 BIRT",
      "2 DATE 1902",
      "0 @I3@ INDI",
      "1 NAME Elias /Haddad/",
      "1 BIRT",
      "2 DATE 1930",
      "1 FAMC @F1@",
      "2 PEDI adopted",
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I2@",
      "1 CHIL @I3@",
      "1 CHIL @I4@",
      "1 CHIL @I5@",
      "0 @I4@ INDI",
      "1 NAME Rita /Haddad/",
      "1 BIRT",
      "2 DATE 1932",
      "1 FAMC @F1@",
      "2 PEDI foster",
      "0 @I5@ INDI",
      "1 NAME Salma /Haddad/",
      "1 BIRT",
      "2 DATE 1934",
      "1 FAMC @F1@",
    );
    await importFile(user, "adopted.ged", ged);
    const rows: { name: string; kind: string; n: number }[] = await server.ds.query(
      `SELECT c.full_name AS name, l.kind, count(*)::int AS n FROM parent_links l JOIN people c ON c.id = l.child_id
        WHERE l.created_by = $1 GROUP BY 1, 2 ORDER BY 1`,
      [user.id],
    );
    expect(rows).toEqual([
      { name: "Elias Haddad", kind: "adoptive", n: 2 },
      { name: "Rita Haddad", kind: "unknown", n: 2 },
      { name: "Salma Haddad", kind: "birth", n: 2 },
    ]);
  }, 60_000);

  it("writes a link or a couple the file repeats once", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Fouad /Karam/",
      "1 SEX M",
      "1 BIRT",
      "2 DATE 1900",
      "0 @I2@ INDI",
      "1 NAME Laure /Karam/",
      "1 SEX F",
      "1 BIRT",
      "2 DATE 1902",
      "0 @I3@ INDI",
      "1 NAME Sami /Karam/",
      "1 BIRT",
      "2 DATE 1930",
      "1 FAMC @F1@",
      "2 PEDI adopted",
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I2@",
      "1 MARR",
      "1 CHIL @I3@",
      "1 CHIL @I3@",
      "0 @F2@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I2@",
      "1 MARR",
      "2 DATE 1925",
    );
    const done = await importFile(user, "karam.ged", ged);
    expect(done.status).toBe("done");
    const [row] = await server.ds.query(
      `SELECT (SELECT count(*)::int FROM parent_links WHERE created_by = $1) AS links, (SELECT count(*)::int FROM unions WHERE created_by = $1) AS unions`,
      [user.id],
    );
    expect(row).toEqual({ links: 2, unions: 1 });
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

  it("refuses a file that is not GEDCOM with a clear reason, and keeps nothing", async () => {
    const up = await uploadImport(
      server,
      member.token,
      "gedcom",
      "photo.ged",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    );
    const job = await waitForJob(server, member.token, up.id!, ["failed"]);
    expect(job.errorMessage).toBe("This is not a text file (it looks like an image or a program), so it cannot be a GEDCOM file.");
    const plain = await uploadImport(server, member.token, "gedcom", "notes.ged", "Dear cousin, here is our family history.\n");
    const job2 = await waitForJob(server, member.token, plain.id!, ["failed"]);
    expect(job2.errorMessage).toContain("0 HEAD");
    // Reading it again would fail the same way: no retry is offered, and none is run.
    expect([job.canRetry, job2.canRetry]).toEqual([false, false]);
    const retry = await server.gql<any>(`mutation($id: ID!) { retryImport(id: $id) { status } }`, { id: up.id }, { token: member.token });
    expect(retry.errors?.[0].message).toBe(
      "Reading this file again would fail the same way: correct the file, or export it again from your program, and upload it.",
    );
  });
});
