import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { zipSync } from "fflate";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUser } from "../factories/users.js";
import { corpusFile } from "../gedcom/helpers.js";
import { buildPerson } from "../support/genealogy.js";
import { exportTree, importConfirmed } from "../support/imports.js";
import { portraitWithGps, processAll, uploadMedia } from "../support/media.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * GEDCOM and pictures: a GEDZIP's images become its people's pictures (portrait first, a file
 * the GEDCOM marks confidential as a document), its files come back byte for byte, and pictures
 * uploaded in Roots leave in exports as OBJE records, with their files in a GEDZIP.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-media-gedcom-")), IMPORT_POLL_MS: "100" });
});
afterAll(() => server.stop());

const readZip = async (body: Buffer) => {
  const { readGedzip } = await import("../../server/src/modules/ingestion/gedcom/index.js");
  const files = new Map<string, Buffer>();

  for await (const ev of readGedzip(
    (async function* () {
      yield body;
    })(),
  )) {
    if (ev.type === "media") files.set(ev.path, Buffer.from(ev.data));
  }
  const { unzipSync } = await import("fflate");
  const text = Buffer.from(unzipSync(new Uint8Array(body))["gedcom.ged"]).toString("utf8");
  return { files, text };
};

const portraitQuery = `query ($id: ID!) { person(id: $id) { portrait { status caption image { src } } media { kind } } }`;

describe("a GEDZIP's pictures", () => {
  it("become the people's pictures, processed, and come back byte for byte in the export", async () => {
    const user = await buildUser(server.ds);
    const photo = portraitWithGps();
    const gedcom = [
      "0 HEAD",
      "1 GEDC",
      "2 VERS 7.0",
      "0 @I1@ INDI",
      "1 NAME Amine /Gemayel/",
      "1 BIRT",
      "2 DATE 1880",
      "1 DEAT",
      "2 DATE 1950",
      "1 OBJE @O1@",
      "0 @O1@ OBJE",
      "1 FILE media/amine%20portrait.jpg",
      "2 FORM image/jpeg",
      "3 MEDI PHOTO",
      "2 TITL Amine in Bikfaya",
      "0 TRLR",
      "",
    ].join("\n");
    const archive = Buffer.from(zipSync({ "gedcom.ged": Buffer.from(gedcom), "media/amine portrait.jpg": photo }));
    const job = await importConfirmed(server, user.token, "gemayel.gdz", archive);
    await processAll(server);
    const res = await server.gql<{ person: { portrait: { status: string; caption: string; image: { src: string } } } }>(
      portraitQuery,
      { id: job.firstPersonId },
      { token: user.token },
    );
    expect(res.data!.person.portrait).toMatchObject({ status: "READY", caption: "Amine in Bikfaya" });
    // Served without its EXIF, like an upload.
    const served = Buffer.from(await (await fetch(`${server.url}${res.data!.person.portrait.image.src}`)).arrayBuffer());
    expect(served.includes(Buffer.from("RootsTestCam"))).toBe(false);

    const out = await exportTree(server, user.token, "scope=mine&format=gdz");
    expect(out.status).toBe(200);
    const { files, text } = await readZip(out.body);
    expect(files.get("media/amine portrait.jpg")?.equals(photo)).toBe(true);
    expect(text).toContain("1 FILE media/amine%20portrait.jpg");
  }, 120_000);

  it("maximal70.gdz: its image links to its person, as a document since the GEDCOM marks it confidential; every file comes back", async () => {
    const user = await buildUser(server.ds);
    const original = readFileSync(corpusFile("familysearch-gedcom7/testfiles/gedcom70/maximal70.gdz"));
    const job = await importConfirmed(server, user.token, "maximal70.gdz", original);
    await processAll(server);
    const res = await server.gql<{ person: { portrait: unknown; media: { kind: string }[] } }>(
      portraitQuery,
      { id: job.firstPersonId },
      { token: user.token },
    );
    expect(res.data!.person.portrait).toBeNull();
    expect(res.data!.person.media).toEqual([{ kind: "DOCUMENT" }]);
    const { unzipSync } = await import("fflate");
    const before = unzipSync(new Uint8Array(original));
    const { files } = await readZip((await exportTree(server, user.token, "scope=mine&format=gdz")).body);
    for (const [path, bytes] of Object.entries(before)) {
      if (path === "gedcom.ged" || path.endsWith("/")) continue;
      expect(files.get(path)?.equals(Buffer.from(bytes))).toBe(true);
    }
  }, 120_000);
});

describe("pictures uploaded in Roots", () => {
  it("leave in a GEDCOM export as OBJE records linked from the person, and in a GEDZIP with their files", async () => {
    const user = await buildUser(server.ds);
    const person = await buildPerson(server, user, { fullName: "Rafic Haddad", birthDate: "1901", deathDate: "1977" });
    const up = await uploadMedia(server, user.token, person, "portrait", portraitWithGps());
    expect(up.status).toBe(201);
    await server.gql(
      `mutation ($id: ID!) { updateMedia(id: $id, input: { captionEn: "Rafic at the port" }) { id } }`,
      { id: up.body.id },
      { token: user.token },
    );
    await processAll(server);

    const ged = (await exportTree(server, user.token, "scope=mine")).body.toString("utf8");
    const pointer = /1 OBJE (@M\d+@)/.exec(ged)?.[1];
    expect(pointer).toBeDefined();
    expect(ged).toMatch(
      new RegExp(`0 ${pointer} OBJE\\r?\\n1 FILE (media/[0-9a-f]{24}\\.jpg)\\r?\\n2 FORM image/jpeg\\r?\\n2 TITL Rafic at the port`),
    );
    const path = /1 FILE (media\/[0-9a-f]{24}\.jpg)/.exec(ged)![1];

    const { files } = await readZip((await exportTree(server, user.token, "scope=mine&format=gdz")).body);
    const jpeg = files.get(path);
    expect(jpeg).toBeDefined();
    // The processed picture (no metadata), not the upload with its GPS.
    expect(jpeg!.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(jpeg!.includes(Buffer.from("RootsTestCam"))).toBe(false);

    // The 5.5.1 form names it as well.
    const legacy = (await exportTree(server, user.token, "scope=mine&version=5.5.1")).body.toString("utf8");
    expect(legacy).toMatch(/1 OBJE @M\d+@/);
    expect(legacy).toContain(path);
  }, 120_000);
});
