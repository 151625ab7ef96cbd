import { Field, Float, ID, InputType } from "type-graphql";
import { IsOptional, Max, MaxLength, Min, MinLength } from "class-validator";

@InputType()
export class FamilyInput {
  @Field(() => String)
  @MinLength(1)
  @MaxLength(120)
  familyName: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120)
  familyNameAr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120)
  familyNameFr?: string | null;

  @Field(() => ID, { nullable: true, description: "Village of origin." })
  @IsOptional()
  villageId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  notes?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  notesAr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  notesFr?: string | null;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @Min(0)
  @Max(1)
  confidence?: number | null;
}
