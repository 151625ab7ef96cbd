import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";

export enum PartnerAppState {
  PENDING = "pending",
  APPROVED = "approved",
  SUSPENDED = "suspended",
}
registerEnumType(PartnerAppState, {
  name: "PartnerAppState",
  description: "A partner app waits for review, may get tokens, or is stopped.",
});

@ObjectType("PartnerAppViewerCan", { description: "What the viewer may do with this app." })
export class PartnerAppViewerCan {
  @Field(() => Boolean, { description: "Replace the client secret (its owner)." })
  rotate: boolean;

  @Field(() => Boolean, { description: "Set the app's points per hour (moderators)." })
  setBudget: boolean;

  @Field(() => Boolean)
  approve: boolean;

  @Field(() => Boolean)
  suspend: boolean;
}

@ObjectType("PartnerApp", { description: "A partner site's app: an OAuth client of the Roots API." })
export class PartnerAppView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { description: "The OAuth client_id." })
  clientId: string;

  @Field(() => [String], { description: "Exact redirect URIs for the code flow (none: client credentials only)." })
  redirectUris: string[];

  @Field(() => [String])
  scopes: string[];

  @Field(() => String, { nullable: true })
  webhookUrl: string | null;

  @Field(() => PartnerAppState)
  state: PartnerAppState;

  @Field(() => String, { nullable: true, description: "Who registered it (staff see it on the review page)." })
  ownerName: string | null;

  @Field(() => Int, { nullable: true, description: "Cost points per hour, when staff set one (else the default)." })
  budgetPerHour: number | null;

  @Field(() => String, { nullable: true })
  decisionReason: string | null;

  @Field(() => Date, { nullable: true })
  decidedAt: Date | null;

  @Field(() => Date)
  secretRotatedAt: Date;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => PartnerAppViewerCan)
  viewerCan: PartnerAppViewerCan;
}

@ObjectType("RegisteredApp", { description: "An app with its new client secret: shown this once, never again." })
export class RegisteredAppView {
  @Field(() => PartnerAppView)
  app: PartnerAppView;

  @Field(() => String)
  clientSecret: string;

  @Field(() => String, {
    description: "The key the app's webhooks are signed with (HMAC-SHA256 over `timestamp.body`); shown with the secret.",
  })
  webhookSecret: string;
}

@ObjectType("OAuthGrantApp", { description: "The app a member let in." })
export class OAuthGrantAppView {
  @Field(() => String)
  name: string;

  @Field(() => String)
  clientId: string;

  @Field(() => String, { nullable: true })
  ownerName: string | null;
}

@ObjectType("OAuthGrant", { description: "A member's consent to an app: what it may read or do for them, until revoked." })
export class OAuthGrantView {
  @Field(() => ID)
  id: string;

  @Field(() => OAuthGrantAppView)
  app: OAuthGrantAppView;

  @Field(() => [String])
  scopes: string[];

  @Field(() => Date)
  grantedAt: Date;
}

@InputType({ description: "A new partner app." })
export class RegisterAppInput {
  @Field(() => String)
  name: string;

  @Field(() => [String], { description: "https, or http on localhost, 127.0.0.1 or [::1]; compared exactly." })
  redirectUris: string[];

  @Field(() => [String])
  scopes: string[];

  @Field(() => String, { nullable: true, description: "https; villages and consenting members' trees changed." })
  webhookUrl?: string | null;
}

@ObjectType("AppProfile", { description: "The consenting member as an app with `profile:read` sees them." })
export class AppProfileView {
  @Field(() => ID, { description: "The member's global id (stable: partners may store it)." })
  id: string;

  @Field(() => String)
  displayName: string;

  @Field(() => String, { description: "The member's language: ar, en or fr." })
  language: string;
}

@ObjectType("RateLimit", { description: "An app's budget of cost points for the current hour (every server shares it)." })
export class RateLimitView {
  @Field(() => Int, { description: "Points an hour (0: no limit)." })
  limit: number;

  @Field(() => Int, { description: "Points left this hour (-1: no limit)." })
  remaining: number;

  @Field(() => Date)
  resetAt: Date;
}

@ObjectType("AppUsageHour", { description: "What an app spent in one hour." })
export class AppUsageHourView {
  @Field(() => Date)
  hour: Date;

  @Field(() => Int, { description: "Cost points spent." })
  spent: number;

  @Field(() => Int)
  requests: number;

  @Field(() => Int, { description: "Operations refused for the budget." })
  refused: number;
}

@ObjectType("ExplorerToken", { description: "An hour-long access token of one of the developer's approved apps, for the API explorer." })
export class ExplorerTokenView {
  @Field(() => String)
  token: string;

  @Field(() => Date)
  expiresAt: Date;

  @Field(() => [String])
  scopes: string[];
}
