import { describe, expect, it } from "@jest/globals";
import { hasScope, memberOf, principalOf, viewerOf } from "./principal.js";
import { Role } from "./roles.js";
import { anonymousViewer, type Viewer } from "./viewer.js";

const curator: Viewer = { userId: "u1", sessionId: "s1", roles: [Role.LOCAL_ROOT_CURATOR], curatedVillageIds: ["v1"] };
const app = { appId: "a1", clientId: "app_test", accountId: null, scopes: ["read:public"], budget: 1000 };

describe("the principal", () => {
  it("is a visitor, a member, or an app alone or for a member", () => {
    expect(principalOf(anonymousViewer())).toEqual({ kind: "visitor" });
    expect(principalOf(curator)).toEqual({ kind: "member", member: curator });
    expect(principalOf(anonymousViewer(), app)).toEqual({ kind: "app", app, member: null });
    expect(principalOf(curator, app)).toEqual({ kind: "app", app, member: curator });
  });

  it("an app alone has a visitor's rights; for a member, the member's, within its scopes", () => {
    expect(viewerOf(principalOf(anonymousViewer(), app))).toEqual(anonymousViewer());
    expect(memberOf(principalOf(curator, app))).toBe(curator);
    expect(hasScope(principalOf(curator, app), "read:public")).toBe(true);
    expect(hasScope(principalOf(curator, app), "write:tree")).toBe(false);
    expect(hasScope(principalOf(curator), "write:tree")).toBe(true);
  });
});
