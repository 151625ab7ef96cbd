import { Field, Float, Int, ObjectType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { toGlobalId } from "../../../common/global-id.js";
import { Node } from "../../../common/node.js";
import { Rootspace } from "../../rootspaces/index.js";

/** A root: a village or town of origin, with its hub page and Rootpedia (spec §3). */
@Entity("villages")
@Index(["rootspaceId", "slug"], { unique: true })
@Index(["rootspaceId", "district"])
@Index("IDX_villages_key_latin_trgm", { synchronize: false })
@Index("IDX_villages_key_arabic_trgm", { synchronize: false })
@Index("IDX_villages_key_skeleton_trgm", { synchronize: false })
@Index("IDX_villages_name_tokens", { synchronize: false })
@ObjectType("Village", { implements: Node, description: "A village or town of origin (a root)." })
export class Village implements Node {
  static readonly typeName = "Village";

  @PrimaryColumn("uuid")
  id: string;

  get globalId(): string {
    return toGlobalId(Village.typeName, this.id);
  }

  @Column("text", { name: "rootspace_id" })
  rootspaceId: string;

  @ManyToOne(() => Rootspace, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "rootspace_id" })
  rootspace?: Rootspace;

  @Field(() => String, { description: "Name in Latin script (English usage)." })
  @Column("text")
  name: string;

  @Field(() => String, { nullable: true, description: "Name in Arabic." })
  @Column("text", { name: "name_ar", nullable: true })
  nameAr: string | null;

  /** Set when a curator wrote the Arabic name: the gazetteer re-import keeps it. */
  @Column("boolean", { name: "name_ar_curated", default: false })
  nameArCurated: boolean;

  @Field(() => String, { nullable: true, description: "Name in French." })
  @Column("text", { name: "name_fr", nullable: true })
  nameFr: string | null;

  @Field(() => [String], { description: "Other known spellings (Arabic and Latin)." })
  @Column("text", { name: "alternate_names", array: true, default: () => "'{}'" })
  alternateNames: string[];

  @Field(() => String, { description: "URL name, unique in its rootspace." })
  @Column("text")
  slug: string;

  @Field(() => Float, { nullable: true })
  @Column("double precision", { nullable: true })
  latitude: number | null;

  @Field(() => Float, { nullable: true })
  @Column("double precision", { nullable: true })
  longitude: number | null;

  @Field(() => String, { nullable: true, description: "District (caza)." })
  @Column("text", { nullable: true })
  district: string | null;

  @Field(() => String, { nullable: true, description: "District in Arabic." })
  @Column("text", { name: "district_ar", nullable: true })
  districtAr: string | null;

  @Field(() => String, { nullable: true, description: "District in French." })
  @Column("text", { name: "district_fr", nullable: true })
  districtFr: string | null;

  @Field(() => String, { nullable: true, description: "Governorate (mohafaza)." })
  @Column("text", { nullable: true })
  governorate: string | null;

  @Field(() => String, { nullable: true })
  @Column("text", { name: "governorate_ar", nullable: true })
  governorateAr: string | null;

  @Field(() => String, { nullable: true, description: "Governorate in French." })
  @Column("text", { name: "governorate_fr", nullable: true })
  governorateFr: string | null;

  @Field(() => String, { nullable: true })
  @Column("text", { nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true })
  @Column("text", { name: "description_ar", nullable: true })
  descriptionAr: string | null;

  @Field(() => String, { nullable: true })
  @Column("text", { name: "description_fr", nullable: true })
  descriptionFr: string | null;

  @Field(() => Boolean)
  @Column("boolean", { name: "has_registry", default: false })
  hasRegistry: boolean;

  @Field(() => Boolean)
  @Column("boolean", { name: "has_church", default: false })
  hasChurch: boolean;

  @Field(() => Boolean)
  @Column("boolean", { name: "has_mosque", default: false })
  hasMosque: boolean;

  @Field(() => Boolean)
  @Column("boolean", { name: "has_school", default: false })
  hasSchool: boolean;

  @Field(() => Int, { nullable: true })
  @Column("integer", { name: "population_current", nullable: true })
  populationCurrent: number | null;

  @Field(() => Int, { nullable: true, description: "Known members of the diaspora from this village." })
  @Column("integer", { name: "diaspora_count", nullable: true })
  diasporaCount: number | null;

  @Field(() => Boolean)
  @Column("boolean", { name: "is_public", default: true })
  isPublic: boolean;

  /** Where the record came from (e.g. `wof:421166857`), for re-runnable imports. */
  @Index({ unique: true, where: "source_ref IS NOT NULL" })
  @Column("text", { name: "source_ref", nullable: true })
  sourceRef: string | null;

  @Field(() => String, { nullable: true, description: "Wikidata item, when known." })
  @Column("text", { name: "wikidata_id", nullable: true })
  wikidataId: string | null;

  /** Search keys (see genealogy/names): normalised Latin, normalised Arabic, consonant skeleton. */
  @Column("text", { name: "key_latin", default: "" })
  keyLatin: string;

  @Column("text", { name: "key_arabic", default: "" })
  keyArabic: string;

  @Column("text", { name: "key_skeleton", default: "" })
  keySkeleton: string;

  @Field(() => Date)
  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @Field(() => Date)
  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
