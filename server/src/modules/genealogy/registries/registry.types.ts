import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { IsOptional, Max, MaxLength, Min } from "class-validator";
import { toGlobalId } from "../../../common/global-id.js";
import { Node } from "../../../common/node.js";
import { PersonView } from "../people/person.types.js";
import { Provenance } from "../provenance.js";

@ObjectType("RegistryViewerCan", { description: "What the viewer may do with a register or an entry." })
export class RegistryViewerCan {
  @Field(() => Boolean)
  edit: boolean;
}

@ObjectType("Registry", { implements: Node, description: "A village's register: emigrant, civil, parish or other." })
export class RegistryView implements Node {
  rawId: string;
  villageId: string;

  get globalId(): string {
    return toGlobalId("Registry", this.rawId);
  }

  @Field(() => String, { description: "emigrant, civil, parish or other." })
  type: string;

  @Field(() => String, { nullable: true })
  title: string | null;

  @Field(() => String, { nullable: true })
  titleAr: string | null;

  @Field(() => String, { nullable: true })
  titleFr: string | null;

  @Field(() => RegistryViewerCan)
  viewerCan: RegistryViewerCan;
}

@ObjectType("RegistryEntry", {
  implements: Node,
  description: "A person in a register: where they went and when. Living people the viewer may see only as Private are left out.",
})
export class RegistryEntryView implements Node {
  rawId: string;

  get globalId(): string {
    return toGlobalId("RegistryEntry", this.rawId);
  }

  @Field(() => PersonView)
  person: PersonView;

  @Field(() => String, { description: "ISO 3166-1 alpha-2 code of the destination (BR, US, AU …)." })
  destinationCountry: string;

  @Field(() => Int, { nullable: true })
  departureYear: number | null;

  @Field(() => String, { nullable: true })
  notes: string | null;

  @Field(() => String, { nullable: true })
  sources: string | null;

  @Field(() => Provenance)
  provenance: Provenance;

  @Field(() => Float)
  confidence: number;

  @Field(() => RegistryViewerCan)
  viewerCan: RegistryViewerCan;
}

@ObjectType("RegistryCountry", { description: "A destination country of a village's emigrants and how many the viewer may see." })
export class RegistryCountry {
  villageId: string;

  @Field(() => String, { description: "ISO 3166-1 alpha-2 code." })
  country: string;

  @Field(() => Int)
  count: number;
}

@InputType({ description: "A register of a village." })
export class RegistryInput {
  @Field(() => ID, { nullable: true, description: "Required on create." })
  @IsOptional()
  villageId?: string | null;

  @Field(() => String, { nullable: true, description: "emigrant (default), civil, parish or other." })
  @IsOptional()
  @MaxLength(20)
  type?: string | null;

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
}

@InputType({ description: "An entry: without registryId it goes to the village's emigrant register (created when missing)." })
export class RegistryEntryInput {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  registryId?: string | null;

  @Field(() => ID, { nullable: true, description: "The village, when registryId is not given." })
  @IsOptional()
  villageId?: string | null;

  @Field(() => ID, { nullable: true, description: "Required on create." })
  @IsOptional()
  personId?: string | null;

  @Field(() => String, { nullable: true, description: "ISO 3166-1 alpha-2 code; required on create." })
  @IsOptional()
  @MaxLength(2)
  destinationCountry?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(1)
  @Max(9999)
  departureYear?: number | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  notes?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(10_000)
  sources?: string | null;
}
