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
});
