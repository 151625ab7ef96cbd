import { describe, expect, it } from "@jest/globals";
import { allowedOrigins, ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("has working defaults for a fresh machine", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(4000);
    expect(c.PUBLIC_URL).toBe("http://localhost:4000");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.EMBEDDED_PG_DIR).toMatch(/\.data\/pg$/);
  });

  it("reports every bad value at once, by name", () => {
    try {
      loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", REDIS_URL: "nope", TRUST_PROXY: "-1", LOG_LEVEL: "loud" });
      throw new Error("should have failed");
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      for (const name of ["PORT", "DATABASE_URL", "REDIS_URL", "TRUST_PROXY", "LOG_LEVEL"]) expect((err as Error).message).toContain(name);
    }
  });

  it("derives the WebSocket origin allow-list from PUBLIC_URL and ALLOWED_ORIGINS", () => {
    const c = loadConfig({ PUBLIC_URL: "https://roots.example/app", ALLOWED_ORIGINS: "https://a.example, https://b.example/" });
    expect([...allowedOrigins(c)]).toEqual(["https://roots.example", "https://a.example", "https://b.example"]);
  });

  it("parses booleans strictly", () => {
    expect(loadConfig({ SEED_DEMO: "yes" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(ConfigError);
  });

  it("stores files on disk by default; S3 needs its bucket, and its keys in pairs", () => {
    const c = loadConfig({});
    expect(c.STORAGE_BACKEND).toBe("disk");
    expect(c.STORAGE_DIR).toMatch(/\.data$/);
    expect(() => loadConfig({ STORAGE_BACKEND: "s3" })).toThrow(/S3_BUCKET: is needed with STORAGE_BACKEND=s3/);
    expect(() => loadConfig({ STORAGE_BACKEND: "s3", S3_BUCKET: "roots", S3_ACCESS_KEY_ID: "k" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE_BACKEND: "s3", S3_BUCKET: "Roots_Files" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_BACKEND: "ftp" })).toThrow(/STORAGE_BACKEND/);
    const s3 = loadConfig({
      STORAGE_BACKEND: "s3",
      S3_BUCKET: "roots",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect([s3.S3_BUCKET, s3.S3_REGION, s3.S3_FORCE_PATH_STYLE]).toEqual(["roots", "us-east-1", undefined]);
  });
});
