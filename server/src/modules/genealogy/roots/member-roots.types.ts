import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { PersonView } from "../people/person.types.js";
import { Village } from "../villages/village.entity.js";

export enum RootReasonKind {
  SELF = "SELF",
  ANCESTOR = "ANCESTOR",
  DECLARED = "DECLARED",
}
registerEnumType(RootReasonKind, {
  name: "RootReasonKind",
  description: "Why a village is one of a member's roots.",
  valuesConfig: {
    SELF: { description: 'The village of the member\'s own "This is me" record.' },
    ANCESTOR: { description: "The village of an ancestor, up to 6 generations up." },
    DECLARED: { description: "The village of origin the member declared in their profile." },
  },
});

@ObjectType({ description: "One reason a village is among the member's roots." })
export class RootReasonView {
  @Field(() => RootReasonKind)
  kind: RootReasonKind;

  @Field(() => PersonView, { nullable: true, description: "The record that lives there (SELF, ANCESTOR), as the viewer may see it." })
  person: PersonView | null;

  @Field(() => Int, { nullable: true, description: "ANCESTOR: 1 for a parent, 2 for a grandparent, …" })
  generation: number | null;

  @Field(() => String, { nullable: true, description: "DECLARED: the text of the profile's village of origin." })
  declared: string | null;
}

@ObjectType({ description: "A village that is one of the member's roots, and why." })
export class RootVillage {
  @Field(() => Village)
  village: Village;

  @Field(() => [RootReasonView], { description: "Nearest first: the member, then ancestors by generation, then the profile." })
  reasons: RootReasonView[];
}
