import type { AreaManifest } from "../common/area.js";
import { installAreaHooks } from "../common/area-hooks.js";
import { installFlagCatalogue } from "../common/flag-catalogue.js";
import { accountsArea } from "./accounts/index.js";
import { adminArea } from "./admin/index.js";
import { analyticsArea } from "./analytics/index.js";
import { ancestryArea } from "./ancestry/index.js";
import { auditArea } from "./audit/index.js";
import { ballotsArea } from "./ballots/index.js";
import { genealogyArea } from "./genealogy/index.js";
import { ingestionArea } from "./ingestion/index.js";
import { mailArea } from "./mail/index.js";
import { mediaArea } from "./media/index.js";
import { moneyArea } from "./money/index.js";
import { notificationsArea } from "./notifications/index.js";
import { partnersArea } from "./partners/index.js";
import { rootpediaArea } from "./rootpedia/index.js";
import { rootspacesArea } from "./rootspaces/index.js";
import { securityArea } from "./security/index.js";

/**
 * Every area of the server, in seeding order. `app/` (schema, node loaders, routes) and
 * `db/` (entities, demo seed) read only this list: a new area adds one line here.
 */
export const AREAS: readonly AreaManifest[] = [
  rootspacesArea,
  accountsArea,
  auditArea,
  analyticsArea,
  mailArea,
  notificationsArea,
  securityArea,
  adminArea,
  genealogyArea,
  ingestionArea,
  mediaArea,
  rootpediaArea,
  ballotsArea,
  moneyArea,
  ancestryArea,
  partnersArea,
];

installAreaHooks(AREAS);
installFlagCatalogue(AREAS);
