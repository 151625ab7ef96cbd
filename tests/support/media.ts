import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { JOBS_SCHEMA } from "../../server/src/common/jobs/index.js";
import type { TestServer } from "./server.js";

export const FIXTURES = fileURLToPath(new URL("../fixtures/media/", import.meta.url));

/** A real photograph (a portrait) with a phone's EXIF: camera, time, orientation 6 and GPS (tests/fixtures/media/SOURCES.md). */
export const portraitWithGps = (): Buffer => readFileSync(join(FIXTURES, "portrait-gps.jpg"));

export interface UploadAnswer {
  status: number;
  body: { id?: string; error?: string; message?: string };
}

/** `POST /api/media` as the member with `token`. */
export async function uploadMedia(
  server: Pick<TestServer, "url">,
  token: string | null,
  target: string,
  kind: string,
  bytes: Uint8Array,
  language = "en",
): Promise<UploadAnswer> {
  const res = await fetch(`${server.url}/api/media?target=${encodeURIComponent(target)}&kind=${kind}`, {
    method: "POST",
    headers: {
      "content-type": "application/octet-stream",
      "accept-language": language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Blob([new Uint8Array(bytes)]),
  });
  return { status: res.status, body: (await res.json()) as UploadAnswer["body"] };
}

/** Runs due jobs until no picture is waiting for or in processing (a server's own worker may have taken one). */
export async function processAll(server: Pick<TestServer, "ds" | "scheduler">): Promise<void> {
  for (let i = 0; i < 400; i++) {
    await server.scheduler.runDue();
    // Done when no job is waiting and no file is still processing (a GEDZIP's pictures are queued just after its commit).
    const [{ n }]: { n: number }[] = await server.ds.query(
      `SELECT (SELECT count(*) FROM ${JOBS_SCHEMA}.job WHERE name = 'media.process' AND state IN ('created', 'retry', 'active'))::int
            + (SELECT count(*) FROM media_files WHERE status = 'processing')::int AS n`,
    );
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("pictures still processing");
}
