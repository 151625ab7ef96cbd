import { registerEnumType } from "type-graphql";

/** Where a record's content comes from (spec §1 status labels). */
export enum Provenance {
  VERIFIED = "VERIFIED",
  COMMUNITY = "COMMUNITY",
  AI_INFERRED = "AI_INFERRED",
}
registerEnumType(Provenance, { name: "Provenance", description: "Verified (documented), Community (pending review), AI-inferred (suggested with explanation)." });
