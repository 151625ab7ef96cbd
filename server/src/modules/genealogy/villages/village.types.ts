import { Extensions, Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { RootReasonKind } from "../roots/member-roots.types.js";
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
  nameFr: string | null;

  @Field(() => String, { nullable: true })
  governorate: string | null;

  @Field(() => String, { nullable: true })
  governorateAr: string | null;

  @Field(() => String, { nullable: true })
  governorateFr: string | null;

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

@ObjectType("VillageMapCaza", {
  description:
    "The public villages of one caza, compact, for maps: a count and a centre to draw the caza as one cluster, and each village's slug and place.",
})
export class VillageMapCaza {
  @Field(() => String, { nullable: true, description: "District (caza), by its Latin name; null for villages with none." })
  district: string | null;

  @Field(() => Int, { description: "How many of its villages have coordinates." })
  count: number;

  @Field(() => Float, { description: "The mean latitude of its villages, to four decimals: where its cluster is drawn." })
  latitude: number;

  @Field(() => Float, { description: "The mean longitude of its villages, to four decimals." })
  longitude: number;

  @Extensions({ listSize: 160 })
  @Field(() => [String], { description: "Its villages' slugs, in slug order." })
  slugs: string[];

  @Extensions({ listSize: 320 })
  @Field(() => [Int], {
    description:
      "Each village's latitude and longitude as offsets from the centre in ten-thousandths of a degree (about 11 m): two numbers per village, in the order of `slugs`.",
  })
  offsets: number[];
}

export enum DuplicateReason {
  SAME_NAME_SKELETON = "same_name_skeleton",
  SAME_DISTRICT = "same_district",
  NEARBY = "nearby",
}
registerEnumType(DuplicateReason, { name: "DuplicateReason", description: "Why two villages look like one place." });

@ObjectType("VillageDuplicate", { description: "Two villages that are likely one place, and why." })
export class VillageDuplicate {
  @Field(() => Village)
  a: Village;

  @Field(() => Village)
  b: Village;

  @Field(() => Float, { nullable: true, description: "Distance between their points in km (null when one has none)." })
  distanceKm: number | null;

  @Field(() => String, { description: "The name skeleton they share (cross-script consonants)." })
  skeleton: string;

  @Field(() => [DuplicateReason])
  reasons: DuplicateReason[];

  @Field(() => Boolean, { description: "The viewer may merge them (curator of both, editor or admin)." })
  canMerge: boolean;
}

@ObjectType("VillageMergeMoved", { description: "How many rows of a table a merge moved." })
export class VillageMergeMoved {
  @Field(() => String, { description: "table.column" })
  reference: string;

  @Field(() => Int)
  count: number;
}

@ObjectType("VillageMergeResult")
export class VillageMergeResult {
  @Field(() => Village, { description: "The kept village." })
  village: Village;

  @Field(() => [VillageMergeMoved])
  moved: VillageMergeMoved[];
}

@ObjectType("VillageMember", { description: "A member who opted in to be listed among the members of the villages that are their roots." })
export class VillageMember {
  @Field(() => ID, { description: "Global id of the member's account." })
  id: string;

  @Field(() => String)
  displayName: string;

  @Field(() => RootReasonKind, { description: "The nearest tie: their own record, an ancestor's, or their profile." })
  tie: RootReasonKind;

  @Field(() => Boolean)
  isViewer: boolean;
}
