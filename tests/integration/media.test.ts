import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import exifReader from "exif-reader";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { loadConfig } from "../../server/src/config.js";
import { createSession } from "../../server/src/modules/accounts/sessions.service.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { advanceAndRun, HOUR, MINUTE, TestClock } from "../support/clock.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { FIXTURES, portraitWithGps, processAll, uploadMedia } from "../support/media.js";
import { startS3, type TestS3 } from "../support/s3.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Pictures end to end: upload through `POST /api/media`, checks by content, processing on the
 * scheduler (sizes without metadata), content-addressed storage, signed expiring links that follow
 * the person's access rule, village photos reviewed by curators, limits, and clean-up.
 */
let server: TestServer;
let storageDir: string;
const clock = new TestClock();
const MAX_BYTES = 400_000;
const QUOTA = 1_000_000;
beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), "roots-media-"));
  server = await startTestServer(
    { STORAGE_DIR: storageDir, MEDIA_MAX_BYTES: String(MAX_BYTES), MEDIA_QUOTA_BYTES: String(QUOTA), MEDIA_URL_TTL_SECONDS: "3600" },
    { clock },
  );
});
afterAll(() => server.stop());

const member = () => buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock });
const storedFiles = (): string[] => {
  const dir = join(storageDir, "media");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
};
const counts = async () => {
  const [row]: { media: number; files: number }[] = await server.ds.query(
    `SELECT (SELECT count(*)::int FROM media) AS media, (SELECT count(*)::int FROM media_files) AS files`,
  );
  return row;
};

const PORTRAIT = `portrait { id status kind image { width height src srcSet jpegSrcSet thumb large } }`;
async function portraitOf(personId: string, token?: string) {
  const res = await server.gql<{ person: { portrait: null | { status: string; image: Record<string, string | number> | null } } }>(
    `query ($id: ID!) { person(id: $id) { ${PORTRAIT} } }`,
    { id: personId },
    { token },
  );
  return res.data?.person?.portrait ?? null;
}
const fetchLink = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

