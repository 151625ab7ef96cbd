import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { IsOptional, Max, MaxLength, Min } from "class-validator";
import { ConnectionArgs, PageInfo } from "../../../common/pagination.js";
import { Provenance } from "../provenance.js";

export enum RecordKind {
  PERSON = "PERSON",
  FAMILY = "FAMILY",
  PARENT_LINK = "PARENT_LINK",
  UNION = "UNION",
}
registerEnumType(RecordKind, { name: "RecordKind", description: "Kinds of genealogy record a curator can verify." });

@ObjectType("VillageCuratorGrant", { description: "A curator's village assignment." })
export class VillageCuratorView {
  @Field(() => ID, { description: "Global id of the curator (User)." })
  userId: string;

  @Field(() => String)
  displayName: string;

  @Field(() => ID, { description: "Global id of the village." })
  villageId: string;

  @Field(() => String)
  villageName: string;

  @Field(() => String, { nullable: true })
  villageNameAr: string | null;

  @Field(() => String, { nullable: true })
  villageNameFr: string | null;

  @Field(() => String)
  villageSlug: string;

  @Field(() => Date, { nullable: true, description: "When the assignment lapses; null for no end." })
  expiresAt: Date | null;

  @Field(() => Boolean, { description: "True while the member also holds the curator role." })
  active: boolean;
}

@InputType({ description: "Assigns a curator to a village (admins)." })
export class CuratorAssignmentInput {
  @Field(() => ID)
  userId: string;

  @Field(() => ID)
  villageId: string;

  @Field(() => Date, { nullable: true })
  expiresAt?: Date | null;
}

@InputType({ description: "Village text and facts a curator of the village may change." })
export class VillageUpdateInput {
  @Field(() => String, { nullable: true, description: "Name in Arabic script (empty clears it); kept by gazetteer re-imports." })
  @IsOptional()
  @MaxLength(120)
  nameAr?: string | null;

  @Field(() => String, { nullable: true, description: "English description." })
  @IsOptional()
  @MaxLength(5000)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5000)
  descriptionAr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(5000)
  descriptionFr?: string | null;

  @Field(() => Boolean, { nullable: true })
  hasRegistry?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  hasChurch?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  hasMosque?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  hasSchool?: boolean | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0)
  @Max(10_000_000)
  populationCurrent?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0)
  @Max(100_000_000)
  diasporaCount?: number | null;
}

@ObjectType("ReviewItem", { description: "A COMMUNITY record waiting for a curator's review." })
export class ReviewItem {
  @Field(() => RecordKind)
  kind: RecordKind;

  @Field(() => ID, { description: "Global id of the record (Person or Family)." })
  id: string;

  @Field(() => String, { description: "Name shown for the record." })
  title: string;

  @Field(() => String, { nullable: true })
  titleAr: string | null;

  @Field(() => ID, { nullable: true })
  villageId: string | null;

  @Field(() => String, { nullable: true })
  villageName: string | null;

  @Field(() => String, { nullable: true })
  villageNameAr: string | null;

  @Field(() => String, { nullable: true })
  villageNameFr: string | null;

  @Field(() => String, { nullable: true })
  sources: string | null;

  @Field(() => Provenance)
  provenance: Provenance;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType("ReviewItemEdge")
export class ReviewItemEdge {
  @Field(() => String)
  cursor: string;

  @Field(() => ReviewItem)
  node: ReviewItem;
}

@ObjectType("ReviewQueueConnection", { description: "A page of records to review, oldest first." })
export class ReviewQueueConnection {
  @Field(() => [ReviewItemEdge])
  edges: ReviewItemEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int)
  totalCount: number;
}

@ArgsType()
export class ReviewQueueArgs extends ConnectionArgs {
  @Field(() => ID, { nullable: true, description: "One village; by default every village the viewer curates (all, for editors)." })
  villageId?: string | null;
}

@ObjectType("VerifyResult", { description: "A record after verification." })
export class VerifyResult {
  @Field(() => RecordKind)
  kind: RecordKind;

  @Field(() => ID)
  id: string;

  @Field(() => Provenance)
  provenance: Provenance;

  @Field(() => String)
  sources: string;
}
