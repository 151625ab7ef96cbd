import { Field, ObjectType, registerEnumType } from "type-graphql";
import { PersonView } from "../people/person.types.js";

export enum TreeStartReason {
  SELF = "SELF",
  CHOSEN = "CHOSEN",
  MOST_CONNECTED = "MOST_CONNECTED",
}
registerEnumType(TreeStartReason, {
  name: "TreeStartReason",
  description: "Why the tree opens on a person: the member's own record, the root they last chose, or the most connected of their people.",
});

@ObjectType("TreeStart", { description: "Where the member's tree opens." })
export class TreeStartView {
  @Field(() => PersonView)
  person: PersonView;

  @Field(() => TreeStartReason)
  reason: TreeStartReason;

  @Field(() => Boolean, { description: "True when the member has neither a record of their own nor a chosen root: offer the picker." })
  openPicker: boolean;
}
