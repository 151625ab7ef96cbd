import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { AREAS } from "../../server/src/modules/areas.js";
import { importJob } from "../../server/src/modules/ingestion/index.js";
import { buildUser } from "../factories/users.js";
import { advanceAndRun, TestClock } from "../support/clock.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-jobs-health-")) }, { clock: new TestClock() });
});
afterAll(() => server.stop());

const query = `{ jobsHealth { queues { name queued scheduled active retrying failed completed completedAfterRetry } failures { queue key attempts message willRetry } } }`;

describe("jobsHealth (/admin/health)", () => {
  it("is for admins only", async () => {
    const member = await buildUser(server.ds);
    const r = await server.gql(query, {}, { token: member.token });
    expect(r.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const visitor = await server.gql(query);
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("shows each queue's waiting, scheduled and completed jobs", async () => {
    const admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
    // An import step for an import that does not exist: it runs, finds nothing to do, and completes.
    await server.scheduler.send(
      importJob,
      { importId: "0190f3c0-0000-7000-8000-000000000001" },
      { key: "0190f3c0-0000-7000-8000-000000000001", delayMs: 3_600_000 },
    );
    type Health = { jobsHealth: { queues: { name: string; scheduled: number; completed: number }[] } };
    const before = await server.gql<Health>(query, {}, { token: admin.token });
    const imports = () => before.data!.jobsHealth.queues.find((q) => q.name === "ingestion.import")!;
    expect(imports().scheduled).toBe(1);
    // Every queue the areas' manifests define, whether or not it has run.
    expect(before.data!.jobsHealth.queues.map((q) => q.name)).toEqual(
      AREAS.flatMap((area) => area.jobs ?? [])
        .map((job) => job.name)
        .sort(),
    );
    expect(before.data!.jobsHealth.queues.map((q) => q.name)).toEqual(expect.arrayContaining(["ingestion.import", "mail.deliver"]));
    await advanceAndRun(server, 3_600_000);
    // The server's clock moved an hour on: the admin signs in again there.
    const later = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }], clock: server.clock });
    const after = await server.gql<Health>(query, {}, { token: later.token });
    const done = after.data!.jobsHealth.queues.find((q) => q.name === "ingestion.import")!;
    expect(done.scheduled).toBe(0);
    expect(done.completed).toBe(imports().completed + 1);
  });
});
