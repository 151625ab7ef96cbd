import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("rootspaceUpdated subscription", () => {
  it("delivers an admin's committed change to WebSocket subscribers, filtered by slug", async () => {
    const admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
    const { data } = await server.gql<{ rootspace: { id: string } }>(`{ rootspace(slug: "lebanon") { id } }`);
    const client = server.ws();
    const received: { slug: string; nameFr: string }[] = [];
    const other: unknown[] = [];
    const gotOne = new Promise<void>((resolve, reject) => {
      client.subscribe<{ rootspaceUpdated: { slug: string; nameFr: string } }>(
        { query: `subscription { rootspaceUpdated(slug: "lebanon") { slug nameFr } }` },
        {
          next: (v) => {
            received.push(v.data!.rootspaceUpdated);
            resolve();
          },
          error: reject,
          complete: () => undefined,
        },
      );
      client.subscribe(
        { query: `subscription { rootspaceUpdated(slug: "elsewhere") { slug } }` },
        { next: (v) => other.push(v), error: reject, complete: () => undefined },
      );
    });
    // graphql-ws acknowledges subscriptions asynchronously; give the server a moment to register them.
    await new Promise((r) => setTimeout(r, 300));
    const res = await server.gql(
      `mutation ($id: ID!) { updateRootspace(id: $id, input: { nameFr: "Liban (mis à jour)" }) { id } }`,
      { id: data!.rootspace.id },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    await gotOne;
    expect(received).toEqual([{ slug: "lebanon", nameFr: "Liban (mis à jour)" }]);
    expect(other).toEqual([]);
    await client.dispose();
  });

  it("a refused mutation publishes nothing", async () => {
    const client = server.ws();
    const events: unknown[] = [];
    client.subscribe(
      { query: `subscription { rootspaceUpdated { slug } }` },
      { next: (v) => events.push(v), error: () => undefined, complete: () => undefined },
    );
    await new Promise((r) => setTimeout(r, 300));
    const { data } = await server.gql<{ rootspace: { id: string } }>(`{ rootspace(slug: "lebanon") { id } }`);
    await server.gql(`mutation ($id: ID!) { updateRootspace(id: $id, input: { currency: "bad" }) { id } }`, { id: data!.rootspace.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual([]);
    await client.dispose();
  });
});
