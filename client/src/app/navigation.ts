/** Navigation entries of the areas that exist; each area adds its entry when it ships. */
export const NAV_ITEMS = [
  { to: "/", labelKey: "nav.home", end: true },
  { to: "/villages", labelKey: "nav.villages", end: false },
  { to: "/treebuilder", labelKey: "nav.treebuilder", end: false },
  { to: "/about", labelKey: "nav.about", end: false },
] as const;

export const FOOTER_LINKS = [
  { to: "/privacy", labelKey: "footer.privacy" },
  { to: "/terms", labelKey: "footer.terms" },
  { to: "/cookies", labelKey: "footer.cookies" },
  { to: "/health", labelKey: "footer.status" },
  { to: "/diagnostics", labelKey: "footer.diagnostics" },
] as const;
