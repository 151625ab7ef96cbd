import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, type TestServer } from "../support/server.js";

const GRANT = `mutation ($input: GrantRoleInput!) { grantRole(input: $input) { id displayName grants { role expiresAt reason active } } }`;
const REVOKE = `mutation ($input: RevokeRoleInput!) { revokeRole(input: $input) { grants { role } } }`;
const VIEWER = `{ viewer { roles mainRole can { accessManagement accessAdmin manageRoles readOutbox } } }`;
const gid = (id: string) => Buffer.from(`User:${id}`).toString("base64url");

let server: TestServer;
let admin: BuiltUser;
let moderator: BuiltUser;
let member: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }], displayName: "Admin" });
  moderator = await buildUser(server.ds, { roles: [{ role: Role.MODERATOR }] });
  member = await buildUser(server.ds, { displayName: "Samir Azar" });
});
afterAll(() => server.stop());

describe("viewer", () => {
  it("is null for a visitor", async () => {
    expect((await server.gql<{ viewer: unknown }>(VIEWER)).data!.viewer).toBeNull();
  });

  it("computes the main role and permissions from unexpired roles", async () => {
    const multi = await buildUser(server.ds, {
      roles: [{ role: Role.EDITOR }, { role: Role.DNA_SPECIALIST }, { role: Role.MODERATOR, expiresAt: new Date(Date.now() - 1000) }],
    });
    const res = await server.gql<{ viewer: { roles: string[]; mainRole: string; can: Record<string, boolean> } }>(
      VIEWER,
      {},
      { token: multi.token },
    );
    expect(res.data!.viewer).toEqual({
      roles: ["DNA_SPECIALIST", "EDITOR", "MEMBER"],
      mainRole: "DNA_SPECIALIST",
      can: { accessManagement: true, accessAdmin: false, manageRoles: false, readOutbox: false },
    });
    const plain = await server.gql<{ viewer: { roles: string[]; mainRole: string } }>(VIEWER, {}, { token: member.token });
    expect(plain.data!.viewer).toMatchObject({ roles: ["MEMBER"], mainRole: "MEMBER" });
  });
});

