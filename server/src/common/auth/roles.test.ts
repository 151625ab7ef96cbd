import { describe, expect, it } from "@jest/globals";
import { activeRoles, hasAnyRole, mainRole, Role, ROLE_RANK } from "./roles.js";

describe("roles (spec §6)", () => {
  it("ranks admin 8 down to member 1", () => {
    expect(Object.values(ROLE_RANK).sort((a, b) => b - a)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(ROLE_RANK[Role.ADMIN]).toBe(8);
    expect(ROLE_RANK[Role.LOCAL_ROOT_CURATOR]).toBe(3);
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
