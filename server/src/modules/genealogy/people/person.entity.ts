import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { User } from "../../accounts/index.js";
import { Rootspace } from "../../rootspaces/index.js";
import { Family } from "../families/family.entity.js";
import { Village } from "../villages/village.entity.js";
import { EntryMethod, ProvenanceColumns } from "../provenance.js";

/** The stored expression of people.living_until (the person's own record, then relatives' evidence). */
export const LIVING_UNTIL = `least(CASE WHEN is_deceased OR death_date_text IS NOT NULL THEN '-infinity'::date ELSE (birth_date_to + interval '110 years')::date + 1 END, kin_until)`;

export interface PrivacySettings {
  showBirthDate: boolean;
  showLocation: boolean;
  showContact: boolean;
}

/**
 * A person (spec §3) with what Lebanese records need: the patronymic chain (given,
 * father's and grandfather's names), mother's name, the civil-registry place and number,
 * genealogical dates with their original text. Not a GraphQL type: what leaves the
 * server is shaped by the privacy policy (person.policy.ts).
 */
@Entity("people")
@Index(["rootspaceId", "familyId"])
@Index(["rootspaceId", "villageId"])
@Index(["createdBy"])
@Index("IDX_people_key_latin_trgm", { synchronize: false })
@Index("IDX_people_key_arabic_trgm", { synchronize: false })
@Index("IDX_people_key_skeleton_trgm", { synchronize: false })
@Index("IDX_people_name_tokens", { synchronize: false })
// (name key, birth date) where the key is not empty: an import's duplicate check (migration KinOnePassAndNameKeys).
@Index("IDX_people_key_latin_born", { synchronize: false })
@Index("IDX_people_key_arabic_born", { synchronize: false })
export class Person extends ProvenanceColumns {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { name: "rootspace_id" })
  rootspaceId: string;

  @ManyToOne(() => Rootspace, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "rootspace_id" })
  rootspace?: Rootspace;

  @Column("text", { name: "full_name" })
  fullName: string;

  @Column("text", { name: "full_name_ar", nullable: true })
  fullNameAr: string | null;

  @Column("text", { name: "given_name", nullable: true })
  givenName: string | null;

  @Column("text", { name: "father_name", nullable: true })
  fatherName: string | null;

  @Column("text", { name: "grandfather_name", nullable: true })
  grandfatherName: string | null;

  @Column("text", { name: "mother_name", nullable: true })
  motherName: string | null;

  @Column("text", { name: "name_variants", array: true, default: () => "'{}'" })
  nameVariants: string[];

  /** M, F or U (unknown). */
  @Column("char", { length: 1, default: "U" })
  gender: "M" | "F" | "U";

  @Column("text", { name: "birth_date_text", nullable: true })
  birthDateText: string | null;

  @Column("text", { name: "birth_date_qualifier", nullable: true })
  birthDateQualifier: string | null;

  @Column("date", { name: "birth_date_from", nullable: true })
  birthDateFrom: string | null;

  @Column("date", { name: "birth_date_to", nullable: true })
  birthDateTo: string | null;

  @Column("text", { name: "birth_place", nullable: true })
  birthPlace: string | null;

  @Column("text", { name: "death_date_text", nullable: true })
  deathDateText: string | null;

  @Column("text", { name: "death_date_qualifier", nullable: true })
  deathDateQualifier: string | null;

  @Column("date", { name: "death_date_from", nullable: true })
  deathDateFrom: string | null;

  @Column("date", { name: "death_date_to", nullable: true })
  deathDateTo: string | null;

  @Column("text", { name: "death_place", nullable: true })
  deathPlace: string | null;

  /** Known to have died (or been buried) even without a date. */
  @Column("boolean", { name: "is_deceased", default: false })
  isDeceased: boolean;

  /**
   * The first day on which relatives' trusted records prove this person dead (children's,
   * grandchildren's and parents' dates, unions) when that comes before their own 110-year
   * bound, else 'infinity'. Kept by triggers (LivingUntil migration); not computed while the
   * person's own record says dead.
   */
  @Column({ type: "date", name: "kin_until", default: () => "'infinity'", insert: false, update: false, select: false })
  kinUntil: string;

  /**
   * The first day on which the evidence proves this person dead: '-infinity' with a death or
   * burial record, else the earlier of the day after the 110th birthday (widest reading) and
   * kin_until. Living means `living_until > current_date`, so it stays right as time passes.
   */
  @Column({
    type: "date",
    name: "living_until",
    generatedType: "STORED",
    asExpression: LIVING_UNTIL,
    insert: false,
    update: false,
    select: false,
  })
  livingUntil: string;

  @Column("text", { nullable: true })
  occupation: string | null;

  @Column("text", { nullable: true })
  bio: string | null;

  @Column("text", { name: "current_location", nullable: true })
  currentLocation: string | null;

  @Column("text", { name: "current_country", nullable: true })
  currentCountry: string | null;

  /** Civil registry (نفوس) village and record number: where the family is registered. */
  @Column("uuid", { name: "registration_village_id", nullable: true })
  registrationVillageId: string | null;

  @ManyToOne(() => Village, { onDelete: "SET NULL" })
  @JoinColumn({ name: "registration_village_id" })
  registrationVillage?: Village;

  @Column("text", { name: "registration_number", nullable: true })
  registrationNumber: string | null;

  @Column("boolean", { name: "is_public", default: true })
  isPublic: boolean;

  /** Always written by the service (a jsonb default would drift in TypeORM's schema diff). */
  @Column("jsonb", { name: "privacy_settings" })
  privacySettings: PrivacySettings;

  @Column("uuid", { name: "family_id", nullable: true })
  familyId: string | null;

  @ManyToOne(() => Family, { onDelete: "SET NULL" })
  @JoinColumn({ name: "family_id" })
  family?: Family;

  @Column("uuid", { name: "village_id", nullable: true })
  villageId: string | null;

  @ManyToOne(() => Village, { onDelete: "SET NULL" })
  @JoinColumn({ name: "village_id" })
  village?: Village;

  /** The member this person is (their own record), if any; one record per member. */
  @Index("IDX_people_user_id", { unique: true, where: `"user_id" IS NOT NULL` })
  @Column("uuid", { name: "user_id", nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  /** How the record was entered (by hand, from a file, from curated data). */
  @Column("text", { default: EntryMethod.MEMBER })
  entry: EntryMethod;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @Column("text", { name: "key_latin", default: "" })
  keyLatin: string;

  @Column("text", { name: "key_arabic", default: "" })
  keyArabic: string;

  @Column("text", { name: "key_skeleton", default: "" })
  keySkeleton: string;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
