import { Field, ID, InputType, ObjectType } from "type-graphql";
import { IsOptional, MaxLength } from "class-validator";
import { GenealogicalDateView, PersonView } from "./person.types.js";

@ObjectType("Union", { description: "A union (couple): marriage, engagement or partnership. Not a family (clan)." })
export class UnionView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "marriage, engagement, partnership or unknown." })
  kind: string;

  @Field(() => GenealogicalDateView, { nullable: true })
  start: GenealogicalDateView | null;

  @Field(() => String, { nullable: true })
  place: string | null;

  @Field(() => PersonView)
  partner: PersonView;
}

@InputType({ description: "What can change in a union (the partners cannot)." })
export class UnionUpdateInput {
  @Field(() => String, { defaultValue: "marriage" })
  @MaxLength(20)
  kind: string;

  @Field(() => String, {
    nullable: true,
    description:
      "As people say it (حوالي ١٩١٢, vers 1912, about 1912) or as records give it (1912, ABT 1912, 3 MAY 1912). Empty removes the date.",
  })
  @IsOptional()
  @MaxLength(60)
  startDate?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  place?: string | null;
}

@InputType()
export class UnionInput extends UnionUpdateInput {
  @Field(() => ID)
  personId: string;

  @Field(() => ID)
  partnerId: string;
}
