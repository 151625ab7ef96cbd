import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageInfo } from "../../../common/pagination.js";
import { Village } from "./village.entity.js";

export enum NameMatch {
  EXACT = "exact",
  LATIN = "latin",
  ARABIC = "arabic",
  CROSS_SCRIPT = "cross_script",
}
registerEnumType(NameMatch, { name: "NameMatch", description: "Which variant of a name matched a search." });

@ObjectType("VillageSearchMatch", { description: "Why a village matched a search." })
export class VillageSearchMatch {
  @Field(() => NameMatch)
  kind: NameMatch;

  @Field(() => String, { description: "The stored name or spelling that matched." })
  matched: string;

  @Field(() => Float, { description: "0 to 1." })
  score: number;
}

@ObjectType("VillageEdge")
export class VillageEdge {
  @Field(() => String)
  cursor: string;

  @Field(() => Village)
  node: Village;

  @Field(() => VillageSearchMatch, { nullable: true, description: "Set when the list was searched." })
  match: VillageSearchMatch | null;
}

@ObjectType("VillageConnection", { description: "A page of villages." })
export class VillageConnection {
  @Field(() => [VillageEdge])
  edges: VillageEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: "Number of villages in the whole (filtered) list." })
  totalCount: number;
}

@ObjectType("District", { description: "A district (caza) and how many villages it has." })
export class District {
  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  nameAr: string | null;

  @Field(() => String, { nullable: true })
  governorate: string | null;

  @Field(() => String, { nullable: true })
  governorateAr: string | null;

  @Field(() => Int)
  villageCount: number;
}

@ObjectType("VillagePoint", { description: "Where a village is, for maps (compact)." })
export class VillagePoint {
  @Field(() => String)
  slug: string;

  @Field(() => Float)
  lat: number;

  @Field(() => Float)
  lng: number;

  @Field(() => String, { description: "Name in Latin script, for the map's card." })
  name: string;

  @Field(() => String, { nullable: true })
  nameAr: string | null;

  @Field(() => String, { nullable: true })
  nameFr: string | null;

  @Field(() => String, { nullable: true, description: "District (caza), by its Latin name." })
  district: string | null;
}
