import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { OpenToApps } from "../../common/auth/app-scope.js";
import { viewerCan } from "../../common/auth/policy.js";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { toGlobalId } from "../../common/global-id.js";
import { appsForReview, decideApp, myApps, registerApp, rotateSecret, setBudget, usageOf } from "./apps.service.js";
import { appBudget } from "./budgets.js";
import type { AppRow } from "./apps.store.js";
import { grantsOf, revokeGrant } from "./grants.service.js";
import { explorerToken } from "./explorer.js";
import { partnerAppPolicy } from "./partners.policy.js";
import {
  AppProfileView,
  ExplorerTokenView,
  OAuthGrantView,
  PartnerAppState,
  PartnerAppView,
  PartnerAppViewerCan,
  RegisterAppInput,
  RateLimitView,
  AppUsageHourView,
  RegisteredAppView,
} from "./partners.types.js";

function appView(ctx: Context, row: AppRow & { owner_name?: string | null }): PartnerAppView {
  return Object.assign(new PartnerAppView(), {
    id: toGlobalId("PartnerApp", row.id),
    name: row.name,
    clientId: row.client_id,
    redirectUris: row.redirect_uris,
    scopes: row.scopes,
    webhookUrl: row.webhook_url,
    state: row.state as PartnerAppState,
    ownerName: row.owner_name ?? null,
    budgetPerHour: row.budget_per_hour,
    decisionReason: row.decision_reason,
    decidedAt: row.decided_at,
    secretRotatedAt: row.secret_rotated_at,
    createdAt: row.created_at,
    viewerCan: Object.assign(new PartnerAppViewerCan(), viewerCan(partnerAppPolicy, ctx.principal, row)),
  });
}

const registered = (ctx: Context, r: { app: AppRow; secret: string }): RegisteredAppView =>
  Object.assign(new RegisteredAppView(), { app: appView(ctx, r.app), clientSecret: r.secret, webhookSecret: r.app.webhook_secret });

/** Partner apps (registered by members, reviewed by moderators) and the consents members gave them. */
@Resolver()
export class PartnersResolver {
  @RequireRoles()
  @Query(() => [PartnerAppView], { description: "The apps the member registered, newest first." })
  async myApps(@Ctx() ctx: Context): Promise<PartnerAppView[]> {
    return (await myApps(ctx)).map((r) => appView(ctx, r));
  }

  @RequireRoles(Role.MODERATOR)
  @Query(() => [PartnerAppView], { description: "Apps for review: those waiting first (200 at most)." })
  async partnerApps(
    @Arg("state", () => PartnerAppState, { nullable: true }) state: PartnerAppState | null,
    @Ctx() ctx: Context,
  ): Promise<PartnerAppView[]> {
    return (await appsForReview(ctx, state ?? null)).map((r) => appView(ctx, r));
  }

  @RequireRoles()
  @Mutation(() => RegisteredAppView, { description: "Registers an app; it waits for a moderator. The secret is shown this once." })
  async registerApp(@Arg("input", () => RegisterAppInput) input: RegisterAppInput, @Ctx() ctx: Context): Promise<RegisteredAppView> {
    return registered(ctx, await registerApp(ctx, input));
  }

  @RequireRoles()
  @Mutation(() => RegisteredAppView, { description: "Replaces the app's secret; the old one stops working at once." })
  async rotateAppSecret(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<RegisteredAppView> {
    return registered(ctx, await rotateSecret(ctx, id));
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => PartnerAppView, { description: "Lets the app get tokens. Its developer is told." })
  async approveApp(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<PartnerAppView> {
    return appView(ctx, await decideApp(ctx, id, "approved", null));
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => PartnerAppView, {
    description: "Stops the app: its tokens fail at once and members' grants to it end. Its developer is told why.",
  })
  async suspendApp(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: Context,
  ): Promise<PartnerAppView> {
    return appView(ctx, await decideApp(ctx, id, "suspended", reason));
  }

  @RequireRoles()
  @Mutation(() => ExplorerTokenView, {
    description: "For the API explorer: an hour-long token of one of the member's own approved apps, acting for them with its scopes.",
  })
  async explorerToken(@Arg("appId", () => ID) appId: string, @Ctx() ctx: Context): Promise<ExplorerTokenView> {
    return Object.assign(new ExplorerTokenView(), await explorerToken(ctx, appId));
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => PartnerAppView, {
    description: "Sets the app's cost points per hour (null: back to the default, PARTNER_POINTS_PER_HOUR). Takes effect at once.",
  })
  async setAppBudget(
    @Arg("id", () => ID) id: string,
    @Arg("pointsPerHour", () => Int, { nullable: true }) pointsPerHour: number | null,
    @Ctx() ctx: Context,
  ): Promise<PartnerAppView> {
    return appView(ctx, await setBudget(ctx, id, pointsPerHour ?? null));
  }

  @OpenToApps("profile:read")
  @Query(() => AppProfileView, { nullable: true, description: "For an app acting for a member: who consented (null for an app alone)." })
  async appProfile(@Ctx() ctx: Context): Promise<AppProfileView | null> {
    const who = ctx.principal;
    if (who.kind !== "app" || !who.app.accountId) return null;
    const [u]: { id: string; display_name: string; preferred_language: string }[] = await ctx.ds.query(
      `SELECT id, display_name, preferred_language FROM users WHERE id = $1`,
      [who.app.accountId],
    );
    return u
      ? Object.assign(new AppProfileView(), { id: toGlobalId("User", u.id), displayName: u.display_name, language: u.preferred_language })
      : null;
  }

  @OpenToApps("any")
  @Query(() => RateLimitView, { nullable: true, description: "For an app token: its budget for this hour (null otherwise)." })
  async rateLimit(@Ctx() ctx: Context): Promise<RateLimitView | null> {
    if (ctx.principal.kind !== "app") return null;
    const b = await appBudget(ctx.ds, ctx.principal.app, ctx.clock.now(), ctx.config.PARTNER_POINTS_PER_HOUR);
    return Object.assign(new RateLimitView(), { limit: b.limit, remaining: b.remaining, resetAt: b.resetAt });
  }

  @RequireRoles()
  @Query(() => [AppUsageHourView], { description: "An app's spending by hour, newest first (its developer and moderators), up to 7 days." })
  async appUsage(
    @Arg("id", () => ID) id: string,
    @Arg("hours", () => Int, { defaultValue: 24 }) hours: number,
    @Ctx() ctx: Context,
  ): Promise<AppUsageHourView[]> {
    return (await usageOf(ctx, id, hours)).map((u) => Object.assign(new AppUsageHourView(), u));
  }

  @RequireRoles()
  @Query(() => [OAuthGrantView], { description: "The apps the member let in, with what each may do." })
  async myGrants(@Ctx() ctx: Context): Promise<OAuthGrantView[]> {
    return (await grantsOf(ctx)).map((g) =>
      Object.assign(new OAuthGrantView(), {
        id: toGlobalId("OAuthGrant", g.jti),
        app: { name: g.app_name, clientId: g.client_id, ownerName: g.owner_name },
        scopes: (g.scope ?? "").split(" ").filter(Boolean),
        grantedAt: new Date(Number(g.iat) * 1000),
      }),
    );
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Ends an app's access: every token it holds for the member stops working." })
  async revokeGrant(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await revokeGrant(ctx, id);
    return true;
  }
}
