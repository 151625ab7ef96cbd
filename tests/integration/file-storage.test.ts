import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { DiskStorage, readStored, S3Storage, StoredFileMissing, type FileStorage } from "../../server/src/common/storage/index.js";
import { startS3, type TestS3 } from "../support/s3.js";

/**
 * The file storage's two backends keep the same promises: the disk, and S3-compatible object
 * storage, here a real S3 server (s3rver) running in this process.
 */
let s3: TestS3;
let diskDir: string;
const backends: Record<string, () => FileStorage> = {
  disk: () => new DiskStorage(diskDir),
  s3: () =>
    new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    }),
};
beforeAll(async () => {
  s3 = await startS3();
  diskDir = mkdtempSync(join(tmpdir(), "roots-storage-"));
});
afterAll(async () => {
  await s3.stop();
  rmSync(diskDir, { recursive: true, force: true });
});

/** `total` bytes of a repeating pattern, as a stream of 64 KiB chunks (never held whole). */
function patterned(total: number, failAfter?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < total; sent += 65_536) {
        if (failAfter && sent >= total / 2) throw failAfter;
        const chunk = Buffer.alloc(Math.min(65_536, total - sent));
        for (let i = 0; i < chunk.length; i++) chunk[i] = (sent + i) % 251;
        yield chunk;
      }
    })(),
  );
}

const sha = async (stream: Readable) => {
  const h = createHash("sha256");
  for await (const c of stream) h.update(c as Buffer);
  return h.digest("hex");
};

class ClientGone extends Error {}

describe.each(Object.keys(backends))("the %s file storage", (name) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = backends[name]();
  });
  afterAll(() => {
    if (storage instanceof S3Storage) storage.close();
  });

  it("stores a stream and gives it back whole, or a byte range of it, with its size", async () => {
    const { size } = await storage.put("imports/job-1", Readable.from([Buffer.from("0 HEAD\n"), Buffer.from("1 GEDC\n0 TRLR\n")]));
    expect(size).toBe(21);
    expect((await readStored(storage, "imports/job-1")).toString()).toBe("0 HEAD\n1 GEDC\n0 TRLR\n");
    const part: Buffer[] = [];
    for await (const c of await storage.get("imports/job-1", { start: 2, end: 5 })) part.push(c as Buffer);
    expect(Buffer.concat(part).toString()).toBe("HEAD");
    expect((await storage.stat("imports/job-1"))?.size).toBe(21);
    expect(await storage.exists("imports/job-1")).toBe(true);
    // A second put replaces the first.
    await storage.put("imports/job-1", Buffer.from("other"));
    expect((await readStored(storage, "imports/job-1")).toString()).toBe("other");
  });

  it("streams a file larger than one upload part (multipart on S3) both ways", async () => {
    const total = 20 * 1024 * 1024 + 12_345;
    const { size } = await storage.put("imports/big", patterned(total));
    expect(size).toBe(total);
    expect(await sha(await storage.get("imports/big"))).toBe(await sha(patterned(total)));
    await storage.delete("imports/big");
  }, 60_000);

  it("keeps nothing of a body that fails on its way, and rejects with that body's error", async () => {
    const gone = new ClientGone("client went away");
    await expect(storage.put("imports/cut-small", patterned(200_000, gone))).rejects.toBe(gone);
    await expect(storage.put("imports/cut-big", patterned(30 * 1024 * 1024, gone))).rejects.toBe(gone);
    expect(await storage.exists("imports/cut-small")).toBe(false);
    expect(await storage.exists("imports/cut-big")).toBe(false);
    expect(await storage.deletePrefix("imports/cut")).toBe(0);
  }, 60_000);

  it("says plainly when a file is not there, and deleting one that is not there is no error", async () => {
    await expect(storage.get("imports/never")).rejects.toBeInstanceOf(StoredFileMissing);
    expect(await storage.stat("imports/never")).toBeNull();
    expect(await storage.exists("imports/never")).toBe(false);
    await expect(storage.delete("imports/never")).resolves.toBeUndefined();
  });

  it("removes every file under a prefix, and only those", async () => {
    for (const key of ["imports/j7", "imports/j7-media/0", "imports/j7-media/1", "imports/j70", "imports/j8", "imports/j8-media/0"])
      await storage.put(key, Buffer.from(key));
    expect(await storage.deletePrefix("imports/j7-media/")).toBe(2);
    expect(await storage.exists("imports/j7")).toBe(true);
    // A prefix is a string prefix, as on S3: `imports/j7` also names `imports/j70`.
    expect(await storage.deletePrefix("imports/j7")).toBe(2);
    expect(await storage.exists("imports/j8-media/0")).toBe(true);
    expect(await storage.deletePrefix("imports/")).toBe(3);
    expect(await storage.exists("imports/job-1")).toBe(false);
    expect(await storage.deletePrefix("nothing-here/")).toBe(0);
  });

  it("refuses keys that could leave its folder or bucket area", async () => {
    for (const key of ["../etc/passwd", "/abs", "imports//x", "imports/../../x", "imports/a b", ""]) {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Bad storage key/);
    }
    await expect(storage.deletePrefix("../")).rejects.toThrow(/Bad storage key/);
  });
});
