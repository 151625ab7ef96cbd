import { createHash } from "node:crypto";
import type { VoteChoice } from "./ballots.entity.js";

/**
 * The public bulletin board of a closed ballot: every vote's receipt and choice, chained by hashes
 * so that anyone can recompute it (scripts/verify-ballot.mjs does, and recounts the tally).
 * Entries are in the order of their receipts, which carries nothing of when a vote was cast.
 *   genesis      = sha256("roots-ballot:" + ballotId)
 *   entryHash(i) = sha256(ballotId + ":" + position + ":" + receipt + ":" + choice + ":" + prevHash)
 * A receipt is sha256(ballotId + ":" + choice + ":" + nonce): the voter keeps the nonce (it is
 * stored nowhere), so they alone can open their commitment.
 */
export interface BoardEntry {
  position: number;
  receipt: string;
  choice: VoteChoice;
  prevHash: string;
  entryHash: string;
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

export const genesisOf = (ballotId: string): string => sha256(`roots-ballot:${ballotId}`);

export const entryHashOf = (ballotId: string, e: Omit<BoardEntry, "entryHash">): string =>
  sha256(`${ballotId}:${e.position}:${e.receipt}:${e.choice}:${e.prevHash}`);

export const receiptOf = (ballotId: string, choice: VoteChoice, nonce: string): string => sha256(`${ballotId}:${choice}:${nonce}`);

/** Chains the votes, in the order of their receipts. */
export function chain(ballotId: string, votes: { receipt: string; choice: VoteChoice }[]): BoardEntry[] {
  const sorted = [...votes].sort((a, b) => (a.receipt < b.receipt ? -1 : a.receipt > b.receipt ? 1 : 0));
  let prev = genesisOf(ballotId);
  return sorted.map((v, i) => {
    const e = { position: i + 1, receipt: v.receipt, choice: v.choice, prevHash: prev };
    prev = entryHashOf(ballotId, e);
    return { ...e, entryHash: prev };
  });
}
