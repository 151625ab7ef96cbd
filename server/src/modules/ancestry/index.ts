/**
 * Public surface of ancestry documents: members request official Lebanese records (civil
 * extracts, certificates, church and religious-court records) for a person of their tree, pay
 * through the money core (one hold per fee line), and follow each request along its delivery
 * type's path to delivery; document officers work them at /management/ancestry.
 */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { AncestryResolver } from "./ancestry.resolver.js";
import { documentRequestPolicy } from "./ancestry.policy.js";
import { ancestryReads } from "./ancestry.reads.js";
import { AncestryDeskResolver } from "./desk.resolver.js";
import { ancestryFileRoutes } from "./files.route.js";
import { holidaysJob, settleJob, slaJob } from "./jobs.js";
import { ancestryNotifications } from "./notifications.js";
import { seedDemoRate } from "./demo-seed.js";

export { canMove, pathOf, type RequestState, type Delivery } from "./states.js";
export { addBusinessDays, businessDaysBetween } from "./business-days.js";

export const ANCESTRY_TABLES = [
  "ancestry_document_types",
  "ancestry_requests",
  "ancestry_request_lines",
  "ancestry_request_events",
  "ancestry_request_files",
  "public_holidays",
] as const;

export const ancestryArea = defineArea({
  name: "ancestry",
  flags: { ancestryDocuments: true },
  flag: "ancestryDocuments",
  tables: ANCESTRY_TABLES,
  resolvers: [AncestryResolver, AncestryDeskResolver],
  http: (services) => [ancestryFileRoutes(services)],
  jobs: [settleJob, slaJob, holidaysJob],
  notifications: ancestryNotifications,
  reads: ancestryReads,
  policies: { DocumentRequestViewerCan: documentRequestPolicy },
  management: [{ path: "/management/ancestry", roles: [Role.DOCUMENT_OFFICER, Role.MODERATOR] }],
  seed: seedDemoRate,
  hooks: {
    onVillageMerge: {
      "ancestry_requests.registration_village_id": async (tx, { from, into }) => {
        const [, n] = await tx.query(`UPDATE ancestry_requests SET registration_village_id = $2 WHERE registration_village_id = $1`, [
          from.id,
          into.id,
        ]);
        return n as number;
      },
    },
    onPersonMerge: async (tx, { keepId, goneId }) => {
      await tx.query(`UPDATE ancestry_requests SET person_id = $1 WHERE person_id = $2`, [keepId, goneId]);
    },
  },
});
