import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";

export enum WebhookEventKind {
  VILLAGE_CHANGED = "village.changed",
  TREE_CHANGED = "tree.changed",
}
registerEnumType(WebhookEventKind, {
  name: "WebhookEvent",
  description: "What a webhook tells: a village's page changed (public:read); the consenting member's tree changed (tree:read).",
});

export enum WebhookDeliveryState {
  PENDING = "pending",
  DELIVERED = "delivered",
  FAILED = "failed",
}
registerEnumType(WebhookDeliveryState, {
  name: "WebhookDeliveryState",
  description: "Waiting to be sent (or retried), accepted by the app (2xx), or given up after about 24 hours.",
});

@ObjectType("Webhook", { description: "What an app asked to be told about; deliveries go to its registered webhook URL." })
export class WebhookView {
  @Field(() => ID)
  id: string;

  @Field(() => WebhookEventKind)
  event: WebhookEventKind;

  @Field(() => ID, { nullable: true, description: "The village watched (village.changed)." })
  villageId: string | null;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType("WebhookDelivery", {
  description:
    "One webhook sent (or to send): ids only. POSTed as JSON `{id, type, node, time}`, signed `Roots-Signature: t=…,v1=…` (HMAC-SHA256 over `t.body`).",
})
export class WebhookDeliveryView {
  @Field(() => ID)
  id: string;

  @Field(() => WebhookEventKind)
  event: WebhookEventKind;

  @Field(() => ID, { description: "The global id of what changed: the village, or the member whose tree changed." })
  nodeId: string;

  @Field(() => Date, { description: "When the newest change it reports happened." })
  occurredAt: Date;

  @Field(() => WebhookDeliveryState)
  state: WebhookDeliveryState;

  @Field(() => Int)
  attempts: number;

  @Field(() => Date, { nullable: true, description: "When it is tried again (pending only)." })
  nextAttemptAt: Date | null;

  @Field(() => Int, { nullable: true, description: "The HTTP status the app last answered." })
  lastStatus: number | null;

  @Field(() => String, { nullable: true, description: "Why the last attempt failed (not translated: a technical log)." })
  lastError: string | null;

  @Field(() => Date)
  createdAt: Date;
}
