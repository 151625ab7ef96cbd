import type { AreaLink } from "./area";
import { AREAS } from "./areas";

const byOrder = (a: AreaLink, b: AreaLink) => a.order - b.order;

/** Header links of the areas that exist, in their order. */
export const NAV_ITEMS: readonly AreaLink[] = AREAS.flatMap((area) => area.nav ?? []).sort(byOrder);

/** Footer links, in their order. */
export const FOOTER_LINKS: readonly AreaLink[] = AREAS.flatMap((area) => area.footer ?? []).sort(byOrder);
