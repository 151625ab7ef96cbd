/** The platform's own redirects (spec §2): old paths that lead to current ones. */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: "/full/admin", to: "/admin" },
  { from: "/village-hubs", to: "/root-hubs" },
  { from: "/congress", to: "/opinions" },
  { from: "/trees-registry", to: "/management/trees" },
];
