import { readdirSync, readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * The specs share a server's state (the demo accounts and villages, the server's clock that the
 * ballots spec moves on by days), so a server serves one spec at a time. Several servers run side
 * by side instead, each on its own database, port and clock, each with a worker that runs its specs
 * one after another in file order; the specs are dealt out longest first (durations recorded in
 * tests/support/test-durations.json) to the server with the least work so far. As many servers as
 * the machine has cores (`E2E_SERVERS` overrides): each server's browser renders and runs scripts
 * as hard as its server answers, and a third server on the 2-core CI machine (load average 9–17)
 * made every page several times slower, past the waits, instead of finishing sooner.
 */
const servers = Math.max(1, Number(process.env.E2E_SERVERS ?? availableParallelism()));
/** Specs that change the same data and count on each other's order: they go to one server together. */
const TOGETHER = [
  ["rootpedia.spec.ts", "wiki-edits.spec.ts"],
  // Proposals of Zahle read after the ballots spec counted its own live ballot there (they move the clock too).
  ["ballots.spec.ts", "wiki-ballots.spec.ts"],
];

function dealSpecs(count: number): string[][] {
  const dir = new URL("./tests/e2e/", import.meta.url);
  const recorded: Record<string, number> = JSON.parse(
    readFileSync(new URL("./tests/support/test-durations.json", import.meta.url), "utf8"),
  ).seconds;
  const specs = readdirSync(dir).filter((f) => f.endsWith(".spec.ts"));
  // A spec not recorded yet: about 3 seconds per kilobyte, as the recorded ones run.
  const seconds = (f: string) => recorded[`tests/e2e/${f}`] ?? statSync(new URL(f, dir)).size / 330;
  const bundles = specs
    .filter((f) => !TOGETHER.some((t) => t.includes(f) && t[0] !== f))
    .map((f) => TOGETHER.find((t) => t[0] === f)?.filter((s) => specs.includes(s)) ?? [f])
    .map((files) => ({ files, seconds: files.reduce((sum, f) => sum + seconds(f), 0) }))
    .sort((a, b) => b.seconds - a.seconds || (a.files[0] < b.files[0] ? -1 : 1));
  const groups = Array.from({ length: Math.min(count, bundles.length) }, () => ({ files: [] as string[], seconds: 0 }));
  for (const b of bundles) {
    const least = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    least.files.push(...b.files);
    least.seconds += b.seconds;
  }
  return groups.map((g) => g.files.sort());
}
const groups = dealSpecs(servers);

/** Browser tests: Debian's Chromium against the built client served by the real server. */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  // Waits sized for a loaded 2-core machine, far above what a page takes at rest (a page or a map
  // of 3,198 villages shows in about a second; under load several); a spec with longer journeys
  // sets its own test timeout.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: groups.length,
  reporter: process.env.CI ? "line" : "list",
  use: {
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: groups.map((files, i) => ({
    name: groups.length > 1 ? `chromium-${i + 1}` : "chromium",
    testMatch: files.map((f) => `**/${f}`),
    workers: 1,
    use: { browserName: "chromium", baseURL: `http://127.0.0.1:${port + i}` },
  })),
  webServer: groups.map((_, i) => ({
    command: "node tests/e2e/serve.mjs",
    env: { E2E_PORT: String(port + i) },
    url: `http://127.0.0.1:${port + i}/health`,
    reuseExistingServer: false,
    // Two servers migrating and seeding their databases at once on a busy machine.
    timeout: 120_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  })),
});
