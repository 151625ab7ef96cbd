import { ArgsType, Field, Float, ID, InputType, Int } from "type-graphql";
import { ArrayMaxSize, IsIn, IsOptional, Max, MaxLength, Min, MinLength } from "class-validator";
import { ConnectionArgs } from "../../../common/pagination.js";

@InputType({
  description:
    "A person's details. Dates are written as people say them in Arabic, French or English (حوالي ١٨٩٠, vers 1890, about 1890; Hijri: 1310 هـ) or as records give them (1890, ABT 1890, 12 MAR 1890, BET 1880 AND 1885).",
})
export class PersonInput {
  @Field(() => String, { nullable: true, description: "Full name in Latin script." })
  @IsOptional()
  @MinLength(1)
  @MaxLength(200)
  fullName?: string | null;

  @Field(() => String, { nullable: true, description: "Full name in Arabic." })
  @IsOptional()
  @MinLength(1)
  @MaxLength(200)
  fullNameAr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100)
  givenName?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100)
  fatherName?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100)
  grandfatherName?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  motherName?: string | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(20)
  @MaxLength(200, { each: true })
  nameVariants?: string[] | null;

  @Field(() => String, { nullable: true, description: "M, F or U." })
  @IsOptional()
  @IsIn(["M", "F", "U"])
  gender?: "M" | "F" | "U" | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(60)
  birthDate?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  birthPlace?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(60)
  deathDate?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  deathPlace?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Known to have died, even without a date." })
  @IsOptional()
  isDeceased?: boolean | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  occupation?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  bio?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  currentLocation?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100)
  currentCountry?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(60)
  registrationNumber?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  sources?: string | null;

  @Field(() => ID, { nullable: true, description: "Village of origin (global id)." })
  @IsOptional()
  villageId?: string | null;

  @Field(() => ID, { nullable: true, description: "Family (clan), global id." })
  @IsOptional()
  familyId?: string | null;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  isPublic?: boolean | null;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @Min(0)
  @Max(1)
  confidence?: number | null;
}

@ArgsType()
export class PeopleArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: "A name in any script or spelling." })
  @IsOptional()
  @MaxLength(100)
  search?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  villageId?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  familyId?: string;

  @Field(() => Boolean, { nullable: true, description: "Only people the viewer recorded (their tree)." })
  @IsOptional()
  mine?: boolean;

  @Field(() => Int, { nullable: true, description: "Born in or after this year." })
  @IsOptional()
  @Min(1)
  @Max(9999)
  bornFrom?: number;

  @Field(() => Int, { nullable: true, description: "Born in or before this year." })
  @IsOptional()
  @Min(1)
  @Max(9999)
  bornTo?: number;
}
