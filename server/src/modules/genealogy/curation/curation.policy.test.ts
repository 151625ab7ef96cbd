import { describe, expect, it } from "@jest/globals";
import { Role } from "../../../common/auth/roles.js";
import { principalOf, type Principal } from "../../../common/auth/principal.js";
import { accessTo, type PolicyRow } from "../people/person.policy.js";
import { curates, mayReview } from "./curation.policy.js";

const A = "00000000-0000-7000-8000-00000000000a";
const B = "00000000-0000-7000-8000-00000000000b";
const member = (roles: Role[], curatedVillageIds: string[] = []) => ({
  userId: "u1",
  sessionId: "s",
  roles: [...roles, Role.MEMBER],
  curatedVillageIds,
});
const viewer = (roles: Role[], curatedVillageIds: string[] = []): Principal => principalOf(member(roles, curatedVillageIds));
const app = { appId: "a", clientId: "app_test", accountId: null, scopes: [], budget: 100 };
const living = (village_id: string | null): PolicyRow => ({
  id: "p",
  created_by: "other",
  user_id: null,
  is_public: true,
  living: true,
  village_id,
  privacy_settings: { showBirthDate: false, showLocation: false, showContact: false },
});

describe("curators act on their villages only", () => {
  it("a curator curates the villages assigned to them, and only while they hold the role", () => {
    expect(curates(viewer([Role.LOCAL_ROOT_CURATOR], [A]), A)).toBe(true);
    expect(curates(viewer([Role.LOCAL_ROOT_CURATOR], [A]), B)).toBe(false);
    expect(curates(viewer([Role.LOCAL_ROOT_CURATOR], [A]), null)).toBe(false);
    expect(curates(viewer([], [A]), A)).toBe(false);
  });

  it("partial view of living people in their villages; private elsewhere", () => {
    const c = viewer([Role.LOCAL_ROOT_CURATOR], [A]);
    expect(accessTo(c, living(A))).toBe("partial");
    expect(accessTo(c, living(B))).toBe("private");
    expect(accessTo(viewer([Role.EDITOR]), living(B))).toBe("full");
  });

  it("a partner app alone has a visitor's rights; acting for a member, that member's", () => {
    expect(accessTo(principalOf(member([], []), app), living(A))).toBe("private");
    expect(accessTo({ kind: "app", app, member: null }, living(A))).toBe("private");
    expect(mayReview({ kind: "app", app, member: null }, [A])).toBe(false);
    expect(accessTo({ kind: "app", app, member: member([Role.EDITOR]) }, living(B))).toBe("full");
    expect(curates({ kind: "app", app, member: member([Role.LOCAL_ROOT_CURATOR], [A]) }, A)).toBe(true);
  });

  it("editors and admins review everywhere; members nowhere", () => {
    expect(mayReview(viewer([Role.EDITOR]), [B])).toBe(true);
    expect(mayReview(viewer([Role.ADMIN]), [null])).toBe(true);
    expect(mayReview(viewer([]), [A])).toBe(false);
    expect(mayReview(viewer([Role.LOCAL_ROOT_CURATOR], [A]), [B, A])).toBe(true);
  });
});
