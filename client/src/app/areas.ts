import { adminArea } from "../features/admin/area";
import { ancestryArea } from "../features/ancestry/area";
import { authArea } from "../features/auth/area";
import { ballotsArea } from "../features/ballots/area";
import { curationArea } from "../features/curation/area";
import { dashboardArea } from "../features/dashboard/area";
import { homeArea } from "../features/home/area";
import { ingestionArea } from "../features/ingestion/area";
import { legalArea } from "../features/legal/area";
import { managementArea } from "../features/management/area";
import { moneyArea } from "../features/money/area";
import { namesArea } from "../features/names/area";
import { notificationsArea } from "../features/notifications/area";
import { partnersArea } from "../features/partners/area";
import { peopleArea } from "../features/people/area";
import { rootpediaArea } from "../features/rootpedia/area";
import { rootspacesArea } from "../features/rootspaces/area";
import { settingsArea } from "../features/settings/area";
import { systemArea } from "../features/system/area";
import { villagesArea } from "../features/villages/area";
import type { ClientArea } from "./area";

/** Every client area; the router and the header and footer links read only this list. A new area adds one line. */
export const AREAS: readonly ClientArea[] = [
  homeArea,
  villagesArea,
  rootpediaArea,
  ballotsArea,
  peopleArea,
  namesArea,
  ingestionArea,
  legalArea,
  systemArea,
  authArea,
  dashboardArea,
  settingsArea,
  notificationsArea,
  managementArea,
  moneyArea,
  ancestryArea,
  partnersArea,
  curationArea,
  adminArea,
  rootspacesArea,
];
