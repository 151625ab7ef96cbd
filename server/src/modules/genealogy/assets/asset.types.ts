import { Field, Float, ID, InputType, ObjectType } from "type-graphql";
import { IsOptional, Max, MaxLength, Min } from "class-validator";
import { toGlobalId } from "../../../common/global-id.js";
import { Node } from "../../../common/node.js";
import { storedValuesEnum } from "../../../common/graphql-enum.js";
import { ASSET_TYPES } from "./asset.entity.js";

/** The kinds of landmark. */
export const AssetTypeEnum = storedValuesEnum(ASSET_TYPES, "AssetType", "A kind of village landmark.");
import { Provenance } from "../provenance.js";

@ObjectType("AssetViewerCan", { description: "What the viewer may do with this landmark." })
export class AssetViewerCan {
  @Field(() => Boolean)
  edit: boolean;
}

@ObjectType("Asset", {
  implements: Node,
  description: "A landmark of a village: church, mosque, school, monastery, shrine, spring, square, house, cemetery or other.",
})
export class AssetView implements Node {
  rawId: string;
  villageId: string;

  get globalId(): string {
    return toGlobalId("Asset", this.rawId);
  }

  @Field(() => AssetTypeEnum)
  type: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  nameAr: string | null;

  @Field(() => String, { nullable: true })
  nameFr: string | null;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true })
  descriptionAr: string | null;

  @Field(() => String, { nullable: true })
  descriptionFr: string | null;

  @Field(() => Float, { nullable: true })
  latitude: number | null;

  @Field(() => Float, { nullable: true })
  longitude: number | null;

  @Field(() => String, { nullable: true })
  sources: string | null;

  @Field(() => Provenance)
  provenance: Provenance;

  @Field(() => Float)
  confidence: number;

  @Field(() => AssetViewerCan)
  viewerCan: AssetViewerCan;
}

@InputType({ description: "A landmark. Omitted fields keep their value on update." })
export class AssetInput {
  @Field(() => ID, { nullable: true, description: "Required on create." })
  @IsOptional()
  villageId?: string | null;

  @Field(() => AssetTypeEnum, { nullable: true, description: "Required on create." })
  @IsOptional()
  type?: string | null;

  @Field(() => String, { nullable: true, description: "Name in Latin script (this or nameAr is required)." })
  @IsOptional()
  @MaxLength(200)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  nameAr?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  nameFr?: string | null;

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

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @Min(-90)
  @Max(90)
  latitude?: number | null;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @Min(-180)
  @Max(180)
  longitude?: number | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  sources?: string | null;
}
