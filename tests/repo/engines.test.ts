import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import semver from "semver";

/**
 * Every installed package accepts every Node line this project supports, from its lowest release:
 * no EBADENGINE warning on install, and no package that needs a newer Node than the README says.
 */
const repo = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", repo), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL("package-lock.json", repo), "utf8")) as {
  packages: Record<string, { version?: string; engines?: unknown }>;
};

/** The lowest release of each line of a range such as "^20.19.0 || ^22.13.0 || >=24.11.0". */
const lowest = (range: string) => range.split("||").map((part) => semver.minVersion(part.trim())!.version);

describe("Node versions", () => {
  const supported = lowest(pkg.engines.node);

  it("are the 20, 22 and 24 lines, from 20.19", () => {
    expect(supported.map((v) => semver.major(v))).toEqual([20, 22, 24]);
    expect(supported[0]).toBe("20.19.0");
  });

  it("are accepted by every package in the lockfile", () => {
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = entry.engines && typeof entry.engines === "object" ? (entry.engines as { node?: string }).node : undefined;
      if (!where || !range) continue;
      for (const node of supported)
        if (!semver.satisfies(node, range)) refusing.push(`${where}@${entry.version} wants node ${range}, refuses ${node}`);
    }
    expect(refusing).toEqual([]);
  });
});
