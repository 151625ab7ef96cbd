/** Public surface of the admin area: feature flags (stored, toggled at /admin/backoffice, enforced by every instance). */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { FeatureFlag } from "./feature-flag.entity.js";
import { FeatureFlagResolver } from "./flag.resolver.js";
import { turnEveryFlagOn } from "./flag.service.js";
import { adminReads } from "./admin.reads.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    /** An admin changed a flag: every instance drops its snapshot. */
    FEATURE_FLAG_CHANGED: [{ key: string; enabled: boolean }];
  }
}

export { createFlagStore, FLAG_REFRESH_SQL_TAG, type FlagStore } from "./flag.store.js";
export { turnEveryFlagOn };

export const adminArea = defineArea({
  name: "admin",
  reads: adminReads,
  // Flags of areas not built yet, with the defaults the spec gives them: each moves to its
  // area's manifest when the area comes (messaging, work, Tree Haven, the lab, the congress,
  // My Grove, investments).
  flags: {
    encryptedMessaging: true,
    jobsMarketplace: false,
    treeHaven: false,
    heritageLab: false,
    diasporaCongress: false,
    myGrove: false,
    investments: false,
  },
  tables: ["feature_flags"],
  resolvers: [FeatureFlagResolver],
  entities: [FeatureFlag],
  topics: ["FEATURE_FLAG_CHANGED"],
  management: [{ path: "/admin/backoffice", roles: [Role.ADMIN] }],
  seed: turnEveryFlagOn,
});
