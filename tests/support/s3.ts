import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps its buckets in (objects are files under `<dir>/<bucket>/`). */
  dir: string;
  /** Server environment that stores files in this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in the test process, on a free port, its objects in a
 * temporary folder, with one empty bucket. Its keys are s3rver's built-in account.
 */
export async function startS3(bucket = "roots-test"): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), "roots-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    env: { STORAGE_BACKEND: "s3", S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
