import { all, type ReadTags } from "../../common/auth/reads.js";

/**
 * Who reads what of partner apps: an app is its developer's (`self`, through `myApps`) and the
 * moderators' (`partnerApps`); a grant is its member's. The secret is returned once, to its owner.
 */
export const partnersReads: ReadTags = {
  PartnerAppViewerCan: all("anyone", "approve rotate setBudget suspend"),
  PartnerApp: all(
    "self",
    "budgetPerHour clientId createdAt decidedAt decisionReason id name ownerName redirectUris scopes secretRotatedAt state viewerCan webhookUrl",
  ),
  RegisteredApp: all("self", "app clientSecret webhookSecret"),
  OAuthGrantApp: all("self", "clientId name ownerName"),
  OAuthGrant: all("self", "app grantedAt id scopes"),
  AppProfile: all("self", "displayName id language"),
  RateLimit: all("self", "limit remaining resetAt"),
  AppUsageHour: all("self", "hour refused requests spent"),
  ExplorerToken: all("self", "expiresAt scopes token"),
  Webhook: all("self", "createdAt event id villageId"),
  WebhookDelivery: all("self", "attempts createdAt event id lastError lastStatus nextAttemptAt nodeId occurredAt state"),
};
