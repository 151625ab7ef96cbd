/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { importConfirmed, uploadImport, waitForJob } from "../support/imports.js";
import { buildPerson, gid } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-merge-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
  member = await buildUser(server.ds);
});
afterAll(() => server.stop());

const importFile = async (user: BuiltUser, name: string, body: Buffer): Promise<string> =>
  (await importConfirmed(server, user.token, name, body)).id;

async function exportMine(user: BuiltUser): Promise<string> {
  const res = await fetch(`${server.url}/api/exports/tree?scope=mine&version=5.5.1`, {
    headers: { "accept-language": "en", authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The records of a GEDCOM text by their level-0 line, each with its lines. */
const records = (text: string): string[][] => text.split(/\r?\n(?=0 )/).map((r) => r.split(/\r?\n/).filter(Boolean));

describe("merging an imported person into the member's own record", () => {
  it("the file's records of the merged person and its family now stand for the kept person on export", async () => {
    const own = await buildPerson(server, member, { fullName: "Youssef Haddad", birthDate: "1900", deathDate: "1970" });
    const wife = await buildPerson(server, member, { fullName: "Rose Haddad", birthDate: "1905", deathDate: "1980" });
    await server.gql(
      `mutation($a: ID!, $b: ID!) { addUnion(input: { personId: $a, partnerId: $b }) { id } }`,
      { a: own, b: wife },
      { token: member.token },
    );
    await importFile(
      member,
      "haddad.ged",
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Youssef /Haddad/",
        "1 BIRT",
        "2 DATE 1900",
        "1 NOTE Came from Zahle.",
        "1 FAMS @F1@",
        "0 @I2@ INDI",
        "1 NAME Maroun /Haddad/",
        "1 BIRT",
        "2 DATE 1930",
        "1 FAMC @F1@",
        "0 @I3@ INDI",
        "1 NAME Rose /Haddad/",
        "1 BIRT",
        "2 DATE 1905",
        "1 FAMS @F1@",
        "0 @F1@ FAM",
        "1 HUSB @I1@",
        "1 WIFE @I3@",
        "1 MARR",
        "2 DATE 1928",
        "2 PLAC Zahle",
        "1 CHIL @I2@",
      ),
    );
    const rawId = (globalId: string) => Buffer.from(globalId, "base64url").toString().split(":")[1];
    const imported = async (name: string) =>
      (
        await server.ds.query(`SELECT id FROM people WHERE created_by = $1 AND full_name = $2 AND id <> ALL($3)`, [
          member.id,
          name,
          [rawId(own), rawId(wife)],
        ])
      )[0].id as string;
    for (const [keep, name] of [
      [own, "Youssef Haddad"],
      [wife, "Rose Haddad"],
    ]) {
      const merged = await server.gql<any>(
        `mutation($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`,
        { k: keep, m: gid("Person", await imported(name)) },
        { token: member.token },
      );
      expect(merged.errors).toBeUndefined();
    }
    const out = records(await exportMine(member));
    const indi = out.filter((r) => / INDI$/.test(r[0]));
    const fams = out.filter((r) => / FAM$/.test(r[0]));
    expect(indi).toHaveLength(3);
    // One family: the file's own, with both parents, its marriage and the child; no second family of the same couple.
    expect(fams).toHaveLength(1);
    const xref = (name: RegExp) => indi.find((r) => r.some((l) => name.test(l)))![0].split(" ")[1];
    expect(fams[0]).toEqual(
      expect.arrayContaining([
        `1 HUSB ${xref(/NAME Youssef/)}`,
        `1 WIFE ${xref(/NAME Rose/)}`,
        `1 CHIL ${xref(/NAME Maroun/)}`,
        "1 MARR",
        "2 DATE 1928",
        "2 PLAC Zahle",
      ]),
    );
    expect(fams[0].join("\n")).not.toMatch(/VOID/);
    // The merged person's notes from the file stay with the kept person.
    expect(indi.find((r) => r.some((l) => /NAME Youssef/.test(l)))).toContain("1 NOTE Came from Zahle.");
  }, 60_000);

  it("after the import, each likely duplicate gives the person it became and whether the member may merge it into the one it looks like", async () => {
    const user = await buildUser(server.ds);
    const other = await buildUser(server.ds);
    const ownKhalil = await buildPerson(server, user, { fullName: "Khalil Aoun", birthDate: "1880", deathDate: "1950" });
    const othersNajib = await buildPerson(server, other, { fullName: "Najib Aoun", birthDate: "1885", deathDate: "1960" });
    const up = await uploadImport(
      server,
      user.token,
      "gedcom",
      "aoun.ged",
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Khalil /Aoun/",
        "1 BIRT",
        "2 DATE 1880",
        "0 @I2@ INDI",
        "1 NAME Najib /Aoun/",
        "1 BIRT",
        "2 DATE 1885",
      ),
    );
    const records = async () => {
      const res = await server.gql<any>(
        `query($id: ID!) { importRecords(jobId: $id, filter: "duplicates") { edges { node { key canMerge duplicate { id } person { id displayName } } } } }`,
        { id: up.id },
        { token: user.token },
      );
      expect(res.errors).toBeUndefined();
      return Object.fromEntries(res.data.importRecords.edges.map((e: any) => [e.node.key, e.node]));
    };
    await waitForJob(server, user.token, up.id!, ["review"], 60_000);
    // Before the commit nothing is written yet: nothing to merge.
    expect(await records()).toEqual({
      "@I1@": { key: "@I1@", canMerge: false, duplicate: { id: ownKhalil }, person: null },
      "@I2@": { key: "@I2@", canMerge: false, duplicate: { id: othersNajib }, person: null },
    });
    await server.gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: up.id }, { token: user.token });
    await waitForJob(server, user.token, up.id!, ["done"], 60_000);
    const done = await records();
    // The member's own record may take the imported one; another member's may not.
    expect(done["@I1@"]).toMatchObject({ canMerge: true, duplicate: { id: ownKhalil }, person: { displayName: "Khalil Aoun" } });
    expect(done["@I2@"]).toMatchObject({ canMerge: false, duplicate: { id: othersNajib }, person: { displayName: "Najib Aoun" } });
    const refused = await server.gql<any>(
      `mutation($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`,
      { k: othersNajib, m: done["@I2@"].person.id },
      { token: user.token },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const merged = await server.gql<any>(
      `mutation($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`,
      { k: ownKhalil, m: done["@I1@"].person.id },
      { token: user.token },
    );
    expect(merged.data.mergePeople.id).toBe(ownKhalil);
    // Merged: the imported record is gone, nothing left to merge.
    expect((await records())["@I1@"]).toMatchObject({ canMerge: false, person: null });
    // Another member cannot read the job's records.
    const stranger = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "duplicates") { totalCount } }`,
      { id: up.id },
      { token: other.token },
    );
    expect(stranger.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  }, 60_000);
});

describe("re-importing after a merge", () => {
  const merge = async (user: BuiltUser, keep: string, gone: string) => {
    const res = await server.gql<any>(
      `mutation($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`,
      { k: gid("Person", keep), m: gid("Person", gone) },
      { token: user.token },
    );
    expect(res.errors).toBeUndefined();
  };
  const people = async (user: BuiltUser) =>
    (await server.ds.query(
      `SELECT id, full_name AS name, birth_date_text AS birth FROM people WHERE created_by = $1 ORDER BY created_at, id`,
      [user.id],
    )) as { id: string; name: string; birth: string | null }[];

  it("another file with the merged person's _UID updates the kept person instead of adding them again", async () => {
    const user = await buildUser(server.ds);
    const own = Buffer.from(await buildPerson(server, user, { fullName: "Rafic Nasr", birthDate: "1900" }), "base64url")
      .toString()
      .split(":")[1];
    await importFile(
      user,
      "nasr-a.ged",
      gedcom551("0 @I1@ INDI", "1 NAME Rafic /Nasr/", "1 BIRT", "2 DATE 1900", "1 _UID 5F2C1B0E-0000-4000-8000-00000000A001"),
    );
    await merge(user, own, (await people(user))[1].id);
    const up = await uploadImport(
      server,
      user.token,
      "gedcom",
      "nasr-b.ged",
      gedcom551(
        "0 @X7@ INDI",
        "1 NAME Rafic /Nasr/",
        "1 BIRT",
        "2 DATE 1900",
        "2 PLAC Zahle",
        "1 _UID 5F2C1B0E-0000-4000-8000-00000000A001",
      ),
    );
    const review = await waitForJob(server, user.token, up.id!, ["review"], 60_000);
    expect(review.counts.updates).toBe(1);
    await server.gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: up.id }, { token: user.token });
    await waitForJob(server, user.token, up.id!, ["done"], 60_000);
    expect(await people(user)).toEqual([{ id: own, name: "Rafic Nasr", birth: "1900" }]);
  }, 60_000);

  it("the same file again, after two of its people were merged, updates the kept one from the first of them", async () => {
    const user = await buildUser(server.ds);
    const file = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Sami /Nasr/",
      "1 BIRT",
      "2 DATE 1900",
      "0 @I2@ INDI",
      "1 NAME Sami /Nasr/",
      "1 BIRT",
      "2 DATE ABT 1900",
    );
    await importFile(user, "sami.ged", file);
    const [first, second] = await people(user);
    await merge(user, first.id, second.id);
    await importFile(user, "sami.ged", file);
    expect(await people(user)).toEqual([{ id: first.id, name: "Sami Nasr", birth: "1900" }]);
  }, 60_000);
});

describe("a done import's staged rows", () => {
  it("are pruned a while after it is done; its refused records (the report) and likely duplicates (merging) stay", async () => {
    const user = await buildUser(server.ds);
    const own = await buildPerson(server, user, { fullName: "Georges Karam", birthDate: "1890", deathDate: "1960" });
    const jobId = await importFile(
      user,
      "karam.ged",
      gedcom551(
        "0 @I1@ INDI",
        "1 NAME Georges /Karam/",
        "1 BIRT",
        "2 DATE 1890",
        "1 FAMS @F1@",
        "0 @I2@ INDI",
        "1 NAME Elie /Karam/",
        "1 BIRT",
        "2 DATE 1895",
        "1 FAMC @F1@", // five years younger than his father: refused link
        "0 @I3@ INDI",
        "1 NAME Nadia /Karam/",
        "1 BIRT",
        "2 DATE 1920",
        "0 @F1@ FAM",
        "1 HUSB @I1@",
        "1 CHIL @I2@",
      ),
    );
    const [job] = await server.ds.query(`SELECT id FROM import_jobs WHERE file_name = 'karam.ged' AND user_id = $1`, [user.id]);
    const staged = async () =>
      (await server.ds.query(`SELECT kind, local_key AS key FROM import_staged WHERE job_id = $1 ORDER BY seq`, [job.id])) as {
        kind: string;
        key: string;
      }[];
    expect((await staged()).length).toBeGreaterThan(3);
    // Not yet: kept whole for a week.
    await new Promise((r) => setTimeout(r, 300));
    expect((await staged()).length).toBeGreaterThan(3);
    await server.ds.query(`UPDATE import_jobs SET finished_at = now() - interval '8 days' WHERE id = $1`, [job.id]);
    for (let i = 0; i < 100; i++) {
      const [{ pruned }] = await server.ds.query(`SELECT staged_pruned_at IS NOT NULL AS pruned FROM import_jobs WHERE id = $1`, [job.id]);
      if (pruned) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await staged()).toEqual([]);
    // The duplicate can still be merged from the done page, and the report still has the refusal.
    const all = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id) { totalCount edges { node { kind key } } } }`,
      { id: jobId },
      { token: user.token },
    );
    expect(all.data.importRecords).toEqual({
      totalCount: 2,
      edges: [{ node: { kind: "person", key: "@I1@" } }, { node: { kind: "link", key: null } }],
    });
    const res = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "duplicates") { edges { node { key canMerge duplicate { id } } } } }`,
      { id: jobId },
      { token: user.token },
    );
    expect(res.data.importRecords.edges).toEqual([{ node: { key: "@I1@", canMerge: true, duplicate: { id: own } } }]);
    const report = await fetch(`${server.url}/api/imports/${jobId}/errors.csv`, {
      headers: { authorization: `Bearer ${user.token}`, "accept-language": "en" },
    });
    expect(report.status).toBe(200);
    expect(await report.text()).toMatch(/12 years/);
  }, 60_000);
});
