import { Readable } from "node:stream";

/**
 * Where the files members give us live: uploads waiting for their import now; photos,
 * documents and receipts later. Two backends behind one interface (disk.storage.ts,
 * s3.storage.ts), picked by STORAGE_BACKEND: code above this layer speaks in keys, never paths,
 * so any server instance reads what another one stored when they share the backend.
 *
 * Keys are `/`-separated names, one area first (`imports/<jobId>`, later `media/<id>/…`), each
 * part letters, digits, `.`, `_` or `-` (no `..`): a key maps to a path under STORAGE_DIR or to
 * an object name in the bucket the same way.
 */
export interface FileStorage {
  readonly backend: "disk" | "s3";
  /**
   * Stores `body` under `key` (replacing what was there) and resolves its size once all of it is
   * stored. When the body fails (a client gone, a size limit hit), nothing is left under the key,
   * and the error is the body's.
   */
  put(key: string, body: Readable | Uint8Array): Promise<{ size: number }>;
  /** The stored bytes as a stream (a byte range when given, both ends included); StoredFileMissing when absent. */
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  /** Size and time of the stored file, or null when absent. */
  stat(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; an absent one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (as a string, as S3 does); resolves how many went. */
  deletePrefix(prefix: string): Promise<number>;
  // A later `signedUrl(key, { expiresIn })` (S3 presigned GET; disk: a signed route of ours)
  // serves media straight to browsers; nothing needs it yet.
}

export interface StoredFile {
  size: number;
  modifiedAt: Date;
}

/** The file a key names is not stored (never was, or removed). */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
  }
}

const PART = /^[A-Za-z0-9._-]+$/;

/** Throws unless `key` is a well-formed key (see FileStorage); `prefix` allows an empty last part or a trailing `/`. */
export function checkKey(key: string, prefix = false): void {
  const parts = key.split("/");
  const last = parts.length - 1;
  const ok =
    key.length > 0 &&
    key.length <= 1024 &&
    parts.every((p, i) => (p === "" ? prefix && i === last && i > 0 : PART.test(p) && p !== "." && p !== ".."));
  if (!ok) throw new Error(`Bad storage key ${JSON.stringify(key)}`);
}

/** Reads a stored file whole (small files: GEDZIP media one at a time). */
export async function readStored(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `body` as a stream that counts what went through it, and remembers how the body failed if it
 * did (a backend's clean-up after it may fail with an error of its own: the body's is the one
 * the caller knows).
 */
export function counting(body: Readable | Uint8Array): { stream: Readable; bytes: () => number; failure: () => unknown } {
  let n = 0;
  let failure: unknown;
  const source = body instanceof Uint8Array ? [body] : body;
  const stream = Readable.from(
    (async function* () {
      try {
        for await (const chunk of source) {
          const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
          n += buf.length;
          yield buf;
        }
      } catch (err) {
        failure = err;
        throw err;
      }
    })(),
    { objectMode: false },
  );
  return { stream, bytes: () => n, failure: () => failure };
}
