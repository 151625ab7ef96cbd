import { Field, Float, ObjectType } from "type-graphql";
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { toGlobalId } from "../../common/global-id.js";
import { Node } from "../../common/node.js";

/** A country-level workspace (spec §3). The default is Lebanon: id `lb`, slug `lebanon`. */
@Entity("rootspaces")
@ObjectType("Rootspace", { implements: Node, description: "A country-level workspace, e.g. Lebanon." })
export class Rootspace implements Node {
  static readonly typeName = "Rootspace";

  @PrimaryColumn("text")
  id: string;

  get globalId(): string {
    return toGlobalId(Rootspace.typeName, this.id);
  }

  @Field(() => String, { description: "Name in English." })
  @Column("text")
  name: string;

  @Field(() => String, { nullable: true, description: "Name in Arabic." })
  @Column("text", { name: "name_ar", nullable: true })
  nameAr: string | null;

  @Field(() => String, { nullable: true, description: "Name in French." })
  @Column("text", { name: "name_fr", nullable: true })
  nameFr: string | null;

  @Field(() => String, { description: "URL name, unique (e.g. `lebanon`)." })
  @Column("text", { unique: true })
  slug: string;

  @Field(() => String, { description: "ISO 3166-1 alpha-2 country code (e.g. `LB`)." })
  @Column("text", { name: "country_code" })
  countryCode: string;

  @Field(() => String, { nullable: true })
  @Column("text", { name: "flag_emoji", nullable: true })
  flagEmoji: string | null;

  @Field(() => String, { nullable: true, description: "Description in English." })
  @Column("text", { nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true, description: "Description in Arabic." })
  @Column("text", { name: "description_ar", nullable: true })
  descriptionAr: string | null;

  @Field(() => String, { nullable: true, description: "Description in French." })
  @Column("text", { name: "description_fr", nullable: true })
  descriptionFr: string | null;

  @Field(() => Boolean)
  @Column("boolean", { name: "is_active", default: true })
  isActive: boolean;

  @Field(() => Float, { nullable: true, description: "Latitude of the map centre." })
  @Column("double precision", { nullable: true })
  lat: number | null;

  @Field(() => Float, { nullable: true, description: "Longitude of the map centre." })
  @Column("double precision", { nullable: true })
  lng: number | null;

  @Field(() => String, { nullable: true, description: "Hex colour, e.g. `#2D5BA8`." })
  @Column("text", { name: "theme_color", nullable: true })
  themeColor: string | null;

  @Field(() => String, { description: "ISO 4217 currency code (e.g. `USD`)." })
  @Column("text")
  currency: string;

  @Field(() => String, { description: "IANA time zone (e.g. `Asia/Beirut`)." })
  @Column("text")
  timezone: string;

  @Field(() => Date)
  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @Field(() => Date)
  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
