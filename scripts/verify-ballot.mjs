#!/usr/bin/env node
/**
 * Recomputes a ballot's public bulletin board and recounts its tally.
 *
 *   node scripts/verify-ballot.mjs https://roots.example/ballots/<id>/board.json
 *   node scripts/verify-ballot.mjs board.json
 *
 * The board (server/src/modules/ballots/board.ts) is a hash chain:
 *   genesis      = sha256("roots-ballot:" + ballotId)
 *   entryHash(i) = sha256(ballotId + ":" + position + ":" + receipt + ":" + choice + ":" + prevHash)
 * in the order of the receipts, positions 1, 2, 3… Every entry's prevHash must be the previous
 * entry's hash, every hash must recompute, receipts must be unique and sorted, and the counts of
 * yes, no and abstain must equal the published tally. Any mismatch: a message and exit code 1.
 * A voter checks their own vote by finding their receipt with the choice they made (and, with the
 * nonce they were given, that sha256(ballotId + ":" + choice + ":" + nonce) is that receipt).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";

const sha256 = (text) => createHash("sha256").update(text).digest("hex");
const CHOICES = ["yes", "no", "abstain"];

/** Problems found on a board (empty when it verifies), and the recount. */
export function verifyBoard(board) {
  const problems = [];
  const { ballotId, entries, tally } = board ?? {};
  if (typeof ballotId !== "string" || !Array.isArray(entries)) return { problems: ["not a ballot board"], counts: null };
  let prev = sha256(`roots-ballot:${ballotId}`);
  const counts = { yes: 0, no: 0, abstain: 0 };
  entries.forEach((e, i) => {
    const at = `entry ${i + 1}`;
    if (e.position !== i + 1) problems.push(`${at}: position ${e.position}, expected ${i + 1}`);
    if (e.prevHash !== prev) problems.push(`${at}: previous hash does not match the chain`);
    if (!CHOICES.includes(e.choice)) problems.push(`${at}: unknown choice`);
    else counts[e.choice]++;
    if (i > 0 && !(entries[i - 1].receipt < e.receipt)) problems.push(`${at}: receipts out of order or repeated`);
    const hash = sha256(`${ballotId}:${e.position}:${e.receipt}:${e.choice}:${e.prevHash}`);
    if (hash !== e.entryHash) problems.push(`${at}: its hash does not recompute`);
    prev = e.entryHash;
  });
  if (tally) for (const c of CHOICES) if (tally[c] !== counts[c]) problems.push(`tally: ${c} published ${tally[c]}, counted ${counts[c]}`);
  return { problems, counts };
}

async function main() {
  const source = process.argv[2];
  if (!source) {
    console.error("usage: node scripts/verify-ballot.mjs <board URL or file>");
    process.exit(2);
  }
  const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : await readFile(source, "utf8");
  const { problems, counts } = verifyBoard(JSON.parse(text));
  if (problems.length) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  console.log(`board verifies: ${counts.yes} yes, ${counts.no} no, ${counts.abstain} abstain`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
