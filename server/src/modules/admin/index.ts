/** Public surface of the admin area: feature flags (stored, toggled at /admin/backoffice, enforced by every instance). */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { FeatureFlag } from "./feature-flag.entity.js";
import { FeatureFlagResolver } from "./flag.resolver.js";
import { turnEveryFlagOn } from "./flag.service.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    /** An admin changed a flag: every instance drops its snapshot. */
    FEATURE_FLAG_CHANGED: [{ key: string; enabled: boolean }];
  }
}

export { createFlagStore, FLAG_REFRESH_SQL_TAG, type FlagStore } from "./flag.store.js";
export { FLAG_DEFAULTS, isKnownFlag } from "./flags.catalog.js";
export { turnEveryFlagOn };

export const adminArea = defineArea({
  name: "admin",
  tables: ["feature_flags"],
  resolvers: [FeatureFlagResolver],
  entities: [FeatureFlag],
  topics: ["FEATURE_FLAG_CHANGED"],
  management: [{ path: "/admin/backoffice", roles: [Role.ADMIN] }],
  seed: turnEveryFlagOn,
});
