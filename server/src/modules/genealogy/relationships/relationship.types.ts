import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { PersonView } from "../people/person.types.js";

export enum RelationshipStep {
  UP = "UP",
  DOWN = "DOWN",
  SPOUSE = "SPOUSE",
}
registerEnumType(RelationshipStep, {
  name: "RelationshipStep",
  description: "One step of a kinship path: to a parent, to a child, or to a spouse.",
});

@ObjectType("RelationshipNames", { description: "The name of a relationship in each language of the product." })
export class RelationshipNames {
  @Field(() => String)
  ar: string;

  @Field(() => String)
  en: string;

  @Field(() => String)
  fr: string;
}

@ObjectType("Relationship", { description: "How person b is related to person a (names describe b as seen from a)." })
export class RelationshipView {
  @Field(() => Boolean, { description: "False when no path through visible people was found (not an error)." })
  related: boolean;

  @Field(() => Boolean, { description: "True when a and b are the same person." })
  samePerson: boolean;

  @Field(() => String, { description: "The relationship's name in the request's language, e.g. \"paternal uncle\" → عم." })
  name: string;

  @Field(() => RelationshipNames, { description: "The name in Arabic, English and French." })
  names: RelationshipNames;

  @Field(() => [PersonView], { description: "The people from a to b along the path, a first; private people appear as Private." })
  path: PersonView[];

  @Field(() => [RelationshipStep], { description: "The steps between consecutive people of the path." })
  steps: RelationshipStep[];

  @Field(() => [PersonView], { description: "The nearest common ancestor(s) of the blood line (two for full siblings' lines)." })
  commonAncestors: PersonView[];

  @Field(() => Int, { nullable: true, description: "Generations from a (or a's spouse) up to the common ancestor." })
  generationsUp: number | null;

  @Field(() => Int, { nullable: true, description: "Generations from the common ancestor down to b (or b's spouse)." })
  generationsDown: number | null;
}
