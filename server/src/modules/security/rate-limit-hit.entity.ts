import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/** One counted attempt in a rate-limit bucket (e.g. `sign-in:ip:203.0.113.7`). */
@Entity("rate_limit_hits")
@Index(["bucket", "createdAt"])
export class RateLimitHit {
  @PrimaryGeneratedColumn("increment", { type: "bigint" })
  id: string;

  @Column("text")
  bucket: string;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
