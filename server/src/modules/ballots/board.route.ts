import express from "express";
import type { AreaServices } from "../../common/area.js";
import { isUuid } from "../../common/global-id.js";
import { ROOTSPACE_HEADER } from "../rootspaces/index.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { loadBallot } from "./ballot.service.js";
import { quorumOf } from "./settings.service.js";
import { boardEntries } from "./vote.service.js";

/**
 * `GET /ballots/<uuid>/board.json`: a closed ballot's public bulletin board, its published
 * tally, its outcome and the rules it was decided under (roll size, quorum and how the quorum was
 * reckoned), for anyone to recompute (`node scripts/verify-ballot.mjs <url>`). 404 before it closes,
 * and for a ballot of a village that is not public or not in the request's rootspace (its
 * `X-Rootspace` header), as for one that does not exist.
 */
export function ballotBoardRouter(deps: AreaServices): express.Router {
  const router = express.Router();
  router.get("/ballots/:id/board.json", async (req, res) => {
    const { id } = req.params;
    // The same address answers differently per rootspace: a shared cache must keep them apart.
    res.vary(ROOTSPACE_HEADER);
    const notFound = () => res.status(404).set("cache-control", "no-store").end();
    if (!isUuid(id)) return notFound();
    const ctx = await deps.context(req, res);
    if (!ctx) return;
    // Found as the API finds it: a village that is public, in the request's rootspace.
    const b = await loadBallot(ctx, id).catch((err: unknown) => {
      if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) return null;
      throw err;
    });
    if (!b || b.status !== "closed") return notFound();
    // Self-describing: the rules the outcome was decided under, so that the verifier decides it again.
    res.set("cache-control", "public, max-age=60").json({
      ballotId: id,
      outcome: b.outcome,
      rules: {
        eligible: b.eligible_count ?? 0,
        quorum: b.quorum ?? quorumOf(b.eligible_count ?? 0, { quorumPercent: b.quorum_percent, quorumMin: b.quorum_min }),
        quorumPercent: b.quorum_percent,
        quorumMin: b.quorum_min,
      },
      tally: { yes: b.yes_count, no: b.no_count, abstain: b.abstain_count },
      entries: await boardEntries(deps.ds, id),
    });
  });
  return router;
}
