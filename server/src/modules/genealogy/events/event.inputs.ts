import { ArgsType, Field, Float, ID, InputType } from "type-graphql";
import { ArrayMaxSize, IsOptional, Max, MaxLength, Min } from "class-validator";
import { EventTypeEnum } from "./event.types.js";
import { ConnectionArgs } from "../../../common/pagination.js";

@InputType({
  description:
    "An event. Dates as people write them (حوالي ١٨٩٠, vers 1890, about 1890, 1310 هـ) or as records give them (ABT 1890, BET 1880 AND 1885). Omitted fields keep their value on update.",
})
export class EventInput {
  @Field(() => EventTypeEnum, { nullable: true, description: "Required on create." })
  @IsOptional()
  type?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(60)
  date?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  place?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  primaryPersonId?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  secondaryPersonId?: string | null;

  @Field(() => [ID], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(10)
  familyIds?: string[] | null;

  @Field(() => [ID], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(10)
  villageIds?: string[] | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  title?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  titleAr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  titleFr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  descriptionAr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  descriptionFr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  sources?: string | null;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @Min(0)
  @Max(1)
  confidence?: number | null;
}

@ArgsType()
export class EventsArgs extends ConnectionArgs {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  villageId?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  personId?: string;

  @Field(() => EventTypeEnum, { nullable: true })
  @IsOptional()
  type?: string;
}
