import { definePolicy } from "../../common/auth/policy.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";
import { hasAnyRole, Role } from "../../common/auth/roles.js";
import type { AppRow } from "./apps.store.js";

/** Reviews partner apps (approve, suspend, budgets): moderators and admins. */
export const isPartnerStaff = (who: Principal): boolean => who.kind === "member" && hasAnyRole(who.member.roles, [Role.MODERATOR]);

/** The member who registered the app (never an app token: apps do not manage apps). */
export const isAppOwner = (who: Principal, row: Pick<AppRow, "owner_id">): boolean =>
  who.kind === "member" && memberOf(who)?.userId === row.owner_id;

/** What a viewer may do with a partner app; the services ask the same rules again before acting. */
export const partnerAppPolicy = definePolicy(
  ["rotate", "approve", "suspend", "setBudget"] as const,
  (who, action, row: Pick<AppRow, "owner_id" | "state">) => {
    switch (action) {
      case "rotate":
        return isAppOwner(who, row);
      case "approve":
        return isPartnerStaff(who) && row.state !== "approved";
      case "suspend":
        return isPartnerStaff(who) && row.state !== "suspended";
      case "setBudget":
        return isPartnerStaff(who);
    }
  },
);
