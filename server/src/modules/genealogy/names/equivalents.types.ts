import { Field, ID, InputType, ObjectType } from "type-graphql";

@ObjectType("NameEquivalentGroup", {
  simpleResolvers: true,
  description: "Names that are one given name in several languages and scripts.",
})
export class NameEquivalentView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "The group's key in the data file (seed-data/names/equivalents.csv)." })
  key: string;

  @Field(() => [String], { description: "Every spelling, Arabic script first." })
  names: string[];

  @Field(() => String, { nullable: true, description: "Where the group is documented; null when no source is known." })
  source: string | null;

  @Field(() => Boolean, { description: "A curator has confirmed the group." })
  reviewed: boolean;

  @Field(() => Date, { nullable: true })
  reviewedAt: Date | null;
}

@InputType("NameEquivalentsFilter", { description: "Which groups to list." })
export class NameEquivalentsFilter {
  @Field(() => Boolean, { nullable: true, description: "Only groups no curator has confirmed yet." })
  unreviewedOnly?: boolean | null;

  @Field(() => String, { nullable: true, description: "Groups holding a spelling that contains this text." })
  search?: string | null;
}
