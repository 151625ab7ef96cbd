import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkKey, counting, StoredFileMissing, type FileStorage, type StoredFile } from "./storage.js";

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files on the server's own disk, under `root` (STORAGE_DIR): the key `imports/<id>` is the file
 * `<root>/imports/<id>`. The default, enough for one machine; several instances need a shared
 * folder or the S3 backend.
 */
export class DiskStorage implements FileStorage {
  readonly backend = "disk";

  constructor(private readonly root: string) {}

  private path(key: string, prefix = false): string {
    checkKey(key, prefix);
    return join(this.root, ...key.split("/"));
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ size: number }> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file, a failed upload leaves none.
    const part = `${path}.part-${randomBytes(6).toString("hex")}`;
    const counted = counting(body);
    try {
      await pipeline(counted.stream, createWriteStream(part));
      await rename(part, path);
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
    return { size: counted.bytes() };
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    const file = await open(this.path(key)).catch((err: unknown) => {
      throw missing(err) ? new StoredFileMissing(key) : err;
    });
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const path = this.path(prefix, true);
    // `imports/<id>` names `<id>`, `<id>-media/…` and any other entry of imports/ that starts so.
    const [dir, stem] = prefix.endsWith("/") ? [path, ""] : [dirname(path), prefix.slice(prefix.lastIndexOf("/") + 1)];
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (err) {
      if (missing(err)) return 0;
      throw err;
    }
    let n = 0;
    for (const name of names.filter((x) => x.startsWith(stem))) {
      n += await countFiles(join(dir, name));
      await rm(join(dir, name), { recursive: true, force: true });
    }
    return n;
  }
}

async function countFiles(path: string): Promise<number> {
  const s = await stat(path).catch(() => null);
  if (!s) return 0;
  if (!s.isDirectory()) return 1;
  let n = 0;
  for (const name of await readdir(path)) n += await countFiles(join(path, name));
  return n;
}
