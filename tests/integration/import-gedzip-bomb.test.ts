import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Zip, ZipDeflate } from "fflate";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { diskBytes, uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A GEDZIP bomb is refused as it unpacks, with its reason: neither the disk nor the memory of the
 * server grows with what it would unpack to. Its own file: the server runs in this process, so
 * its memory is measured without other tests' leftovers.
 */
let server: TestServer;
let storageDir: string;
beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), "roots-bomb-"));
  server = await startTestServer({ STORAGE_DIR: storageDir, IMPORT_POLL_MS: "50", IMPORT_PROGRESS_MS: "50" });
});
afterAll(() => server.stop());

describe("a GEDZIP that unpacks to far more than it holds (zip bomb)", () => {
  /** A .gdz with a small gedcom.ged and three 150 MiB media entries of zeros (~450 KB zipped). */
  function bomb(): Buffer {
    const out: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      out.push(chunk);
    });
    const ged = new ZipDeflate("gedcom.ged", { level: 1 });
    zip.add(ged);
    ged.push(new Uint8Array(gedcom551("0 @I1@ INDI", "1 NAME A /B/")), true);
    const zeros = new Uint8Array(1024 * 1024);
    for (let f = 0; f < 3; f++) {
      const entry = new ZipDeflate(`media/zeros-${f}.jpg`, { level: 9 });
      zip.add(entry);
      for (let i = 0; i < 150; i++) entry.push(zeros, i === 149);
    }
    zip.end();
    return Buffer.concat(out);
  }

  it("is refused with its reason, not retryable, and neither disk nor memory grows with what it would unpack to", async () => {
    const u = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
    const file = bomb();
    expect(file.length).toBeLessThan(2_000_000);
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    let peakDisk = 0;
    const diskSampler = setInterval(() => (peakDisk = Math.max(peakDisk, diskBytes(storageDir))), 10);
    try {
      const up = await uploadImport(server, u.token, "gedcom", "bomb.gdz", file, "fr");
      expect(up.status).toBe(201);
      const job = await waitForJob(server, u.token, up.id!, ["failed", "review"], 60_000);
      expect(job.status).toBe("failed");
      expect(job.canRetry).toBe(false);
      const fr = await server.gql<{ importJob: { errorMessage: string } }>(
        `query($id: ID!) { importJob(id: $id) { errorMessage } }`,
        { id: up.id },
        { token: u.token, language: "fr" },
      );
      expect(fr.data?.importJob.errorMessage).toMatch(/^L'archive GEDZIP se décompresse en bien plus de données/);
    } finally {
      clearInterval(sampler);
      clearInterval(diskSampler);
    }
    // The three entries would take 450 MiB on disk and, held, as much in memory.
    expect(peakDisk).toBeLessThan(file.length + 50 * 1024 * 1024);
    expect(peak - base).toBeLessThan(120 * 1024 * 1024);
    expect(readdirSync(join(storageDir, "imports")).filter((n) => n.includes("media"))).toEqual([]);
  }, 90_000);
});
