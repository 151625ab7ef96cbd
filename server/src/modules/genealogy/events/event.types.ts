import { Field, Float, ID, ObjectType } from "type-graphql";
import { toGlobalId } from "../../../common/global-id.js";
import { Node } from "../../../common/node.js";
import { ConnectionType } from "../../../common/pagination.js";
import { GenealogicalDateView, PersonView } from "../people/person.types.js";
import { storedValuesEnum } from "../../../common/graphql-enum.js";
import { EVENT_TYPES } from "./event.entity.js";

/** The kinds of event, of a life or of a village. */
export const EventTypeEnum = storedValuesEnum(
  EVENT_TYPES,
  "EventType",
  "A kind of event: of a life (birth, marriage, emigration…) or of a village (festival, commemoration).",
);
import { Provenance } from "../provenance.js";

@ObjectType("EventViewerCan", { description: "What the viewer may do with this event." })
export class EventViewerCan {
  @Field(() => Boolean)
  edit: boolean;
}

@ObjectType("Event", {
  implements: Node,
  description:
    "A life event (birth, marriage, emigration …) or a village's own (festival, commemoration). Events involving someone the viewer may see only as Private are left out.",
})
export class EventView implements Node {
  rawId: string;
  villageIds: string[];

  get globalId(): string {
    return toGlobalId("Event", this.rawId);
  }

  @Field(() => EventTypeEnum)
  type: string;

  @Field(() => GenealogicalDateView, { nullable: true, description: "Null when unknown or hidden by a person's privacy settings." })
  date: GenealogicalDateView | null;

  @Field(() => String, { nullable: true })
  place: string | null;

  @Field(() => PersonView, { nullable: true })
  primaryPerson: PersonView | null;

  @Field(() => PersonView, { nullable: true, description: "The other person (a spouse, a godparent …)." })
  secondaryPerson: PersonView | null;

  @Field(() => [ID], { description: "Global ids of the families (clans) concerned." })
  familyIds: string[];

  @Field(() => String, { nullable: true })
  title: string | null;

  @Field(() => String, { nullable: true })
  titleAr: string | null;

  @Field(() => String, { nullable: true })
  titleFr: string | null;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true })
  descriptionAr: string | null;

  @Field(() => String, { nullable: true })
  descriptionFr: string | null;

  @Field(() => String, { nullable: true })
  sources: string | null;

  @Field(() => Provenance)
  provenance: Provenance;

  @Field(() => Float, { description: "0 to 1." })
  confidence: number;

  @Field(() => EventViewerCan)
  viewerCan: EventViewerCan;
}

@ObjectType("EventConnection")
export class EventConnection extends ConnectionType(EventView, "Event") {}
