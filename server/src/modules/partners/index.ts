/**
 * Public surface of the partner API: partner sites register apps (OAuth clients) that
 * moderators approve; apps read public data with client credentials, or a member's tree with
 * their consent (code flow with PKCE); members see and revoke what they granted.
 */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { sweepJob, webhookJob } from "./jobs.js";
import { partnerNotifications } from "./notifications.js";
import { oauthRoutes } from "./oauth/routes.js";
import { partnerAppPolicy } from "./partners.policy.js";
import { partnersReads } from "./partners.reads.js";
import { PartnersResolver } from "./partners.resolver.js";
import { WebhooksResolver } from "./webhooks/webhooks.resolver.js";

export { resolveAppToken, type AppRequester } from "./app-tokens.js";
export { appBudgetGate, costExtension } from "./budget-gate.js";
/** What an app pays for one use of a route open to it (a GEDCOM export or upload), in cost points. */
export const APP_ROUTE_COST = 1000;
export { TTL as OAUTH_TTL } from "./oauth/resource.js";
export type AppBudgetGate = ReturnType<typeof import("./budget-gate.js").appBudgetGate>;

export const PARTNER_TABLES = [
  "partner_apps",
  "oauth_artifacts",
  "oauth_keys",
  "partner_app_usage",
  "partner_webhooks",
  "partner_webhook_deliveries",
] as const;

export const partnersArea = defineArea({
  name: "partners",
  tables: PARTNER_TABLES,
  resolvers: [PartnersResolver, WebhooksResolver],
  http: (services) => [oauthRoutes(services)],
  jobs: [sweepJob, webhookJob],
  notifications: partnerNotifications,
  reads: partnersReads,
  policies: { PartnerAppViewerCan: partnerAppPolicy },
  management: [{ path: "/management/partners", roles: [Role.MODERATOR] }],
  hooks: {
    onVillageMerge: {
      // A subscription to the merged-away village watches the kept one; one already there stays alone.
      "partner_webhooks.village_id": async (tx, { from, into }) => {
        await tx.query(
          `DELETE FROM partner_webhooks w WHERE w.village_id = $1
              AND EXISTS (SELECT 1 FROM partner_webhooks k WHERE k.app_id = w.app_id AND k.event = w.event AND k.village_id = $2)`,
          [from.id, into.id],
        );
        const [, n] = await tx.query(`UPDATE partner_webhooks SET village_id = $2 WHERE village_id = $1`, [from.id, into.id]);
        return n as number;
      },
    },
    onAccountDelete: async (tx, userId) => {
      // Their grants end with them; their apps go (usage and artifacts of the apps with them).
      await tx.query(`DELETE FROM oauth_artifacts WHERE account_id = $1`, [userId]);
      await tx.query(`DELETE FROM oauth_artifacts WHERE client_id IN (SELECT client_id FROM partner_apps WHERE owner_id = $1)`, [userId]);
      await tx.query(`DELETE FROM partner_apps WHERE owner_id = $1`, [userId]);
    },
  },
});
