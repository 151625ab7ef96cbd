import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { User } from "../../accounts/index.js";
import { Person } from "../people/person.entity.js";

/** The person a member last chose to draw their tree from, one per member and rootspace. */
@Entity("member_tree_roots")
export class MemberTreeRoot {
  @PrimaryColumn("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @PrimaryColumn("text", { name: "rootspace_id" })
  rootspaceId: string;

  @Index()
  @Column("uuid", { name: "person_id" })
  personId: string;

  @ManyToOne(() => Person, { onDelete: "CASCADE" })
  @JoinColumn({ name: "person_id" })
  person?: Person;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
