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

/** How a record was entered: its confidence only means something for what was inferred. */
export enum EntryMethod {
  /** Typed in by a member (their own relatives, most often). */
  MEMBER = "MEMBER",
  /** Read from a GEDCOM file or a spreadsheet. */
  IMPORT = "IMPORT",
  /** Loaded from curated data (the demo's documented families, registries). */
  CURATED = "CURATED",
}
registerEnumType(EntryMethod, {
  name: "EntryMethod",
  description: "How a record was entered: by a member's hand, from an imported file, or from curated data.",
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
