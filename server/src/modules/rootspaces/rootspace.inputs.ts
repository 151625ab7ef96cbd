import { Field, Float, InputType, ArgsType } from "type-graphql";
import { IsBoolean, IsIn, IsOptional, Matches, Max, MaxLength, Min, MinLength } from "class-validator";
import { ConnectionArgs } from "../../common/pagination.js";

const TIME_ZONES = Intl.supportedValuesOf("timeZone");

@ArgsType()
export class RootspacesArgs extends ConnectionArgs {
  @Field(() => Boolean, { nullable: true, description: "Include inactive rootspaces (admins only)." })
  @IsOptional()
  @IsBoolean()
  includeInactive?: boolean;
}

/** Fields an admin may change on a rootspace; omitted fields stay as they are. */
@InputType({ description: "Changes to a rootspace; omitted fields are left unchanged." })
export class UpdateRootspaceInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MinLength(1)
  @MaxLength(120)
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120)
  nameAr?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120)
  nameFr?: string;

  @Field(() => String, { nullable: true, description: "Lowercase letters, digits and hyphens." })
  @IsOptional()
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  @MaxLength(60)
  slug?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^[A-Z]{2}$/)
  countryCode?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(16)
  flagEmoji?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(4000)
  description?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(4000)
  descriptionAr?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(4000)
  descriptionFr?: string;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  isActive?: boolean;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @Min(-90)
  @Max(90)
  lat?: number;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @Min(-180)
  @Max(180)
  lng?: number;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^#[0-9A-Fa-f]{6}$/)
  themeColor?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^[A-Z]{3}$/)
  currency?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(TIME_ZONES)
  timezone?: string;
}
