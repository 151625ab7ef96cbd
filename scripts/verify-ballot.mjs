#!/usr/bin/env node
/**
 * Recomputes a ballot's public bulletin board and recounts its tally.
 *
 *   node scripts/verify-ballot.mjs https://roots.example/ballots/<id>/board.json --head <hash> --count <n>
 *   node scripts/verify-ballot.mjs board.json --ballot <id> --head <hash> --count <n>
 *
 * The board (server/src/modules/ballots/board.ts) is a hash chain:
 *   genesis      = sha256("roots-ballot:" + ballotId)
 *   entryHash(i) = sha256(ballotId + ":" + position + ":" + receipt + ":" + choice + ":" + prevHash)
 * in the order of the receipts, positions 1, 2, 3… Every entry's prevHash must be the previous
 * entry's hash, every hash must recompute, receipts must be unique and sorted, the board must
 * carry its published tally, and the counts of yes, no and abstain (so the turnout, their sum)
 * must equal it. The board carries the rules its outcome was decided under (`rules`: the roll's
 * size, the quorum, and the share and minimum it was reckoned from): the quorum must follow from
 * them (the share of the roll, rounded up, and at least the minimum), and the outcome from the
 * counts and the quorum (server/src/modules/ballots/decide.ts: below the quorum `quorum_missed`,
 * yes = no `tie`, else `accepted` or `rejected`). Any mismatch: a message and exit code 1.
 *
 * The ballot's id is in every hash (the genesis and each entry), so a board chains only under its
 * own id; the verifier checks that id against the ballot meant: the one in the board's address
 * (`/ballots/<id>/board.json`) or `--ballot <id>` for a file. Without either it says it is not bound.
 *
 * A chain only proves that nothing was changed before its last entry: a board cut short (its last
 * entries dropped, the tally lowered to match) still chains and recounts. `--head` (the hash of the
 * last entry; the genesis hash for a board with no votes) and `--count` (its number of entries),
 * as the ballot's results page shows them, anchor its end: the board must end there.
 *
 * A voter checks their own vote by finding their receipt with the choice they made (and, with the
 * nonce they were given, that sha256(ballotId + ":" + choice + ":" + nonce) is that receipt).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";

const sha256 = (text) => createHash("sha256").update(text).digest("hex");
const CHOICES = ["yes", "no", "abstain"];
const USAGE =
  "usage: node scripts/verify-ballot.mjs <board URL or file> [--ballot <ballot id>] [--head <hash of the last entry>] [--count <entries>]";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The outcome the rules give (server/src/modules/ballots/decide.ts). */
export function decide(c, quorum) {
  if (c.yes + c.no + c.abstain < quorum) return "quorum_missed";
  if (c.yes === c.no) return "tie";
  return c.yes > c.no ? "accepted" : "rejected";
}

const whole = (n) => Number.isInteger(n) && n >= 0;

/** Problems with the board's rules and outcome, given its recount (server/src/modules/ballots/settings.service.ts quorumOf). */
function checkOutcome(board, counts) {
  const { rules, outcome } = board;
  if (!rules || !["eligible", "quorum", "quorumPercent", "quorumMin"].every((k) => whole(rules[k])))
    return ["rules: missing or incomplete (the board must publish eligible, quorum, quorumPercent and quorumMin)"];
  const problems = [];
  const quorum = Math.max(rules.quorumMin, Math.ceil((rules.eligible * rules.quorumPercent) / 100));
  if (rules.quorum !== quorum) problems.push(`rules: quorum published ${rules.quorum}, the rules give ${quorum}`);
  const turnout = counts.yes + counts.no + counts.abstain;
  if (turnout > rules.eligible) problems.push(`rules: ${turnout} votes on a roll of ${rules.eligible}`);
  const decided = decide(counts, rules.quorum);
  if (outcome !== decided) problems.push(`outcome: published ${outcome}, the counts and the rules give ${decided}`);
  return problems;
}

/**
 * Problems found on a board (empty when it verifies), the recount and the chain's head (its last
 * hash). `anchor.head` and `anchor.count`, when given, are where the board must end;
 * `anchor.ballot`, the ballot it must be.
 */
