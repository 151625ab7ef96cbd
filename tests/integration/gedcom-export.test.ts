/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { corpusFile, gedcom551 } from "../gedcom/helpers.js";
import { exportTree, importConfirmed, uploadImport, waitForJob } from "../support/imports.js";
import { buildPerson, gid } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/** GEDCOM export (/api/exports/tree): 7.0 and 5.5.1, GEDZIP with media, under the asking person's privacy rules. */
let server: TestServer;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-export-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
  member = await buildUser(server.ds);
  // A member with a tree to export: the royal families of Europe.
  await importFile(member, "royal92.ged", file("public-gedcoms/royal92.ged"));
}, 180_000);
afterAll(() => server.stop());

const file = (rel: string) => readFileSync(corpusFile(rel));
const exportAs = (token: string | null, query: string) => exportTree(server, token, query);
const importFile = (user: BuiltUser, name: string, body: Buffer) => importConfirmed(server, user.token, name, body);

describe("GEDCOM export", () => {
  const tagPaths = async (text: Buffer | string) => {
    const { readGedcomAll } = await import("../../server/src/modules/ingestion/gedcom/index.js");
    const { records } = await readGedcomAll(
      (async function* () {
        yield typeof text === "string" ? Buffer.from(text) : text;
      })(),
      { toV7: true },
    );
    const paths: string[] = [];
    const walk = (n: { tag: string; children: any[] }, prefix: string) => {
      const p = `${prefix}.${n.tag}`;
      paths.push(p);
      for (const c of n.children) walk(c, p);
    };
    for (const r of records) walk(r, "");
    return { records, paths: paths.sort() };
  };

  it("maximal70: every structure survives import → export 7.0 → import", async () => {
    const user = await buildUser(server.ds);
    const original = file("familysearch-gedcom7/testfiles/gedcom70/maximal70.ged");
    await importFile(user, "maximal70.ged", original);
    const out = await exportAs(user.token, "scope=mine");
    expect(out.status).toBe(200);
    const before = await tagPaths(original);
    const after = await tagPaths(out.body);
    const count = (paths: string[], prefix: string) => paths.filter((p) => p.startsWith(prefix)).length;
    expect(after.records.filter((r) => r.tag === "INDI")).toHaveLength(4);
    expect(after.records.filter((r) => r.tag === "FAM")).toHaveLength(2);
    // Every kind of structure of the original is in the export (Roots adds UID, and may add FAMC/FAMS it rebuilds).
    const missing = [...new Set(before.paths)].filter((p) => !after.paths.includes(p) && !p.startsWith(".HEAD") && !p.startsWith(".TRLR"));
    expect(missing).toEqual([]);
    for (const tag of ["SOUR", "OBJE", "REPO", "SNOTE", "SUBM"]) expect(count(after.paths, `.${tag}`)).toBe(count(before.paths, `.${tag}`));
    // And importing the export again gives the same people and families.
    const again = await buildUser(server.ds);
    const done = await importFile(again, "roundtrip.ged", out.body);
    expect(done.counts).toMatchObject({ people: 4 });
  }, 120_000);

  it("writes GEDCOM 5.5.1 on request", async () => {
    const out = await exportAs(member.token, "scope=mine&version=5.5.1");
    const text = out.body.toString("utf8");
    expect(text).toContain("2 VERS 5.5.1");
    expect(text.split(/\r?\n/).every((l) => l.length <= 255)).toBe(true);
    expect(text).toContain("Victoria");
  }, 120_000);

  it("a visitor's export of a family line contains no living person's details", async () => {
    const owner = await buildUser(server.ds);
    const sheet = ["Id,Name,Birth date,Father", "1,Elias Old Haddad,1880,", "2,Youssef Living Haddad,1985,1"].join("\n");
    const up = await uploadImport(server, owner.token, "spreadsheet", "line.csv", sheet);
    await waitForJob(server, owner.token, up.id!, ["review"]);
    await server.gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: up.id }, { token: owner.token });
    await waitForJob(server, owner.token, up.id!, ["done"]);
    const [{ id }] = await server.ds.query(`SELECT id FROM people WHERE full_name = 'Elias Old Haddad'`);
    const personId = Buffer.from(`Person:${id}`).toString("base64url");
    const visitor = (await exportAs(null, `scope=person&person=${personId}`)).body.toString("utf8");
    expect(visitor).toContain("Elias Old Haddad");
    expect(visitor).not.toContain("Youssef");
    expect(visitor).not.toContain("1985");
    expect(visitor).toContain("1 NAME Private");
    const mine = (await exportAs(owner.token, `scope=person&person=${personId}`)).body.toString("utf8");
    expect(mine).toContain("Youssef Living Haddad");
    expect((await exportAs(null, "scope=mine")).status).toBe(401);
  }, 60_000);

  it("writes the events recorded in Roots once each, beside those of the file, and none of a person the viewer may not see", async () => {
    const user = await buildUser(server.ds);
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Tanios /Rizk/",
      "1 SEX M",
      "1 BIRT",
      "2 DATE 1870",
      "1 BAPM",
      "2 DATE 3 APR 1870",
      "2 PLAC Ehden",
      "0 @I2@ INDI",
      "1 NAME Hanne /Rizk/",
      "1 SEX F",
      "1 BIRT",
      "2 DATE 1875",
    );
    await importFile(user, "rizk.ged", ged);
    const ids = Object.fromEntries(
      (await server.ds.query(`SELECT full_name, id FROM people WHERE created_by = $1`, [user.id])).map((r: any) => [
        r.full_name,
        gid("Person", r.id),
      ]),
    );
    const living = await buildPerson(server, user, { fullName: "Joseph Rizk", birthDate: "1990" });
    const create = async (input: Record<string, unknown>) => {
      const res = await server.gql(
        `mutation ($input: EventInput!) { createEvent(input: $input) { id } }`,
        { input },
        { token: user.token },
      );
      expect(res.errors).toBeUndefined();
    };
    await create({ type: "BURIAL", date: "1931", place: "Ehden", primaryPersonId: ids["Tanios Rizk"] });
    await create({
      type: "MARRIAGE",
      date: "1895",
      place: "Zgharta",
      primaryPersonId: ids["Tanios Rizk"],
      secondaryPersonId: ids["Hanne Rizk"],
    });
    await create({ type: "OTHER", title: "Left for Brazil", date: "1899", primaryPersonId: ids["Tanios Rizk"] });
    await create({ type: "EMIGRATION", date: "2012", place: "Montreal", primaryPersonId: living });

    const mine = (await exportAs(user.token, "scope=mine")).body.toString("utf8");
    const { records } = await tagPaths(mine);
    const tanios = records.find((r) => r.tag === "INDI" && r.children.some((c: any) => c.tag === "NAME" && c.value.includes("Tanios")))!;
    const line = (n: any) => `${n.tag} ${(n.children as any[]).map((c) => `${c.tag}=${c.value}`).join(" ")}`.trim();
    expect(tanios.children.filter((c: any) => ["BAPM", "BURI", "EVEN"].includes(c.tag)).map(line)).toEqual([
      "BAPM DATE=3 APR 1870 PLAC=Ehden", // from the file, once
      "EVEN TYPE=Left for Brazil DATE=1899", // recorded in Roots, in the order they happened
      "BURI DATE=1931 PLAC=Ehden",
    ]);
    const fams = records.filter((r) => r.tag === "FAM");
    expect(fams).toHaveLength(1);
    expect(fams[0].children.filter((c: any) => c.tag === "MARR").map(line)).toEqual(["MARR DATE=1895 PLAC=Zgharta"]);
    expect(mine).toContain("Montreal");
    // A visitor: the living man is Private, his emigration is not written.
    const visitor = (await exportAs(null, `scope=person&person=${living}`)).body.toString("utf8");
    expect(visitor).toContain("1 NAME Private");
    expect(visitor).not.toContain("Montreal");
    expect(visitor).not.toContain("EMIG");
  }, 60_000);

  it("GEDZIP: maximal70.gdz media come back in the exported archive", async () => {
    const user = await buildUser(server.ds);
    await importFile(user, "maximal70.gdz", file("familysearch-gedcom7/testfiles/gedcom70/maximal70.gdz"));
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM kept_media WHERE owner_id = $1`, [user.id]);
    expect(n).toBeGreaterThan(0);
    const out = await exportAs(user.token, "scope=mine&format=gdz");
    const { readGedzip } = await import("../../server/src/modules/ingestion/gedcom/index.js");
    let media = 0;
    let people = 0;
    for await (const ev of readGedzip(
      (async function* () {
        yield out.body;
      })(),
    )) {
      if (ev.type === "media") media++;
      if (ev.type === "record" && ev.record.tag === "INDI") people++;
    }
    expect({ media, people }).toEqual({ media: n, people: 4 });
  }, 120_000);
});
