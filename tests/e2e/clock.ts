import { test } from "@playwright/test";

/**
 * The browser tests' server clock (tests/e2e/serve-server.ts): moves it on by `ms` and runs the jobs
 * then due. Each server has its own clock, controlled at its port + 10000; this test's server is
 * the one its project's baseURL names (playwright.config.ts runs several side by side).
 */
export async function advanceServerClock(ms: number): Promise<{ now: string; ran: number }> {
  const site = new URL(test.info().project.use.baseURL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`);
  const port = Number(site.port) + 10000;
  const res = await fetch(`http://127.0.0.1:${port}/advance?ms=${ms}`, { method: "POST" });
  if (!res.ok) throw new Error(`advancing the server clock: ${res.status} ${await res.text()}`);
  return (await res.json()) as { now: string; ran: number };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
