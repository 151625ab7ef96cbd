import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { diskBytes, importConfirmed, uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Uploads cannot fill the disk or the memory: a member's uploads an hour and bytes waiting are
 * bounded, refused files go at once and retryable ones after a window, a member deletes their
 * stopped imports, a zip bomb and text that is not GEDCOM are refused early with their reason.
 */
let server: TestServer;
let storageDir: string;
const QUOTA = 5_000_000;
beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), "roots-limits-"));
  server = await startTestServer({
    STORAGE_DIR: storageDir,
    IMPORT_POLL_MS: "50",
    IMPORT_PROGRESS_MS: "50",
    IMPORT_UPLOADS_PER_HOUR: "6",
    IMPORT_QUOTA_BYTES: String(QUOTA),
    IMPORT_RETRY_KEEP_HOURS: "1",
  });
});
afterAll(() => server.stop());

const member = () => buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
/** A valid GEDCOM of about `bytes`, padded with a long note. */
const paddedGedcom = (bytes: number) =>
  gedcom551(
    "0 @I1@ INDI",
    "1 NAME Elias /Haddad/",
    "1 BIRT",
    "2 DATE 1890",
    ...Array.from({ length: Math.ceil(bytes / 80) }, (_, i) => `1 NOTE ${"x".repeat(70)} ${i}`),
  );
const allowance = async (u: BuiltUser) =>
  (
    await server.gql<{ importAllowance: Record<string, number> }>(
      `{ importAllowance { uploadsPerHour uploadsLeft quotaBytes waitingBytes maxFileBytes retryKeepHours } }`,
      {},
      { token: u.token },
    )
  ).data!.importAllowance;
const rawId = (id: string) => fromGlobalId(id)!.id;

