import { describe, expect, it } from "@jest/globals";
import { principalOf } from "../../common/auth/principal.js";
import { Role } from "../../common/auth/roles.js";
import { anonymousViewer, type Viewer } from "../../common/auth/viewer.js";
import { AppError } from "../../common/errors.js";
import { mayReadReceipt, walletHolder } from "./money.policy.js";

const maya: Viewer = { userId: "u-maya", sessionId: "s1", roles: [Role.MEMBER], curatedVillageIds: [] };
const admin: Viewer = { userId: "u-admin", sessionId: "s2", roles: [Role.ADMIN], curatedVillageIds: [] };
const app = { appId: "a1", clientId: "app_test", accountId: null, scopes: ["read:public"], budget: 1000 };
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as AppError).code;
  }
  return "answered";
};

describe("money's policy", () => {
  it("a wallet is the member's, or the member's an app acts for; a visitor and an app alone have none", () => {
    expect(walletHolder(principalOf(maya))).toBe("u-maya");
    expect(walletHolder(principalOf(maya, app))).toBe("u-maya");
    expect(codeOf(() => walletHolder(principalOf(anonymousViewer())))).toBe("UNAUTHENTICATED");
    expect(codeOf(() => walletHolder(principalOf(anonymousViewer(), app)))).toBe("UNAUTHENTICATED");
  });

  it("a receipt is its payer's alone: not another member's, not even an admin's (staff use the desk)", () => {
    const receipt = { member_id: "u-maya" };
    expect(mayReadReceipt(principalOf(maya), receipt)).toBe(true);
    expect(mayReadReceipt(principalOf(maya, app), receipt)).toBe(true);
    expect(mayReadReceipt(principalOf(admin), receipt)).toBe(false);
    expect(mayReadReceipt(principalOf(anonymousViewer(), app), receipt)).toBe(false);
    expect(mayReadReceipt(principalOf(anonymousViewer()), receipt)).toBe(false);
  });
});
