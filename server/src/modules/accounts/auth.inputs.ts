import { Field, InputType } from "type-graphql";
import { IsIn, IsOptional, MaxLength, MinLength } from "class-validator";

const LANGS = ["ar", "en", "fr"];
/** Latin digits (0123) or Arabic-Indic (٠١٢٣), as Unicode names the numbering systems. */
const DIGITS = ["latn", "arab"];

@InputType({ description: "Sign-up: an email or a phone, a password, and how to address the member." })
export class SignUpInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(254)
  email?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(32)
  phone?: string | null;

  @Field(() => String, { nullable: true, description: "8 to 256 characters; passphrases welcome." })
  @IsOptional()
  @MaxLength(256)
  password?: string | null;

  @Field(() => String)
  @MinLength(1)
  @MaxLength(80)
  displayName: string;

  @Field(() => String, { defaultValue: "ar", description: "`ar`, `en` or `fr`." })
  @IsIn(LANGS)
  preferredLanguage: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120)
  villageOfOrigin?: string | null;
}

@InputType()
export class SignInInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(254)
  email?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(32)
  phone?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(256)
  password?: string | null;
}

@InputType()
export class MagicLinkInput {
  @Field(() => String)
  @MaxLength(254)
  email: string;

  @Field(() => String, { nullable: true, description: "A same-site path to return to after signing in." })
  @IsOptional()
  @MaxLength(2000)
  returnTo?: string | null;
}

@InputType()
export class UpdateProfileInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MinLength(1)
  @MaxLength(80)
  displayName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(LANGS)
  preferredLanguage?: string;

  @Field(() => String, { nullable: true, description: "The digits Arabic pages write numbers with: latn (0123) or arab (٠١٢٣)." })
  @IsOptional()
  @IsIn(DIGITS)
  digits?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120)
  villageOfOrigin?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Be listed among the members of the villages that are my roots." })
  @IsOptional()
  showInVillageMembers?: boolean | null;
}

@InputType()
export class ChangePasswordInput {
  @Field(() => String)
  @MaxLength(256)
  currentPassword: string;

  @Field(() => String)
  @MaxLength(256)
  newPassword: string;
}
