import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../server/src/config.js";

/**
 * The compose setup's proxy and replicas agree with the server's defaults: an upload the server
 * accepts passes nginx (a 2 MB cap once turned every real GEDCOM into a 413), and the replicas
 * share their files.
 */
const repo = fileURLToPath(new URL("../../", import.meta.url));
const nginx = readFileSync(`${repo}deploy/nginx.conf`, "utf8");
const compose = readFileSync(`${repo}docker-compose.yml`, "utf8");

/** nginx's size syntax (`2m`, `513m`, `1g`, bytes) in bytes. */
const bytes = (size: string) => {
  const m = /^(\d+)([kmg]?)$/i.exec(size);
  if (!m) throw new Error(`not an nginx size: ${size}`);
  return Number(m[1]) * 1024 ** "_kmg".indexOf((m[2] || "_").toLowerCase());
};

/** The directives of one `location` block (one level of nesting, as the file has). */
const location = (spec: string) => {
  const start = nginx.indexOf(`location ${spec} {`);
  if (start < 0) throw new Error(`no location ${spec}`);
  return nginx.slice(start, nginx.indexOf("}", start));
};

describe("the compose setup's proxy", () => {
  it("lets through an import upload of IMPORT_MAX_BYTES (default) and a little more, streamed", () => {
    const max = loadConfig({}).IMPORT_MAX_BYTES;
    const block = location("= /api/imports");
    const limit = bytes(/client_max_body_size\s+(\S+);/.exec(block)![1]);
    expect(limit).toBeGreaterThan(max);
    // A little more only: what is larger still gets the server's translated refusal.
    expect(limit).toBeLessThanOrEqual(max + 16 * 1024 * 1024);
    expect(block).toMatch(/proxy_request_buffering\s+off;/);
  });

  it("lets through a picture of MEDIA_MAX_BYTES (default) and a little more", () => {
    const max = loadConfig({}).MEDIA_MAX_BYTES;
    const block = location("= /api/media");
    const limit = bytes(/client_max_body_size\s+(\S+);/.exec(block)![1]);
    expect(limit).toBeGreaterThan(max);
    expect(limit).toBeLessThanOrEqual(max + 4 * 1024 * 1024);
  });

  it("runs both replicas on the shared S3 storage, whose bucket is made before they start", () => {
    const env = compose.slice(compose.indexOf("server1:"), compose.indexOf("server2:"));
    expect(env).toMatch(/STORAGE_BACKEND: s3/);
    expect(env).toMatch(/S3_BUCKET: roots-files/);
    expect(env).toMatch(/storage-init:\s+condition: service_completed_successfully/);
    expect(compose).toMatch(/mc mb --ignore-existing roots\/roots-files/);
  });
});
