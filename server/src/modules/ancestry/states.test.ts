import { describe, expect, it } from "@jest/globals";
import { canMove, DELIVERIES, moverOf, officerMoves, STATES, TRANSLATIONS, type PathFacts } from "./states.js";

/** Every allowed move for one delivery and option, written out by hand: the table the rule must match exactly. */
function expected(r: PathFacts): Set<string> {
  const leg = { digital: ["delivered"], courier: ["shipped", "delivered"], pouch: ["in_pouch", "at_embassy", "delivered"] }[r.delivery];
  const path = ["draft", "awaiting_payment", "in_review", "at_registry", "issued", ...(r.translation ? ["translating"] : []), ...leg];
  const moves = new Set<string>();
  for (let i = 0; i + 1 < path.length; i++) moves.add(`${path[i]}>${path[i + 1]}`);
  for (const s of ["draft", "awaiting_payment", "in_review"]) moves.add(`${s}>cancelled`);
  for (const s of ["in_review", "at_registry"]) {
    moves.add(`${s}>needs_information`);
    moves.add(`${s}>rejected`);
  }
  if (r.infoFrom === "in_review" || r.infoFrom === "at_registry") moves.add(`needs_information>${r.infoFrom}`);
  if (r.infoFrom === "in_review") moves.add("needs_information>cancelled");
  return moves;
}

const cases: PathFacts[] = DELIVERIES.flatMap((delivery) =>
  [null, ...TRANSLATIONS].flatMap((translation) =>
    ([null, "in_review", "at_registry"] as const).map((infoFrom) => ({ delivery, translation, infoFrom })),
  ),
);

describe("canMove: every state pair, for each delivery type and option", () => {
  it.each(cases)("$delivery, translation $translation, information asked in $infoFrom", (r) => {
    const allowed = expected(r);
    for (const from of STATES)
      for (const to of STATES) expect([`${from}>${to}`, canMove(from, to, r)]).toEqual([`${from}>${to}`, allowed.has(`${from}>${to}`)]);
  });

  it("refuses what the issue names: shipped for digital, translating not ordered, a skipped step", () => {
    expect(canMove("issued", "shipped", { delivery: "digital", translation: null })).toBe(false);
    expect(canMove("issued", "translating", { delivery: "courier", translation: null })).toBe(false);
    expect(canMove("in_review", "issued", { delivery: "digital", translation: null })).toBe(false);
    expect(canMove("issued", "delivered", { delivery: "pouch", translation: null })).toBe(false);
    expect(canMove("at_registry", "cancelled", { delivery: "digital", translation: null })).toBe(false);
  });

  it("says who moves: the member submits and cancels, the settle job confirms payment, officers work the rest", () => {
    const r: PathFacts = { delivery: "courier", translation: "fr" };
    expect(moverOf("draft", "awaiting_payment", r)).toBe("member");
    expect(moverOf("awaiting_payment", "in_review", r)).toBe("system");
    expect(moverOf("issued", "translating", r)).toBe("officer");
    expect(moverOf("in_review", "cancelled", r)).toBe("member");
    expect(officerMoves("issued", r)).toEqual(["translating"]);
    expect(officerMoves("at_registry", r)).toEqual(["issued", "rejected"]);
  });
});
