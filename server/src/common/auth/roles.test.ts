import { describe, expect, it } from "@jest/globals";
import { activeRoles, hasAnyRole, mainRole, Role, ROLE_RANK } from "./roles.js";

describe("roles (spec §6)", () => {
  it("ranks in tens, admin 80 down to member 10, the spec's eight in their order and the document officer at 65", () => {
    expect(Object.values(ROLE_RANK).sort((a, b) => b - a)).toEqual([80, 70, 65, 60, 50, 40, 30, 20, 10]);
    const spec = [
      Role.ADMIN,
      Role.MODERATOR,
      Role.MUNICIPAL_OFFICER,
      Role.INVESTOR_VERIFIED,
      Role.DNA_SPECIALIST,
      Role.LOCAL_ROOT_CURATOR,
      Role.EDITOR,
      Role.MEMBER,
    ];
    expect([...spec].sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])).toEqual(spec);
    expect(ROLE_RANK[Role.DOCUMENT_OFFICER]).toBe(65);
    expect(mainRole([Role.DOCUMENT_OFFICER, Role.MUNICIPAL_OFFICER])).toBe(Role.DOCUMENT_OFFICER);
  });

  it("ignores expired grants, and everyone is at least a member", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    const roles = activeRoles(
      [
        { role: Role.ADMIN, expiresAt: new Date("2026-11-21T00:00:00Z") },
        { role: Role.EDITOR, expiresAt: new Date("2026-12-01T00:00:00Z") },
        { role: Role.DNA_SPECIALIST, expiresAt: null },
      ],
      now,
    );
    expect(roles).toEqual([Role.DNA_SPECIALIST, Role.EDITOR, Role.MEMBER]);
    expect(activeRoles([], now)).toEqual([Role.MEMBER]);
  });

  it("the highest rank is the main role", () => {
    expect(mainRole([Role.EDITOR, Role.MODERATOR, Role.MEMBER])).toBe(Role.MODERATOR);
    expect(mainRole([])).toBe(Role.MEMBER);
  });

  it("admin passes every check; others need one of the roles", () => {
    expect(hasAnyRole([Role.ADMIN, Role.MEMBER], [Role.MODERATOR])).toBe(true);
    expect(hasAnyRole([Role.EDITOR, Role.MEMBER], [Role.MODERATOR, Role.EDITOR])).toBe(true);
    expect(hasAnyRole([Role.MEMBER], [Role.EDITOR])).toBe(false);
  });
});
