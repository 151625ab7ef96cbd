import type { AreaLink, HeaderItem } from "./area";
import { AREAS } from "./areas";

/** A header or footer link with the feature flags it needs (its area's and its own). */
export interface ShellLink extends AreaLink {
  flags: readonly string[];
}

const byOrder = (a: AreaLink, b: AreaLink) => a.order - b.order;
const withFlags =
  (areaFlag: string | undefined) =>
  (link: AreaLink): ShellLink => ({
    ...link,
    flags: [areaFlag, link.flag].filter((f): f is string => Boolean(f)),
  });

/** Header links of the areas that exist, in their order; the layout hides those whose flags are off. */
export const NAV_ITEMS: readonly ShellLink[] = AREAS.flatMap((area) => (area.nav ?? []).map(withFlags(area.flag))).sort(byOrder);

/** Footer links, in their order. */
export const FOOTER_LINKS: readonly ShellLink[] = AREAS.flatMap((area) => (area.footer ?? []).map(withFlags(area.flag))).sort(byOrder);

/** The signed-in member's header widgets, with the feature flag of their area. */
export const MEMBER_HEADER: readonly (HeaderItem & { flags: readonly string[] })[] = AREAS.flatMap((area) =>
  (area.memberHeader ?? []).map((item) => ({ ...item, flags: area.flag ? [area.flag] : [] })),
);