describe("a portrait", () => {
  let owner: BuiltUser;
  let person: string;
  beforeAll(async () => {
    owner = await member();
    person = await buildPerson(server, owner, { fullName: "Rania Maalouf", birthDate: "1985" });
  });

  it("is checked, stored and processed on the scheduler into sizes without EXIF or GPS, upright", async () => {
    const photo = portraitWithGps();
    // The fixture really carries GPS and a rotation.
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(exifReader(before.exif!).GPSInfo?.GPSLatitude).toEqual([33, 50, 46.08]);

    const up = await uploadMedia(server, owner.token, person, "portrait", photo);
    expect(up.status).toBe(201);
    expect(fromGlobalId(up.body.id!)?.type).toBe("Media");
    expect((await portraitOf(person, owner.token))?.status).toBe("PROCESSING");

    await processAll(server);
    const portrait = await portraitOf(person, owner.token);
    expect(portrait?.status).toBe("READY");
    // 767×1200 stored on its side: upright it is 1200 wide.
    expect(portrait?.image).toMatchObject({ width: 1200, height: 767 });

    for (const path of [portrait!.image!.src, portrait!.image!.thumb, portrait!.image!.large] as string[]) {
      const res = await fetchLink(path);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.width!).toBeGreaterThan(meta.height!);
      expect(bytes.includes(Buffer.from("RootsTestCam"))).toBe(false);
    }
    const src = await fetchLink(portrait!.image!.src as string);
    expect(src.headers.get("content-type")).toBe("image/jpeg");
    expect(src.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
    const again = await fetchLink(portrait!.image!.src as string, { "if-none-match": src.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(String(portrait!.image!.srcSet)).toMatch(/ 160w, .* 480w, .* 1200w$/);
    // The upload's own bytes (with their GPS) are gone once the sizes exist.
    expect(storedFiles()).not.toContain("original");
  });

  it("uploaded twice is stored once; a new portrait replaces the old one", async () => {
    const other = await buildPerson(server, owner, { fullName: "Elias Maalouf", birthDate: "1950" });
    const before = await counts();
    const up = await uploadMedia(server, owner.token, other, "portrait", portraitWithGps());
    expect(up.status).toBe(201);
    await processAll(server);
    const after = await counts();
    expect(after.files).toBe(before.files);
    expect(after.media).toBe(before.media + 1);
    expect((await portraitOf(other, owner.token))?.status).toBe("READY");

    const second = await uploadMedia(
      server,
      owner.token,
      other,
      "portrait",
      await sharp(portraitWithGps()).rotate().jpeg({ quality: 70 }).toBuffer(),
    );
    expect(second.status).toBe(201);
    const rows: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM media WHERE person_id = $1`, [
      fromGlobalId(other)!.id,
    ]);
    expect(rows[0].n).toBe(1);
  });
});

/** A picture of noise (nothing compresses it away), to cut short; small for GIF, whose palette is slow to make from noise. */
const noise = (width: number) =>
  sharp({ create: { width, height: width, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 40 } } });

describe("bad input is refused with a translated reason and stores nothing", () => {
  let owner: BuiltUser;
  let person: string;
  beforeAll(async () => {
    owner = await member();
    person = await buildPerson(server, owner, { fullName: "Youssef Karam", birthDate: "1823", deathDate: "1889" });
  });

  const refusals: [string, () => Promise<Uint8Array>, number, string][] = [
    ["a PHP script named .jpg", async () => Buffer.from("<?php system($_GET['c']); ?>\n"), 415, "media.file_type"],
    ["an HTML page", async () => Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"), 415, "media.file_type"],
    [
      "an SVG with script",
      async () =>
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`),
      415,
      "media.file_type",
    ],
    [
      "a decompression bomb (225 megapixels in a 27 KB PNG)",
      async () => readFileSync(join(FIXTURES, "bomb-225mp.png")),
      415,
      "media.too_many_pixels",
    ],
    ["a truncated photo", async () => portraitWithGps().subarray(0, 40_000), 415, "media.incomplete"],
    // Cut short, in every accepted format (found from the file's structure, without decoding it).
    ...(["png", "webp", "gif", "avif", "tiff"] as const).map((format): [string, () => Promise<Uint8Array>, number, string] => [
      `a truncated ${format.toUpperCase()}`,
      async () => {
        const whole = await noise(format === "gif" ? 40 : 160)
          .toFormat(format)
          .toBuffer();
        return whole.subarray(0, Math.floor(whole.length * 0.6));
      },
      415,
      "media.incomplete",
    ]),
    ["an empty file", async () => new Uint8Array(0), 415, "media.empty_file"],
    ["a file over the size limit", async () => Buffer.concat([portraitWithGps(), Buffer.alloc(MAX_BYTES)]), 413, "media.too_large"],
  ];

  it.each(refusals)("%s", async (_name, make, status, key) => {
    const bytes = await make();
    await processAll(server);
    const before = await counts();
    const filesBefore = storedFiles().length;
    const res = await uploadMedia(server, owner.token, person, "photo", bytes, "ar");
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(key);
    // In the reader's language (Arabic here).
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await counts()).toEqual(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it("an upload to someone else's person, or by a visitor", async () => {
    const stranger = await member();
    const before = await counts();
    const res = await uploadMedia(server, stranger.token, person, "portrait", portraitWithGps());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("errors.forbidden");
    expect((await uploadMedia(server, null, person, "portrait", portraitWithGps())).status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("an upload over the member's quota; the allowance shows what is used", async () => {
    const u = await member();
    const p = await buildPerson(server, u, { fullName: "Nadia Haddad", birthDate: "1900", deathDate: "1980" });
    const distinct = (n: number) =>
      sharp({
        create: { width: 600, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 + n } },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
    let used = 0;
    for (let i = 0; ; i++) {
      const bytes = await distinct(i);
      const res = await uploadMedia(server, u.token, p, "photo", bytes);
      if (res.status !== 201) {
        expect(res.status).toBe(413);
        expect(res.body.error).toBe("media.quota_full");
        break;
      }
      used += bytes.length;
      expect(i).toBeLessThan(20);
    }
    const allowance = await server.gql<{ mediaAllowance: Record<string, number> }>(
      `{ mediaAllowance { usedBytes quotaBytes maxFileBytes uploadsPerHour uploadsLeft } }`,
      {},
      { token: u.token },
    );
    expect(allowance.data!.mediaAllowance).toMatchObject({
      usedBytes: used,
      quotaBytes: QUOTA,
      maxFileBytes: MAX_BYTES,
      uploadsPerHour: 60,
    });
    expect(allowance.data!.mediaAllowance.uploadsLeft).toBeLessThan(60);
  });
});

describe("a living person's portrait follows the same rule as their name", () => {
  let owner: BuiltUser;
  let person: string;
  let src: string;
  beforeAll(async () => {
    owner = await member();
    const village = await buildVillage(server, "Zahle");
    person = await buildPerson(server, owner, { fullName: "Maya Khoury", birthDate: "1992", villageId: village.id });
    expect((await uploadMedia(server, owner.token, person, "portrait", portraitWithGps())).status).toBe(201);
    await processAll(server);
    src = (await portraitOf(person, owner.token))!.image!.src as string;
  });

  it("is refused to a visitor, another member and another village's curator", async () => {
    const otherCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock });
    const elsewhere = await buildVillage(server, "Ehden");
    await assignCurator(server.ds, otherCurator.id, [elsewhere.raw]);
    for (const token of [undefined, (await member()).token, otherCurator.token]) {
      expect(await portraitOf(person, token)).toBeNull();
    }
  });

  it("has links that cannot be guessed or altered, and expire", async () => {
    expect((await fetchLink(src)).status).toBe(200);
    const url = new URL(src, server.url);
    const forged = new URL(url);
    forged.searchParams.set("s", "A".repeat(32));
    expect((await fetchLink(forged.pathname + forged.search)).status).toBe(404);
    const longer = new URL(url);
    longer.searchParams.set("e", String(Number(url.searchParams.get("e")) + 86_400));
    expect((await fetchLink(longer.pathname + longer.search)).status).toBe(404);
    expect((await fetchLink(url.pathname)).status).toBe(404);
    clock.advance(2 * HOUR);
    expect((await fetchLink(src)).status).toBe(404);
  });
});

describe("village photos", () => {
  it("wait for a curator before they show, then are public", async () => {
    const village = await buildVillage(server, "Bcharre");
    const uploader = await member();
    const curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock });
    await assignCurator(server.ds, curator.id, [village.raw]);
    const up = await uploadMedia(server, uploader.token, village.id, "photo", portraitWithGps());
    expect(up.status).toBe(201);
    await processAll(server);
    const photos = async (token?: string) =>
      (
        await server.gql<{ node: { photos: { id: string; review: string }[]; waitingPhotos: { id: string }[] } }>(
          `query ($id: ID!) { node(id: $id) { ... on Village { photos { id review } waitingPhotos { id } } } }`,
          { id: village.id },
          { token },
        )
      ).data!.node;
    expect(await photos()).toEqual({ photos: [], waitingPhotos: [] });
    expect((await photos(uploader.token)).waitingPhotos).toEqual([{ id: up.body.id }]);
    expect((await photos(curator.token)).waitingPhotos).toEqual([{ id: up.body.id }]);

    const caption = await server.gql(
      `mutation ($id: ID!) { updateMedia(id: $id, input: { captionAr: "ساحة زحلة", captionEn: "Zahle square", date: "1923" }) { caption date } }`,
      { id: up.body.id },
      { token: uploader.token, language: "ar" },
    );
    expect(caption.data).toEqual({ updateMedia: { caption: "ساحة زحلة", date: "1923" } });
    // The date is read as recorded dates are: "about 1960" in any of the languages, kept as typed;
    // one that cannot be read is refused on its field, in the member's language, nothing changed.
    const dated = async (date: string, language: string) =>
      server.gql<{ updateMedia: { date: string; caption: string } }>(
        `mutation ($id: ID!, $date: String) { updateMedia(id: $id, input: { date: $date }) { date caption } }`,
        { id: up.body.id, date },
        { token: uploader.token, language },
      );
    expect((await dated("about 1960", "en")).data!.updateMedia).toEqual({ date: "about 1960", caption: "Zahle square" });
    expect((await dated("vers 1960", "fr")).data!.updateMedia.date).toBe("vers 1960");
    expect((await dated("حوالي ١٩٦٠", "ar")).data!.updateMedia).toEqual({ date: "حوالي ١٩٦٠", caption: "ساحة زحلة" });
    const unreadable = await dated("the old days", "fr");
    expect(unreadable.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(unreadable.errors?.[0].extensions)).toContain("Cette date est illisible");
    const [{ taken_on }] = await server.ds.query(`SELECT taken_on FROM media WHERE id = $1`, [fromGlobalId(up.body.id!)!.id]);
    expect(taken_on).toBe("حوالي ١٩٦٠");
    const refused = await server.gql(
      `mutation ($id: ID!) { reviewMedia(id: $id, approve: true) { review } }`,
      { id: up.body.id },
      { token: uploader.token },
    );
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const ok = await server.gql(
      `mutation ($id: ID!) { reviewMedia(id: $id, approve: true) { review } }`,
      { id: up.body.id },
      { token: curator.token },
    );
    expect(ok.data).toEqual({ reviewMedia: { review: "APPROVED" } });
    expect((await photos()).photos).toEqual([{ id: up.body.id, review: "APPROVED" }]);
    const image = await server.gql<{ node: { photos: { image: { src: string } }[] } }>(
      `query ($id: ID!) { node(id: $id) { ... on Village { photos { image { src } } } } }`,
      { id: village.id },
    );
    const res = await fetchLink(image.data!.node.photos[0].image.src);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    // The home page's featured villages show it.
    await server.ds.query(`UPDATE villages SET description = 'The cedars above the Qadisha valley.' WHERE id = $1`, [village.raw]);
    const featured = await server.gql<{ featuredVillages: { id: string; photos: { id: string }[] }[] }>(
      `{ featuredVillages(first: 6) { id photos(first: 1) { id } } }`,
    );
    expect(featured.data!.featuredVillages.find((v) => v.id === village.id)?.photos).toEqual([{ id: up.body.id }]);
  });
});

describe("deleting", () => {
  it("a person deletes their pictures; the file stays while another record uses it, then goes", async () => {
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      .jpeg()
      .toBuffer();
    const first = await member();
    const second = await member();
    const a = await buildPerson(server, first, { fullName: "Amin Rizk", birthDate: "1880", deathDate: "1950" });
    const b = await buildPerson(server, second, { fullName: "Salma Rizk", birthDate: "1885", deathDate: "1960" });
    expect((await uploadMedia(server, first.token, a, "portrait", bytes)).status).toBe(201);
    expect((await uploadMedia(server, second.token, b, "document", bytes)).status).toBe(201);
    await processAll(server);
    const [{ sha }]: { sha: string }[] = await server.ds.query(`SELECT file_sha256 AS sha FROM media WHERE person_id = $1`, [
      fromGlobalId(a)!.id,
    ]);
    const filesOf = () => (existsSync(join(storageDir, "media", sha)) ? readdirSync(join(storageDir, "media", sha)) : []);
    expect(filesOf().length).toBeGreaterThan(0);
    const del = (id: string, token: string) => server.gql(`mutation ($id: ID!) { deletePerson(id: $id) }`, { id }, { token });

    expect((await del(a, first.token)).errors).toBeUndefined();
    // The hourly collection runs (an hour on the server's clock) and keeps the file the other person uses.
    await advanceAndRun(server, HOUR + MINUTE);
    expect(filesOf().length).toBeGreaterThan(0);
    expect(await server.ds.query(`SELECT 1 FROM media_files WHERE sha256 = $1`, [sha])).toHaveLength(1);

    // The member's session token ran out during that hour: a new one.
    const session = await createSession(server.ds, second.id, {
      client: { ip: "127.0.0.1", userAgent: "test" },
      config: loadConfig({}),
      clock,
    });
    expect((await del(b, session.accessToken)).errors).toBeUndefined();
    await advanceAndRun(server, HOUR + MINUTE);
    expect(await server.ds.query(`SELECT 1 FROM media_files WHERE sha256 = $1`, [sha])).toHaveLength(0);
    expect(filesOf()).toEqual([]);
  });
});

describe("merging two records of one person", () => {
  it("moves the merged record's pictures to the kept one; the kept portrait stays the portrait, the other joins the photos", async () => {
    const owner = await member();
    const keep = await buildPerson(server, owner, { fullName: "Boutros Khoury", birthDate: "1850", deathDate: "1920" });
    const dup = await buildPerson(server, owner, { fullName: "Boutros Khouri", birthDate: "1850", deathDate: "1920" });
    const colour = (r: number) =>
      sharp({ create: { width: 200, height: 200, channels: 3, background: { r, g: 80, b: 80 } } })
        .jpeg()
        .toBuffer();
    expect((await uploadMedia(server, owner.token, keep, "portrait", await colour(10))).status).toBe(201);
    expect((await uploadMedia(server, owner.token, dup, "portrait", await colour(200))).status).toBe(201);
    expect((await uploadMedia(server, owner.token, dup, "document", await colour(120))).status).toBe(201);
    await processAll(server);
    const merged = await server.gql(
      `mutation ($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`,
      { k: keep, m: dup },
      { token: owner.token },
    );
    expect(merged.errors).toBeUndefined();
    const kinds: { kind: string }[] = await server.ds.query(`SELECT kind FROM media WHERE person_id = $1 ORDER BY kind`, [
      fromGlobalId(keep)!.id,
    ]);
    expect(kinds.map((k) => k.kind)).toEqual(["document", "photo", "portrait"]);
  });
});

describe("on S3-compatible storage", () => {
  let s3: TestS3;
  let s3Server: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    s3Server = await startTestServer({
      STORAGE_BACKEND: "s3",
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      MEDIA_UPLOADS_PER_HOUR: "2",
    });
  });
  afterAll(async () => {
    await s3Server.stop();
    await s3.stop();
  });

  it("stores, processes and serves a portrait the same way; uploads past the hourly number are refused", async () => {
    const owner = await buildUser(s3Server.ds, { roles: [{ role: Role.MEMBER }] });
    const person = await buildPerson(s3Server, owner, { fullName: "Charbel Aoun", birthDate: "1870", deathDate: "1940" });
    expect((await uploadMedia(s3Server, owner.token, person, "portrait", portraitWithGps())).status).toBe(201);
    await processAll(s3Server);
    const res = await s3Server.gql<{ person: { portrait: { image: { src: string } } } }>(
      `query ($id: ID!) { person(id: $id) { portrait { image { src } } } }`,
      { id: person },
      { token: owner.token },
    );
    const image = await fetch(`${s3Server.url}${res.data!.person.portrait.image.src}`);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(480);

    expect((await uploadMedia(s3Server, owner.token, person, "photo", portraitWithGps())).status).toBe(201);
    const third = await uploadMedia(s3Server, owner.token, person, "photo", portraitWithGps());
    expect(third.status).toBe(429);
    expect(third.body.error).toBe("media.upload_rate");
  });
});
