import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser } from "../factories/users.js";
import { REDIS_URL, requireRedis } from "../support/redis.js";
import { startTestServer, type TestServer } from "../support/server.js";

let a: TestServer | undefined;
let b: TestServer | undefined;
beforeAll(async () => {
  await requireRedis();
  a = await startTestServer({ REDIS_URL });
  b = await startTestServer({ REDIS_URL }, { shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe("subscriptions across server instances (REDIS_URL)", () => {
  it("a change made through instance A reaches a subscriber on instance B", async () => {
    const admin = await buildUser(a!.ds, { roles: [{ role: Role.ADMIN }] });
    const { data } = await a!.gql<{ rootspace: { id: string } }>(`{ rootspace(slug: "lebanon") { id } }`);
    const client = b!.ws();
    const got = new Promise<{ nameAr: string }>((resolve, reject) => {
      client.subscribe<{ rootspaceUpdated: { nameAr: string } }>(
        { query: `subscription { rootspaceUpdated(slug: "lebanon") { nameAr } }` },
        { next: (v) => resolve(v.data!.rootspaceUpdated), error: reject, complete: () => undefined },
      );
    });
    await new Promise((r) => setTimeout(r, 400));
    const res = await a!.gql(
      `mutation ($id: ID!) { updateRootspace(id: $id, input: { nameAr: "الجمهورية اللبنانية" }) { id } }`,
      { id: data!.rootspace.id },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    expect(await got).toEqual({ nameAr: "الجمهورية اللبنانية" });
    await client.dispose();
  });
});
