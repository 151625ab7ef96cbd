import { describe, expect, it } from "vitest";
import { isSafeRedirect, safeRedirect } from "./safeRedirect";

const HOST = "roots.example:443";

describe("safe redirect (spec §5)", () => {
  it("rejects empty values", () => {
    for (const v of ["", null, undefined, "   ", "%20"]) expect(isSafeRedirect(v, HOST)).toBe(false);
  });

  it("accepts same-site paths, with their query and hash", () => {
    for (const v of ["/", "/dashboard", "/root/lebanon/rootpedia?tab=history#top", "%2Fsettings%3Ftab%3D1"])
      expect(isSafeRedirect(v, HOST)).toBe(true);
    expect(safeRedirect("%2Fsettings%3Ftab%3D1", "/dashboard", HOST)).toBe("/settings?tab=1");
  });

  it("rejects paths that hide a scheme, after URL-decoding", () => {
    for (const v of [
      "/redirect?to=https://evil.example",
      "/javascript:alert(1)",
      "/x?data:text/html,hi",
      "%2Fjavascript%3Aalert(1)",
      "/JAVASCRIPT:alert(1)",
    ]) {
      expect(isSafeRedirect(v, HOST)).toBe(false);
    }
  });

  it("rejects protocol-relative paths (stricter than the prototype)", () => {
    for (const v of ["//evil.example", "/\\evil.example", "%2F%2Fevil.example", "/%09/evil.example", "/\n/evil.example"])
      expect(isSafeRedirect(v, HOST)).toBe(false);
  });

  it("accepts absolute http(s) URLs to localhost, loopback IPs, this host and its subdomains", () => {
    for (const v of [
      "http://localhost:5173/x",
      "http://127.0.0.1:4000/",
      "https://roots.example/a",
      "https://app.roots.example/b",
      "http://[::1]:4000/",
    ]) {
      expect(isSafeRedirect(v, HOST)).toBe(true);
    }
  });

  it("accepts the configured product domain and its app subdomain", async () => {
    const { allowedHosts } = await import("./safeRedirect");
    expect(allowedHosts("current.example", "roots.lb")).toEqual(expect.arrayContaining(["roots.lb", "app.roots.lb", "current.example"]));
  });

  it("rejects other hosts, look-alike hosts and other schemes", () => {
    for (const v of [
      "https://evil.example",
      "https://roots.example.evil.com/",
      "https://evilroots.example/",
      "ftp://roots.example/",
      "javascript:alert(1)",
      "data:text/html,<script>",
      "mailto:a@roots.example",
    ]) {
      expect(isSafeRedirect(v, HOST)).toBe(false);
    }
  });

  it("rejects values that fail to parse or decode", () => {
    for (const v of ["%E0%A4%A", "http://", "not a url"]) expect(isSafeRedirect(v, HOST)).toBe(false);
    expect(safeRedirect("%E0%A4%A", "/auth", HOST)).toBe("/auth");
  });
});
