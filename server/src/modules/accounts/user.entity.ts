import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";

/** A member account. Not a GraphQL type: contact data and hashes stay on the server. */
@Entity("users")
export class User {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { nullable: true, unique: true })
  email: string | null;

  @Column("text", { nullable: true, unique: true })
  phone: string | null;

  @Column("text", { name: "password_hash", nullable: true })
  passwordHash: string | null;

  @Column("text", { name: "display_name" })
  displayName: string;

  @Column("text", { name: "preferred_language", default: "ar" })
  preferredLanguage: string;

  /** The digits Arabic pages write numbers with: `latn` (0123, the default) or `arab` (٠١٢٣). */
  @Column("text", { default: "latn" })
  digits: string;

  /** Village of origin as the member typed it at sign-up (linked to a village later). */
  @Column("text", { name: "village_of_origin", nullable: true })
  villageOfOrigin: string | null;

  /** Opt-in: listed among the members of the villages that are their roots (off until they choose). */
  @Column("boolean", { name: "show_in_village_members", default: false })
  showInVillageMembers: boolean;

  @Column("timestamptz", { name: "last_sign_in_at", nullable: true })
  lastSignInAt: Date | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
