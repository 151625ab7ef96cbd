import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { OpenToApps } from "../../../common/auth/app-scope.js";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { toGlobalId } from "../../../common/global-id.js";
import { nodeIdOf } from "./delivery.js";
import { deliveriesOf, subscribeWebhook, unsubscribeWebhook, webhooksOf, type DeliveryRow, type WebhookRow } from "./webhooks.service.js";
import { WebhookDeliveryState, WebhookDeliveryView, WebhookEventKind, WebhookView } from "./webhooks.types.js";

const hookView = (r: WebhookRow): WebhookView =>
  Object.assign(new WebhookView(), {
    id: toGlobalId("Webhook", r.id),
    event: r.event as WebhookEventKind,
    villageId: r.village_id ? toGlobalId("Village", r.village_id) : null,
    createdAt: r.created_at,
  });

const deliveryView = (r: DeliveryRow): WebhookDeliveryView =>
  Object.assign(new WebhookDeliveryView(), {
    id: r.id,
    event: r.event as WebhookEventKind,
    nodeId: nodeIdOf(r),
    occurredAt: r.occurred_at,
    state: r.state as WebhookDeliveryState,
    attempts: r.attempts,
    nextAttemptAt: r.state === "pending" ? r.next_attempt_at : null,
    lastStatus: r.last_status,
    lastError: r.last_error,
    createdAt: r.created_at,
  });

/** Webhooks: apps subscribe with their token; developers read the delivery log. */
@Resolver()
export class WebhooksResolver {
  @OpenToApps("any")
  @Mutation(() => WebhookView, {
    description:
      "For an app token: be told when a village's page changes (public:read, villageId) or, acting for a member, when their tree changes (tree:read). Needs the app's webhook URL. Subscribing again returns the same subscription.",
  })
  async subscribeWebhook(
    @Arg("event", () => WebhookEventKind) event: WebhookEventKind,
    @Arg("villageId", () => ID, { nullable: true }) villageId: string | null,
    @Ctx() ctx: Context,
  ): Promise<WebhookView> {
    return hookView(await subscribeWebhook(ctx, event, villageId ?? null));
  }

  @OpenToApps("any")
  @Mutation(() => Boolean, { description: "For an app token: ends a subscription; deliveries not yet sent are dropped." })
  async unsubscribeWebhook(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await unsubscribeWebhook(ctx, id);
    return true;
  }

  @OpenToApps("any")
  @Query(() => [WebhookView], { description: "For an app token: its subscriptions (acting for a member: theirs and the public ones)." })
  async webhooks(@Ctx() ctx: Context): Promise<WebhookView[]> {
    return (await webhooksOf(ctx)).map(hookView);
  }

  @RequireRoles()
  @Query(() => [WebhookDeliveryView], { description: "An app's webhook deliveries, newest first (its developer and moderators)." })
  async webhookDeliveries(
    @Arg("appId", () => ID) appId: string,
    @Arg("first", () => Int, { defaultValue: 50 }) first: number,
    @Ctx() ctx: Context,
  ): Promise<WebhookDeliveryView[]> {
    return (await deliveriesOf(ctx, appId, first)).map(deliveryView);
  }
}
