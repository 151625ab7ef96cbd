import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createDataSource } from "../../server/src/db/data-source.js";
import { buildUser } from "../factories/users.js";
import { createTestDatabase } from "../support/database.js";
import { gqlAt, uploadImport, waitForJob } from "../support/imports.js";
import { exited, startMain } from "../support/main-process.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ds: ReturnType<typeof createDataSource>;
beforeAll(async () => {
  db = await createTestDatabase();
  ds = createDataSource({ url: db.url, poolMax: 2 });
  await ds.initialize();
});
afterAll(async () => {
  await ds.destroy();
  await db.drop();
});

const ROWS = 10_000;
const sheet = () =>
  ["Name,Arabic name,Birth date", ...Array.from({ length: ROWS }, (_, i) => `Person ${i} Khoury,شخص ${i},${1800 + (i % 200)}`)].join("\n");

describe("an import interrupted by a server stop", () => {
  it("leaves no rows behind, is marked failed on the next start, and can be run again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "roots-imports-"));
    const env = {
      DATABASE_URL: db.url,
      PORT: "0",
      HOST: "127.0.0.1",
      STORAGE_DIR: dir,
      IMPORT_POLL_MS: "100",
      IMPORT_STALE_SECONDS: "1",
      IMPORT_PROGRESS_MS: "50",
    };
    const member = await buildUser(ds);
    const first = startMain(env);
    const url = `http://127.0.0.1:${await first.ready}`;
    const gql = gqlAt(url);
    const up = await uploadImport({ url }, member.token, "spreadsheet", "big.csv", sheet());
    expect(up.status).toBe(201);
    await waitForJob({ gql }, member.token, up.id!, ["review"], 240_000);
    await gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: up.id }, { token: member.token });
    // Kill the server (no graceful stop) while the commit transaction is writing.
    for (;;) {
      const [{ status }] = await ds.query(`SELECT status FROM import_jobs`);
      if (status === "committing") break;
      expect(status).not.toBe("done");
      await new Promise((r) => setTimeout(r, 5));
    }
    first.child.kill("SIGKILL");
    await exited(first.child);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1`, [member.id]);
    expect(n).toBe(0);

    const second = startMain(env);
    const url2 = `http://127.0.0.1:${await second.ready}`;
    const gql2 = gqlAt(url2);
    const failed = await waitForJob({ gql: gql2 }, member.token, up.id!, ["failed"], 60_000);
    expect(failed.errorMessage).toBe("The import stopped because the server restarted. Nothing was written; you can run it again.");
    expect(failed.canRetry).toBe(true);
    await gql2(`mutation($id: ID!) { retryImport(id: $id) { status } }`, { id: up.id }, { token: member.token });
    await waitForJob({ gql: gql2 }, member.token, up.id!, ["review"], 240_000);
    await gql2(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: up.id }, { token: member.token });
    const done = await waitForJob({ gql: gql2 }, member.token, up.id!, ["done"], 240_000);
    expect(done.counts.written).toBe(ROWS);
    const [{ m }] = await ds.query(`SELECT count(*)::int AS m FROM people WHERE created_by = $1`, [member.id]);
    expect(m).toBe(ROWS);
    second.child.kill("SIGTERM");
    expect(await exited(second.child)).toBe(0);
  }, 600_000);
});
