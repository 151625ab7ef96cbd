import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { ConnectionType } from "../../common/pagination.js";

export enum EmailCadenceOption {
  OFF = "off",
  IMMEDIATE = "immediate",
  DIGEST = "digest",
}
registerEnumType(EmailCadenceOption, {
  name: "EmailCadence",
  description: "How a kind of notification reaches the member by email.",
  valuesConfig: {
    OFF: { description: "Never by email." },
    IMMEDIATE: { description: "An email at once." },
    DIGEST: { description: "In the daily digest (07:00 UTC)." },
  },
});

@ObjectType("Notification", {
  simpleResolvers: true,
  description: "Something the platform told the viewer, written in the reader's language.",
})
export class NotificationView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "Its kind (`ingestion.import_ready`…): the same words for every notification of a kind." })
  kind: string;

  @Field(() => String)
  title: string;

  @Field(() => String)
  body: string;

  @Field(() => String, { description: "The client path it opens." })
  link: string;

  @Field(() => Boolean)
  read: boolean;

  @Field(() => Date)
  createdAt: Date;
}

export const NotificationConnection = ConnectionType(NotificationView, "Notification");
export type NotificationConnection = InstanceType<typeof NotificationConnection>;

@ObjectType("NotificationSetting", { simpleResolvers: true, description: "The viewer's choice for one kind of notification." })
export class NotificationSettingView {
  @Field(() => String)
  kind: string;

  @Field(() => String, { description: "The kind's name in the reader's language." })
  label: string;

  @Field(() => Boolean, { description: "Listed in the bell." })
  inApp: boolean;

  @Field(() => EmailCadenceOption)
  email: EmailCadenceOption;
}
