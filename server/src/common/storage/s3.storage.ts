import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import { checkKey, counting, StoredFileMissing, type FileStorage, type StoredFile } from "./storage.js";

export interface S3Settings {
  bucket: string;
  /** Any S3-compatible service (MinIO, Ceph, R2…); none means AWS itself, by region. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's own chain (environment, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted services need it). */
  forcePathStyle: boolean;
}

/** Parts of a streamed upload: 8 MiB each, two in flight, so an upload holds at most ~16 MiB in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * The AWS SDK (tens of MB of modules) is loaded by the first server that uses this backend,
 * not by every one that starts on the disk backend.
 */
const sdk = () => import("@aws-sdk/client-s3");

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects of one bucket of S3-compatible object storage: what a deployment with several
 * server instances (or more files than one disk) uses. Streams both ways: an upload goes up in
 * parts as it arrives, a read streams the object's body. The bucket is made beforehand (the
 * compose file's `storage-init` does it for MinIO).
 */
export class S3Storage implements FileStorage {
  readonly backend = "s3";
  private readonly made: Promise<S3Client>;
  private readonly bucket: string;

  constructor(s: S3Settings) {
    this.bucket = s.bucket;
    const config: S3ClientConfig = {
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer on every
      // upload, aws-chunked) is not understood by many S3-compatible servers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    };
    if (s.accessKeyId && s.secretAccessKey) config.credentials = { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey };
    this.made = sdk().then(({ S3Client }) => new S3Client(config));
  }

  /** The client and the SDK's commands, once loaded. */
  private async s3(): Promise<{ client: S3Client; m: Awaited<ReturnType<typeof sdk>> }> {
    const [client, m] = await Promise.all([this.made, sdk()]);
    return { client, m };
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ size: number }> {
    checkKey(key);
    const counted = counting(body);
    // One PUT for a body under a part, multipart above; a failing body aborts the multipart
    // upload, so no object (and no orphan part) is left.
    const { Upload } = await import("@aws-sdk/lib-storage");
    const upload = new Upload({
      client: await this.made,
      params: { Bucket: this.bucket, Key: key, Body: counted.stream },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      throw counted.failure() ?? err;
    }
    return { size: counted.bytes() };
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    checkKey(key);
    try {
      const { client, m } = await this.s3();
      const out = await client.send(
        new m.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ""}` : undefined }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (notFound(err)) throw new StoredFileMissing(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredFile | null> {
    checkKey(key);
    try {
      const { client, m } = await this.s3();
      const out = await client.send(new m.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    const { client, m } = await this.s3();
    await client.send(new m.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    checkKey(prefix, true);
    const { client, m } = await this.s3();
    let n = 0;
    // Listed a page (up to 1,000 keys) at a time, each page removed in one request.
    for (;;) {
      const page = await client.send(new m.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (!keys.length) return n;
      const out = await client.send(new m.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (out.Errors?.length) throw new Error(`Not removed from storage: ${out.Errors.map((e) => `${e.Key} (${e.Code})`).join(", ")}`);
      n += keys.length;
    }
  }

  /** Closes the client's pooled connections (server stop). */
  close(): void {
    void this.made.then((client) => client.destroy());
  }
}