export function verifyBoard(board, anchor = {}) {
  const problems = [];
  const { ballotId, entries, tally } = board ?? {};
  if (typeof ballotId !== "string" || !Array.isArray(entries)) return { problems: ["not a ballot board"], counts: null, head: null };
  if (anchor.ballot !== undefined && ballotId.toLowerCase() !== anchor.ballot.toLowerCase())
    problems.push(`ballot: the board is ballot ${ballotId}'s, expected ${anchor.ballot}`);
  let prev = sha256(`roots-ballot:${ballotId}`);
  const counts = { yes: 0, no: 0, abstain: 0 };
  entries.forEach((e, i) => {
    const at = `entry ${i + 1}`;
    if (typeof e !== "object" || e === null) {
      problems.push(`${at}: not an entry`);
      prev = null;
      return;
    }
    if (e.position !== i + 1) problems.push(`${at}: position ${e.position}, expected ${i + 1}`);
    if (e.prevHash !== prev) problems.push(`${at}: previous hash does not match the chain`);
    if (!CHOICES.includes(e.choice)) problems.push(`${at}: unknown choice`);
    else counts[e.choice]++;
    if (i > 0 && !(entries[i - 1]?.receipt < e.receipt)) problems.push(`${at}: receipts out of order or repeated`);
    const hash = sha256(`${ballotId}:${e.position}:${e.receipt}:${e.choice}:${e.prevHash}`);
    if (hash !== e.entryHash) problems.push(`${at}: its hash does not recompute`);
    prev = e.entryHash;
  });
  // The tally is required: without it, what is left of a board cut short would recount to itself.
  if (!tally || !CHOICES.every((c) => Number.isInteger(tally[c]) && tally[c] >= 0)) {
    problems.push("tally: missing or incomplete (the board must publish yes, no and abstain)");
  } else {
    for (const c of CHOICES) if (tally[c] !== counts[c]) problems.push(`tally: ${c} published ${tally[c]}, counted ${counts[c]}`);
    const turnout = tally.yes + tally.no + tally.abstain;
    if (entries.length !== turnout) problems.push(`turnout: published ${turnout}, the board has ${entries.length} entries`);
  }
  problems.push(...checkOutcome(board, counts));
  if (anchor.count !== undefined && entries.length !== anchor.count)
    problems.push(`count: expected ${anchor.count} entries, the board has ${entries.length}`);
  if (anchor.head !== undefined && prev !== anchor.head)
    problems.push(`head: expected the board to end at ${anchor.head}, it ends at ${prev}`);
  return { problems, counts, head: prev };
}

/** The command line: a source, and the optional anchor. Null when it is not understood. */
function argsOf(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ballot: { type: "string" }, head: { type: "string" }, count: { type: "string" } },
    });
  } catch {
    return null;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return null;
  if (values.head !== undefined && !/^[0-9a-f]{64}$/.test(values.head)) return null;
  if (values.count !== undefined && !/^\d+$/.test(values.count)) return null;
  if (values.ballot !== undefined && !UUID.test(values.ballot)) return null;
  const count = values.count === undefined ? undefined : Number(values.count);
  // A board's address names its ballot; --ballot must agree with it.
  const inAddress = /^https?:\/\//.test(positionals[0])
    ? /\/ballots\/([^/?#]+)\/board\.json(?:[?#]|$)/.exec(positionals[0])?.[1]
    : undefined;
  if (inAddress !== undefined && !UUID.test(inAddress)) return null;
  if (inAddress !== undefined && values.ballot !== undefined && inAddress.toLowerCase() !== values.ballot.toLowerCase()) return null;
  return { source: positionals[0], anchor: { head: values.head, count, ballot: values.ballot ?? inAddress } };
}

async function main() {
  const args = argsOf(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    process.exit(2);
  }
  const { source, anchor } = args;
  let text;
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok) {
      console.error(`${source}: HTTP ${res.status}`);
      process.exit(1);
    }
    text = await res.text();
  } else text = await readFile(source, "utf8");
  const { problems, counts } = verifyBoard(JSON.parse(text), anchor);
  if (problems.length) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  console.log(`board verifies: ${counts.yes} yes, ${counts.no} no, ${counts.abstain} abstain`);
  if (anchor.ballot === undefined)
    console.error("not bound: without the board's address or --ballot, a board of another ballot would verify too");
  if (anchor.head === undefined || anchor.count === undefined)
    console.error(
      "not anchored: without --head and --count from the results page, a board cut short with its tally lowered to match would verify too",
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
