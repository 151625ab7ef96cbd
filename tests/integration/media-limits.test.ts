import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildRootspaces } from "../factories/rootspaces.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { buildPerson, buildVillage, gid } from "../support/genealogy.js";
import { uploadImport } from "../support/imports.js";
import { processAll, uploadMedia } from "../support/media.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Limits an attacker tries to slip past: quotas under parallel uploads (pictures and import
 * files), the rootspace of a village upload, and pictures whose data is damaged (accepted from
 * their header and structure, failed by the processing job, and then no longer counted).
 */
let server: TestServer;
const MEDIA_QUOTA = 300_000;
const IMPORT_QUOTA = 1_000_000;
beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-media-limits-")),
    MEDIA_QUOTA_BYTES: String(MEDIA_QUOTA),
    MEDIA_UPLOADS_PER_HOUR: "100",
    IMPORT_QUOTA_BYTES: String(IMPORT_QUOTA),
    IMPORT_UPLOADS_PER_HOUR: "100",
    // Jobs run when a test says (processAll), so what an upload counts before its processing can be read.
    JOBS_WORK: "false",
  });
});
afterAll(() => server.stop());

const member = () => buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
/** A picture of noise of about `bytes` (nothing compresses it away). */
async function picture(bytes: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt(bytes / 3.05));
  return sharp({
    create: { width: side, height: side, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 50 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
const stored = async (userId: string) => {
  const [row]: { n: string }[] = await server.ds.query(`SELECT coalesce(sum(bytes), 0) AS n FROM media WHERE uploaded_by = $1`, [userId]);
  return Number(row.n);
};
const usedBytes = async (u: BuiltUser) =>
  (await server.gql<{ mediaAllowance: { usedBytes: number } }>(`{ mediaAllowance { usedBytes } }`, {}, { token: u.token })).data!
    .mediaAllowance.usedBytes;

describe("quotas under parallel uploads", () => {
  it("20 pictures at once never pass the member's picture quota", async () => {
    const u = await member();
    const person = await buildPerson(server, u, { fullName: "Rami Saab", birthDate: "1960" });
    const bytes = await picture(58_000);
    expect(bytes.length).toBeGreaterThan(50_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => uploadMedia(server, u.token, person, "photo", bytes)));
    const accepted = answers.filter((a) => a.status === 201).length;
    expect(accepted).toBe(Math.floor(MEDIA_QUOTA / bytes.length));
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 413 && a.body.error === "media.quota_full")).toBe(true);
    expect(await stored(u.id)).toBeLessThanOrEqual(MEDIA_QUOTA);
    // Nothing stays reserved once they are done.
    expect(await server.ds.query(`SELECT 1 FROM upload_reservations WHERE user_id = $1`, [u.id])).toEqual([]);
  });

  it("8 import files at once never pass the member's import quota", async () => {
    const u = await member();
    const note = Array.from({ length: 3_700 }, (_, i) => `1 NOTE ${"x".repeat(70)} ${i}`);
    const file = gedcom551("0 @I1@ INDI", "1 NAME Elias /Haddad/", ...note);
    expect(Buffer.byteLength(file)).toBeGreaterThan(290_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => uploadImport(server, u.token, "gedcom", "tree.ged", file)));
    const accepted = answers.filter((a) => a.status === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted * Buffer.byteLength(file)).toBeLessThanOrEqual(IMPORT_QUOTA);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 413 && a.error === "ingestion.quota_full")).toBe(true);
    expect(await server.ds.query(`SELECT 1 FROM upload_reservations WHERE user_id = $1`, [u.id])).toEqual([]);
  });

  it("a refused upload gives its reservation back", async () => {
    const u = await member();
    const person = await buildPerson(server, u, { fullName: "Hala Saab", birthDate: "1962" });
    const refused = await uploadMedia(server, u.token, person, "photo", Buffer.from("not a picture at all"));
    expect(refused.status).toBe(415);
    expect(await server.ds.query(`SELECT 1 FROM upload_reservations WHERE user_id = $1`, [u.id])).toEqual([]);
    // The whole quota is still there.
    const big = await picture(MEDIA_QUOTA - 30_000);
    expect(big.length).toBeLessThanOrEqual(MEDIA_QUOTA);
    expect((await uploadMedia(server, u.token, person, "photo", big)).status).toBe(201);
  });
});

describe("a village upload", () => {
  it("is scoped to the request's rootspace, like an upload to a person", async () => {
    const [other] = await buildRootspaces(server.ds, 1, { prefix: "elsewhere" });
    const [v]: { id: string }[] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, slug) VALUES (gen_random_uuid(), $1, 'Faraway', 'faraway') RETURNING id`,
      [other],
    );
    const u = await member();
    const bytes = await picture(20_000);
    const without = await uploadMedia(server, u.token, gid("Village", v.id), "photo", bytes);
    expect([without.status, without.body.error]).toEqual([404, "errors.not_found"]);
    const res = await fetch(`${server.url}/api/media?target=${gid("Village", v.id)}&kind=photo`, {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}`, "x-rootspace": other, "content-type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });
    expect(res.status).toBe(201);
    // A village of the default rootspace, from it, as before.
    const home = await buildVillage(server, "Deir el Qamar");
    expect((await uploadMedia(server, u.token, home.id, "photo", bytes)).status).toBe(201);
    expect(await server.ds.query(`SELECT 1 FROM media WHERE village_id = $1`, [v.id])).toHaveLength(1);
  });
});

describe("a picture whose data is damaged but whose structure is whole", () => {
  it("is accepted without being decoded, failed by the processing job, and then no longer counted", async () => {
    const u = await member();
    const person = await buildPerson(server, u, { fullName: "Nadim Saab", birthDate: "1990" });
    const png = await picture(100_000);
    const damaged = Buffer.from(png);
    damaged[png.indexOf("IDAT") + 4 + 5_000] ^= 0xff;
    const up = await uploadMedia(server, u.token, person, "photo", damaged);
    expect(up.status).toBe(201);
    expect(await usedBytes(u)).toBe(damaged.length);
    await processAll(server);
    const [file]: { status: string }[] = await server.ds.query(
      `SELECT f.status FROM media m JOIN media_files f ON f.sha256 = m.file_sha256 WHERE m.uploaded_by = $1`,
      [u.id],
    );
    expect(file.status).toBe("failed");
    expect(await usedBytes(u)).toBe(0);
  });
});
