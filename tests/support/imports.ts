/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { expect } from "@jest/globals";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { TestServer } from "./server.js";

/** Uploads a file for import the way the browser does (raw body, bearer token); returns the job id. */
export async function uploadImport(
  server: Pick<TestServer, "url">,
  token: string | null,
  kind: string,
  name: string,
  body: Buffer | string,
  language = "en",
): Promise<{ status: number; id?: string; error?: string; message?: string }> {
  const res = await fetch(`${server.url}/api/imports?kind=${kind}&name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: {
      "content-type": "application/octet-stream",
      "accept-language": language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Uint8Array(typeof body === "string" ? Buffer.from(body, "utf8") : body),
  });
  return { status: res.status, ...((await res.json()) as object) };
}

/** Downloads a GEDCOM export (`query`: scope, person, version, format) as the browser does; a visitor when `token` is null. */
export async function exportTree(
  server: Pick<TestServer, "url">,
  token: string | null,
  query: string,
): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${server.url}/api/exports/tree?${query}`, {
    headers: { "accept-language": "en", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

export const JOB_FIELDS = `id status kind fileName errorMessage canRetry firstPersonId canCancel headerRow headers mapping readAgain
  counts { parsed written committed total people unions links warnings errors duplicates updates }`;

/** Polls a job until it reaches one of `statuses` (the runner works in the background). */
export async function waitForJob(
  server: Pick<TestServer, "gql">,
  token: string,
  id: string,
  statuses: string[],
  timeoutMs = 20_000,
): Promise<Record<string, any>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await server.gql<{ importJob: Record<string, any> }>(
      `query($id: ID!) { importJob(id: $id) { ${JOB_FIELDS} } }`,
      { id },
      { token },
    );
    const job = r.data?.importJob;
    if (job && statuses.includes(job.status)) return job;
    // A job that ended elsewhere says why (its errorMessage), so a failure here is readable.
    if (Date.now() > end)
      throw new Error(`job stayed ${job ? `${job.status}: ${job.errorMessage ?? "no message"}` : JSON.stringify(r.errors)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** `gql` for a server running in another process (same shape as TestServer.gql). */
export function gqlAt(url: string): TestServer["gql"] {
  return (async (query: string, variables?: Record<string, unknown>, opts: { token?: string } = {}) => {
    const res = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "accept-language": "en",
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, cookies: {}, setCookie: [], ...((await res.json()) as object) };
  }) as TestServer["gql"];
}

/**
 * Uploads a GEDCOM, waits for its review (no failure), confirms it and waits until it is done: the
 * done job. Each wait (the review, then the commit) lasts at most `timeoutMs`.
 */
export async function importConfirmed(
  server: Pick<TestServer, "url" | "gql">,
  token: string,
  name: string,
  body: Buffer,
  timeoutMs = 120_000,
): Promise<Record<string, any>> {
  const up = await uploadImport(server, token, "gedcom", name, body);
  expect(up.status).toBe(201);
  const review = await waitForJob(server, token, up.id!, ["review", "failed"], timeoutMs);
  expect(review.errorMessage).toBeNull();
  return confirmAndWait(server, token, up.id!, timeoutMs);
}

/** Confirms a reviewed import and waits until it is done: the done job. */
export async function confirmAndWait(
  server: Pick<TestServer, "gql">,
  token: string,
  id: string,
  timeoutMs = 30_000,
): Promise<Record<string, any>> {
  await server.gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id }, { token });
  return waitForJob(server, token, id, ["done"], timeoutMs);
}

/** Bytes under a folder (uploaded files and GEDZIP media), files removed meanwhile skipped. */
export function diskBytes(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    try {
      const st = statSync(p);
      n += st.isDirectory() ? diskBytes(p) : st.size;
    } catch {
      // removed while we looked
    }
  }
  return n;
}
