import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildRootspaces } from "../factories/rootspaces.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

const LEBANON = `{ rootspace(slug: "lebanon") { id name nameAr nameFr slug countryCode flagEmoji currency timezone isActive lat lng themeColor description descriptionAr descriptionFr createdAt updatedAt } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateRootspaceInput!) { updateRootspace(id: $id, input: $input) { id slug name currency timezone } }`;

let server: TestServer;
let admin: BuiltUser;
let member: BuiltUser;
let lebanonId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
  member = await buildUser(server.ds);
  const res = await server.gql<{ rootspace: { id: string } }>(LEBANON);
  lebanonId = res.data!.rootspace.id;
});
afterAll(() => server.stop());

describe("rootspace queries", () => {
  it("every database has the default Lebanon rootspace with every spec field", async () => {
    const res = await server.gql<{ rootspace: Record<string, unknown> }>(LEBANON);
    expect(res.errors).toBeUndefined();
    expect(res.data!.rootspace).toMatchObject({
      name: "Lebanon",
      nameAr: "لبنان",
      nameFr: "Liban",
      slug: "lebanon",
      countryCode: "LB",
      currency: "USD",
      timezone: "Asia/Beirut",
      isActive: true,
      themeColor: "#2D5BA8",
    });
    expect(typeof res.data!.rootspace.lat).toBe("number");
    expect(new Date(res.data!.rootspace.createdAt as string).getTime()).not.toBeNaN();
  });

  it("an unknown slug is NOT_FOUND, translated for the reader", async () => {
    const en = await server.gql(`{ rootspace(slug: "atlantis") { id } }`);
    expect(en.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(en.errors?.[0].message).toBe("Not found.");
    const ar = await server.gql(`{ rootspace(slug: "atlantis") { id } }`, {}, { language: "ar" });
    expect(ar.errors?.[0].message).toBe("غير موجود.");
    const fr = await server.gql(`{ rootspace(slug: "atlantis") { id } }`, {}, { language: "fr-CA,fr;q=0.9" });
    expect(fr.errors?.[0].message).toBe("Introuvable.");
  });

  it("a malformed slug is BAD_USER_INPUT naming the field", async () => {
    const res = await server.gql(`{ rootspace(slug: "Not A Slug!") { id } }`);
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "slug" })]);
  });

  it("inactive rootspaces are hidden from visitors; only admins may ask for them", async () => {
    await buildRootspaces(server.ds, 1, { prefix: "dormant", isActive: false });
    const list = await server.gql<{ rootspaces: { edges: { node: { slug: string } }[] } }>(`{ rootspaces { edges { node { slug } } } }`);
    expect(list.data!.rootspaces.edges.map((e) => e.node.slug)).not.toContain("dormant-001");
    const bySlug = await server.gql(`{ rootspace(slug: "dormant-001") { id } }`);
    expect(bySlug.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const asMember = await server.gql(`{ rootspaces(includeInactive: true) { totalCount } }`, {}, { token: member.token });
    expect(asMember.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const asAdmin = await server.gql<{ rootspaces: { edges: { node: { slug: string } }[] } }>(
      `{ rootspaces(includeInactive: true, first: 100) { edges { node { slug } } } }`,
      {},
      { token: admin.token },
    );
    expect(asAdmin.data!.rootspaces.edges.map((e) => e.node.slug)).toContain("dormant-001");
  });
});

describe("updateRootspace", () => {
  it("needs sign-in", async () => {
    const res = await server.gql(UPDATE, { id: lebanonId, input: { name: "Hacked" } });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(res.errors?.[0].message).toBe("Please sign in to access this feature.");
  });

  it("refuses a member (wrong role) and changes nothing", async () => {
    const res = await server.gql(UPDATE, { id: lebanonId, input: { name: "Hacked" } }, { token: member.token });
    expect(res.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const after = await server.gql<{ rootspace: { name: string } }>(LEBANON);
    expect(after.data!.rootspace.name).toBe("Lebanon");
  });

  it("ignores an expired admin role", async () => {
    const lapsed = await buildUser(server.ds, { roles: [{ role: Role.ADMIN, expiresAt: new Date(Date.now() - 60_000) }] });
    const res = await server.gql(UPDATE, { id: lebanonId, input: { name: "Hacked" } }, { token: lapsed.token });
    expect(res.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("rejects bad input field by field and changes nothing", async () => {
    const res = await server.gql(
      UPDATE,
      { id: lebanonId, input: { currency: "usd", timezone: "Mars/Olympus", lat: 123 } },
      { token: admin.token },
    );
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const fields = (res.errors?.[0].extensions?.fields as { field: string; message: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(["currency", "lat", "timezone"]);
    const after = await server.gql<{ rootspace: { currency: string } }>(LEBANON);
    expect(after.data!.rootspace.currency).toBe("USD");
  });

  it("a missing rootspace is NOT_FOUND", async () => {
    const missing = Buffer.from("Rootspace:zz").toString("base64url");
    const res = await server.gql(UPDATE, { id: missing, input: { name: "Nowhere" } }, { token: admin.token });
    expect(res.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const wrongType = Buffer.from("Person:lb").toString("base64url");
    const res2 = await server.gql(UPDATE, { id: wrongType, input: { name: "Nowhere" } }, { token: admin.token });
    expect(res2.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("a slug already in use is a CONFLICT", async () => {
    await buildRootspaces(server.ds, 1, { prefix: "taken" });
    const res = await server.gql(UPDATE, { id: lebanonId, input: { slug: "taken-001" } }, { token: admin.token });
    expect(res.errors?.[0].extensions?.code).toBe("CONFLICT");
  });

  it("an admin's change is saved and read back", async () => {
    const res = await server.gql<{ updateRootspace: { name: string; timezone: string } }>(
      UPDATE,
      { id: lebanonId, input: { nameFr: "République libanaise", timezone: "Asia/Beirut" } },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    const after = await server.gql<{ rootspace: { nameFr: string; name: string } }>(LEBANON);
    expect(after.data!.rootspace).toMatchObject({ nameFr: "République libanaise", name: "Lebanon" });
  });
});
