import express from "express";
import type { AreaServices } from "../../common/area.js";
import { isUuid } from "../../common/global-id.js";
import { ROOTSPACE_HEADER, routeRootspace } from "../rootspaces/index.js";
import type { VoteChoice } from "./ballots.entity.js";

/**
 * `GET /ballots/<uuid>/board.json`: a closed ballot's public bulletin board and its published
 * tally, for anyone to recompute (`node scripts/verify-ballot.mjs <url>`). 404 before it closes,
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
    const rootspace = await routeRootspace(deps.ds, deps.bus, req, res);
    if (!rootspace) return;
    const [b]: { status: string; outcome: string; yes_count: number; no_count: number; abstain_count: number }[] = await deps.ds.query(
      `SELECT b.status, b.outcome, b.yes_count, b.no_count, b.abstain_count
         FROM ballots b JOIN villages v ON v.id = b.village_id AND v.is_public AND v.rootspace_id = $2 WHERE b.id = $1`,
      [id, rootspace.id],
    );
    if (!b || b.status !== "closed") return notFound();
    const rows: { position: number; receipt: string; choice: VoteChoice; prev_hash: string; entry_hash: string }[] = await deps.ds.query(
      `SELECT position, receipt, choice, prev_hash, entry_hash FROM ballot_votes WHERE ballot_id = $1 ORDER BY position`,
      [id],
    );
    res.set("cache-control", "public, max-age=60").json({
      ballotId: id,
      outcome: b.outcome,
      tally: { yes: b.yes_count, no: b.no_count, abstain: b.abstain_count },
      entries: rows.map((r) => ({
        position: r.position,
        receipt: r.receipt,
        choice: r.choice,
        prevHash: r.prev_hash,
        entryHash: r.entry_hash,
      })),
    });
  });
  return router;
}
