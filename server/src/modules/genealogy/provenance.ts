import { Column } from "typeorm";
import { registerEnumType } from "type-graphql";

/** Where a record's content comes from (spec §1 status labels). */
export enum Provenance {
  VERIFIED = "VERIFIED",
  COMMUNITY = "COMMUNITY",
  AI_INFERRED = "AI_INFERRED",
}
registerEnumType(Provenance, {
  name: "Provenance",
  description: "Verified (documented), Community (pending review), AI-inferred (suggested with explanation).",
});

/**
 * Where a genealogy record is documented, its provenance and its confidence: the same three
 * columns on people, families, parent links, events, registry entries and landmarks.
 */
export abstract class ProvenanceColumns {
  /** Where the record is documented (a curator adds one when verifying). */
  @Column("text", { nullable: true })
  sources: string | null;

  @Column("text", { default: Provenance.COMMUNITY })
  provenance: Provenance;

  @Column("real", { default: 0.5 })
  confidence: number;
}