describe("grantRole / revokeRole", () => {
  it("need sign-in", async () => {
    const res = await server.gql(GRANT, { input: { userId: gid(member.id), role: "EDITOR", reason: "helps with villages" } });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("are refused to a moderator (admin only)", async () => {
    const res = await server.gql(
      GRANT,
      { input: { userId: gid(member.id), role: "EDITOR", reason: "helps with villages" } },
      { token: moderator.token },
    );
    expect(res.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const list = await server.gql(`{ members { totalCount } }`, {}, { token: moderator.token });
    expect(list.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("refuse bad input: no reason, past expiry, the implicit member role, unknown member", async () => {
    const noReason = await server.gql(GRANT, { input: { userId: gid(member.id), role: "EDITOR", reason: "" } }, { token: admin.token });
    expect(noReason.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "reason" })]);
    const past = await server.gql(
      GRANT,
      { input: { userId: gid(member.id), role: "EDITOR", reason: "temporary", expiresAt: "2020-01-01T00:00:00Z" } },
      { token: admin.token },
    );
    expect(past.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "expiresAt" })]);
    const implicit = await server.gql(
      GRANT,
      { input: { userId: gid(member.id), role: "MEMBER", reason: "everyone" } },
      { token: admin.token },
    );
    expect(implicit.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const ghost = await server.gql(
      GRANT,
      { input: { userId: gid("00000000-0000-7000-8000-000000000000"), role: "EDITOR", reason: "nobody" } },
      { token: admin.token },
    );
    expect(ghost.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("an admin grants a role with an expiry and a reason; it takes effect at once and is audited", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await server.gql<{ grantRole: { grants: { role: string; expiresAt: string; reason: string; active: boolean }[] } }>(
      GRANT,
      { input: { userId: gid(member.id), role: "LOCAL_ROOT_CURATOR", reason: "Curates Zahle records", expiresAt } },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.grantRole.grants).toEqual([{ role: "LOCAL_ROOT_CURATOR", expiresAt, reason: "Curates Zahle records", active: true }]);
    const me = await server.gql<{ viewer: { mainRole: string } }>(VIEWER, {}, { token: member.token });
    expect(me.data!.viewer.mainRole).toBe("LOCAL_ROOT_CURATOR");
    const [row]: { user_id: string; action: string; after: { reason: string } }[] = await server.ds.query(
      `SELECT user_id, action, after FROM audit_logs WHERE table_name = 'user_roles' AND record_id = $1`,
      [`${member.id}:local_root_curator`],
    );
    expect(row).toMatchObject({ user_id: admin.id, action: "grant_role", after: { reason: "Curates Zahle records" } });
  });

  it("an admin revokes a role; audited with the reason", async () => {
    const res = await server.gql<{ revokeRole: { grants: unknown[] } }>(
      REVOKE,
      { input: { userId: gid(member.id), role: "LOCAL_ROOT_CURATOR", reason: "Moved away" } },
      { token: admin.token },
    );
    expect(res.data!.revokeRole.grants).toEqual([]);
    const again = await server.gql(
      REVOKE,
      { input: { userId: gid(member.id), role: "LOCAL_ROOT_CURATOR", reason: "Moved away" } },
      { token: admin.token },
    );
    expect(again.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const audits: unknown[] = await server.ds.query(
      `SELECT 1 FROM audit_logs WHERE action = 'revoke_role' AND after->>'reason' = 'Moved away'`,
    );
    expect(audits).toHaveLength(1);
  });

  it("an admin cannot remove their own admin role", async () => {
    const res = await server.gql(REVOKE, { input: { userId: gid(admin.id), role: "ADMIN", reason: "oops" } }, { token: admin.token });
    expect(res.errors?.[0].extensions?.code).toBe("CONFLICT");
  });

  it("admins list and search members with their grants (one query for all grants)", async () => {
    const res = await server.gql<{ members: { totalCount: number; edges: { node: { displayName: string; grants: unknown[] } }[] } }>(
      `{ members(search: "samir", first: 10) { totalCount edges { node { displayName grants { role } } } } }`,
      {},
      { token: admin.token },
    );
    expect(res.data!.members.totalCount).toBe(1);
    expect(res.data!.members.edges[0].node.displayName).toBe("Samir Azar");
  });
});

describe("staff and admin areas on the server", () => {
  it("staffOverview (/management) needs admin, editor or moderator", async () => {
    expect((await server.gql(`{ staffOverview { members } }`, {}, { token: member.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const ok = await server.gql<{ staffOverview: { members: number } }>(
      `{ staffOverview { members roles { role count } } }`,
      {},
      { token: moderator.token },
    );
    expect(ok.data!.staffOverview.members).toBeGreaterThanOrEqual(3);
  });

  it("the outbox is admin-only", async () => {
    expect((await server.gql(`{ outbox { subject } }`, {}, { token: moderator.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(`{ outbox { subject } }`, {}, { token: admin.token })).errors).toBeUndefined();
  });

  it("node(id) shows a member to admins and to themself only", async () => {
    const q = `query ($id: ID!) { node(id: $id) { ... on Member { displayName } } }`;
    expect((await server.gql<{ node: unknown }>(q, { id: gid(member.id) }, { token: admin.token })).data!.node).toEqual({
      displayName: "Samir Azar",
    });
    expect((await server.gql<{ node: unknown }>(q, { id: gid(member.id) }, { token: member.token })).data!.node).toEqual({
      displayName: "Samir Azar",
    });
    expect((await server.gql<{ node: unknown }>(q, { id: gid(member.id) }, { token: moderator.token })).data!.node).toBeNull();
    expect((await server.gql<{ node: unknown }>(q, { id: gid(member.id) })).data!.node).toBeNull();
  });

  it("updateProfile changes the member's own details, audited", async () => {
    const res = await server.gql<{ updateProfile: { displayName: string; preferredLanguage: string } }>(
      `mutation { updateProfile(input: { displayName: "Samir A.", preferredLanguage: "fr" }) { displayName preferredLanguage } }`,
      {},
      { token: member.token },
    );
    expect(res.data!.updateProfile).toEqual({ displayName: "Samir A.", preferredLanguage: "fr" });
    const bad = await server.gql(
      `mutation { updateProfile(input: { preferredLanguage: "de" }) { displayName } }`,
      {},
      { token: member.token },
    );
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await server.gql(`mutation { updateProfile(input: { displayName: "X" }) { displayName } }`)).errors?.[0].extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
  });
});
