import { publicVillageJoin } from "../genealogy/index.js";
import DataLoader from "dataloader";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import type { BallotRow } from "./ballot.service.js";
import type { ProposalRow } from "./proposal.service.js";

/**
 * Per-request loaders of the ballots area, so a list (the staff board, an article's proposals)
 * runs one statement per kind of row whatever its length.
 */
export function createBallotLoaders(ctx: Context) {
  return {
    /** Proposals by id, of public villages of the request's rootspace. */
    proposal: new DataLoader<string, ProposalRow>(async (ids) => {
      const rows: ProposalRow[] = await ctx.ds.query(
        `SELECT p.* FROM ballot_proposals p ${publicVillageJoin("p", "$2")} WHERE p.id = ANY($1)`,
        [[...ids], ctx.rootspace.id],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? notFound());
    }),
    /** A proposal's latest ballot, or null. */
    latestBallot: new DataLoader<string, BallotRow | null>(async (proposalIds) => {
      const rows: BallotRow[] = await ctx.ds.query(
        `SELECT DISTINCT ON (proposal_id) * FROM ballots WHERE proposal_id = ANY($1) ORDER BY proposal_id, created_at DESC`,
        [[...proposalIds]],
      );
      const byProposal = new Map(rows.map((r) => [r.proposal_id, r]));
      return proposalIds.map((id) => byProposal.get(id) ?? null);
    }),
  };
}
