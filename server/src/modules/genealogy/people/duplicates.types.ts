import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { IsOptional, Max, MaxLength, Min } from "class-validator";
import { PersonView } from "./person.types.js";

export enum MatchReason {
  NAME_LATIN = "NAME_LATIN",
  NAME_ARABIC = "NAME_ARABIC",
  NAME_CROSS_SCRIPT = "NAME_CROSS_SCRIPT",
  SAME_VILLAGE = "SAME_VILLAGE",
  SAME_FAMILY = "SAME_FAMILY",
  BIRTH_YEAR = "BIRTH_YEAR",
}
registerEnumType(MatchReason, { name: "MatchReason", description: "Why an existing person may be the one being added." });

@InputType({ description: "What is known of a person being added, to find existing matches." })
export class DuplicateQueryInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  fullName?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  fullNameAr?: string | null;

  @Field(() => ID, { nullable: true })
  villageId?: string | null;

  @Field(() => ID, { nullable: true })
  familyId?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(1)
  @Max(3000)
  birthYear?: number | null;

  @Field(() => ID, { nullable: true, description: "A person to leave out (the one being edited)." })
  excludeId?: string | null;
}

@ObjectType("DuplicateSuggestion", { description: "An existing person who may be the same as the one being added." })
export class DuplicateSuggestion {
  @Field(() => PersonView)
  person: PersonView;

  @Field(() => Float, { description: "0 to 1; higher is likelier." })
  score: number;

  @Field(() => [MatchReason])
  reasons: MatchReason[];

  @Field(() => String, { nullable: true, description: "The stored name or spelling that matched." })
  matchedName: string | null;
}
