/**
 * Every feature flag and its production default (product-spec §9): a database row overrides
 * the default, a missing row means it. An area's manifest may only name a flag listed here
 * (app/schema.ts checks at start), so a new flag always comes with a chosen default.
 */
export const FLAG_DEFAULTS: Readonly<Record<string, boolean>> = {
  ancestryDocuments: true,
  familyTree: true,
  encryptedMessaging: true,
  excelIngestion: true,
  villageHubs: false,
  jobsMarketplace: false,
  treeHaven: false,
  heritageLab: false,
  diasporaCongress: false,
  myGrove: false,
  investments: false,
};

export const FLAG_KEYS: readonly string[] = Object.keys(FLAG_DEFAULTS);

export const isKnownFlag = (key: string): boolean => Object.hasOwn(FLAG_DEFAULTS, key);