describe("uploads a member may make", () => {
  it("are counted per hour, shown to the member, and refused past the number with the wait in minutes", async () => {
    const u = await member();
    expect(await allowance(u)).toEqual({
      uploadsPerHour: 6,
      uploadsLeft: 6,
      quotaBytes: QUOTA,
      waitingBytes: 0,
      maxFileBytes: 536870912,
      retryKeepHours: 1,
    });
    for (let i = 0; i < 6; i++)
      expect((await uploadImport(server, u.token, "gedcom", `tree-${i}.ged`, gedcom551("0 @I1@ INDI", "1 NAME A /B/"))).status).toBe(201);
    expect((await allowance(u)).uploadsLeft).toBe(0);
    const refused = await uploadImport(server, u.token, "gedcom", "one-more.ged", gedcom551("0 @I1@ INDI", "1 NAME A /B/"), "ar");
    expect(refused.status).toBe(429);
    expect(refused.error).toBe("ingestion.upload_rate");
    expect(refused.message).toMatch(/^رفعتَ 6 ملفات خلال الساعة الأخيرة\. يمكنك الرفع مجدداً بعد (60 دقيقة|59 دقيقة)\.$/);
    // Another member is not affected.
    expect(
      (await uploadImport(server, (await member()).token, "gedcom", "mine.ged", gedcom551("0 @I1@ INDI", "1 NAME A /B/"))).status,
    ).toBe(201);
  });

  it("may not keep more bytes waiting than the quota: refused at once or as the file arrives, and the refused bytes are not kept", async () => {
    const u = await member();
    const first = await uploadImport(server, u.token, "gedcom", "big.ged", paddedGedcom(3_500_000));
    expect(first.status).toBe(201);
    await waitForJob(server, u.token, first.id!, ["review"]);
    const waiting = (await allowance(u)).waitingBytes;
    expect(waiting).toBeGreaterThan(3_500_000);
    const before = diskBytes(storageDir);
    const second = await uploadImport(server, u.token, "gedcom", "second.ged", paddedGedcom(2_000_000));
    expect(second.status).toBe(413);
    expect(second.error).toBe("ingestion.quota_full");
    expect(second.message).toBe(
      `Your files waiting for import already take 0 MB of your 0 MB. Finish, cancel or delete an import to make room.`.replace(
        "0 MB of your 0",
        `${Math.round(waiting / 1e6)} MB of your ${Math.round(QUOTA / 1e6)}`,
      ),
    );
    // Without a declared length the file is cut off as it arrives past the quota.
    const chunks = paddedGedcom(2_000_000);
    const streamed = await fetch(`${server.url}/api/imports?kind=gedcom&name=streamed.ged`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", authorization: `Bearer ${u.token}` },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < chunks.length; i += 8192) c.enqueue(new Uint8Array(chunks.subarray(i, i + 8192)));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(diskBytes(storageDir)).toBe(before);
    // A refusal has given its reservation back by the time it is read.
    expect(await server.ds.query(`SELECT 1 FROM upload_reservations WHERE user_id = $1`, [u.id])).toEqual([]);
    // Cancelling the waiting import makes room again.
    await server.gql(`mutation($id: ID!) { cancelImport(id: $id) { status } }`, { id: first.id }, { token: u.token });
    expect((await allowance(u)).waitingBytes).toBe(0);
    expect((await uploadImport(server, u.token, "gedcom", "second.ged", paddedGedcom(2_000_000))).status).toBe(201);
  });
});

describe("files of imports that stopped", () => {
  /** A member's import that failed in a way a retry may mend (its file kept), and that file. */
  async function failedWithFile(name: string) {
    const u = await member();
    const up = await uploadImport(server, u.token, "gedcom", name, gedcom551("0 @I1@ INDI", "1 NAME A /B/"));
    await waitForJob(server, u.token, up.id!, ["review"]);
    const [[{ file_path: key }]]: [[{ file_path: string }]] = await server.ds.query(
      `UPDATE import_jobs SET status = 'failed', error_key = 'ingestion.failed', finished_at = now() WHERE id = $1 RETURNING file_path`,
      [rawId(up.id!)],
    );
    return { u, up, file: join(storageDir, key) };
  }

  it("a file refused for what it holds is deleted at once and cannot be retried", async () => {
    const u = await member();
    // Starts like GEDCOM, then 3 MB of text that is not.
    const junk = Buffer.from(
      ["0 HEAD", ...Array.from({ length: 60_000 }, (_, i) => `lorem ipsum dolor sit amet ${i} consectetur adipiscing`)].join("\n"),
    );
    const res = await uploadImport(server, u.token, "gedcom", "junk.ged", junk);
    expect(res.status).toBe(201);
    const job = await waitForJob(server, u.token, res.id!, ["failed", "review"]);
    expect(job.status).toBe("failed");
    expect(job.errorMessage).toMatch(/not in GEDCOM format/);
    expect(job.canRetry).toBe(false);
    const [row] = await server.ds.query(`SELECT file_path FROM import_jobs WHERE id = $1`, [rawId(res.id!)]);
    expect(row.file_path).toBeNull();
    expect(readdirSync(join(storageDir, "imports"))).not.toContain(rawId(res.id!));
  });

  it("a retryable file is kept for the retry window, then deleted", async () => {
    const { u, up, file } = await failedWithFile("keep.ged");
    expect(existsSync(file)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(file)).toBe(true);
    const kept = await waitForJob(server, u.token, up.id!, ["failed"]);
    expect(kept.canRetry).toBe(true);
    await server.ds.query(`UPDATE import_jobs SET finished_at = now() - interval '61 minutes' WHERE id = $1`, [rawId(up.id!)]);
    const end = Date.now() + 10_000;
    while (existsSync(file) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(file)).toBe(false);
    // The file goes first, then the job says it can no longer be retried.
    let canRetry = true;
    while (canRetry && Date.now() < end) canRetry = (await waitForJob(server, u.token, up.id!, ["failed"])).canRetry;
    expect(canRetry).toBe(false);
  });

  it("cancelImport gives up a failed import and removes its file", async () => {
    const { u, up, file } = await failedWithFile("give-up.ged");
    expect(existsSync(file)).toBe(true);
    const res = await server.gql<{ cancelImport: { status: string } }>(
      `mutation($id: ID!) { cancelImport(id: $id) { status } }`,
      { id: up.id },
      { token: u.token },
    );
    expect(res.data?.cancelImport.status).toBe("cancelled");
    expect(existsSync(file)).toBe(false);
  });
});

describe("deleting an import", () => {
  const del = (u: BuiltUser, id: string) =>
    server.gql<{ deleteImport: boolean }>(`mutation($id: ID!) { deleteImport(id: $id) }`, { id }, { token: u.token });

  it("removes a done import's staged records and report, never the people it wrote", async () => {
    const u = await member();
    const file = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Hanna /Khoury/",
      "1 BIRT",
      "2 DATE 1870",
      "1 FAMS @F1@",
      "0 @I2@ INDI",
      "1 NAME Boulos /Khoury/",
      "1 FAMC @F1@",
      "1 BIRT",
      "1 FAMS @F404@",
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 CHIL @I2@",
    );
    const done = await importConfirmed(server, u.token, "khoury.ged", file);
    const id = rawId(done.id);
    const rows = async () =>
      (
        await server.ds.query(
          `SELECT (SELECT count(*) FROM import_staged WHERE job_id = $1)::int AS staged, (SELECT count(*) FROM import_warnings WHERE job_id = $1)::int AS warnings, (SELECT count(*) FROM kept_records WHERE job_id = $1)::int AS kept`,
          [id],
        )
      )[0];
    const people = async () => Number((await server.ds.query(`SELECT count(*) AS n FROM people WHERE created_by = $1`, [u.id]))[0].n);
    expect((await rows()).staged).toBeGreaterThan(0);
    expect((await rows()).warnings).toBeGreaterThan(0);
    const kept = (await rows()).kept;
    expect(await people()).toBe(2);
    expect((await del(u, done.id)).data?.deleteImport).toBe(true);
    // Hidden at once.
    expect(
      (await server.gql(`query($id: ID!) { importJob(id: $id) { id } }`, { id: done.id }, { token: u.token })).errors?.[0].extensions?.code,
    ).toBe("NOT_FOUND");
    const list = await server.gql<{ importJobs: { id: string }[] }>(`{ importJobs(first: 50) { id } }`, {}, { token: u.token });
    expect(list.data?.importJobs.map((j) => j.id)).not.toContain(done.id);
    // Its rows go in the background; the people and what the export needs stay.
    const purged = async () =>
      (await server.ds.query(`SELECT purged_at IS NOT NULL AS purged FROM import_jobs WHERE id = $1`, [id]))[0].purged as boolean;
    const end = Date.now() + 10_000;
    while (!(await purged()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(await rows()).toEqual({ staged: 0, warnings: 0, kept });
    expect(await people()).toBe(2);
    // Gone is gone: a second delete, like any other call on it, finds nothing.
    expect((await del(u, done.id)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("is refused for an import still running or waiting for review, and for another member's", async () => {
    const u = await member();
    const up = await uploadImport(server, u.token, "gedcom", "waiting.ged", gedcom551("0 @I1@ INDI", "1 NAME A /B/"));
    await waitForJob(server, u.token, up.id!, ["review"]);
    const review = await server.gql<{ importJob: { canDelete: boolean } }>(
      `query($id: ID!) { importJob(id: $id) { canDelete } }`,
      { id: up.id },
      { token: u.token },
    );
    expect(review.data?.importJob.canDelete).toBe(false);
    const res = await del(u, up.id!);
    expect(res.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(res.errors?.[0].message).toBe("This import is still running: cancel it first, then delete it.");
    await server.gql(`mutation($id: ID!) { cancelImport(id: $id) { status } }`, { id: up.id }, { token: u.token });
    expect((await del(await member(), up.id!)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await del(u, up.id!)).data?.deleteImport).toBe(true);
  });
});
