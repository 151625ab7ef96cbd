import type { BallotOutcome } from "./ballots.entity.js";

export interface Counts {
  yes: number;
  no: number;
  abstain: number;
}

/** Accepted when yes > no and turnout (all three choices) reaches the quorum; a tie rejects. */
export function decide(c: Counts, quorum: number): BallotOutcome {
  if (c.yes + c.no + c.abstain < quorum) return "quorum_missed";
  if (c.yes === c.no) return "tie";
  return c.yes > c.no ? "accepted" : "rejected";
}

/** TypeORM answers an UPDATE … RETURNING with [rows, affectedCount]: the rows. */
export const updatedRows = <T>(result: unknown): T[] =>
  Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
