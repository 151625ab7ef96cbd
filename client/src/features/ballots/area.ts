import { lazy } from "react";
import type { ClientArea } from "../../app/area";

/** Proposals and ballots of a village's Rootpedia: proposing, the proposal's discussion, casting a vote, the live results. */
export const ballotsArea: ClientArea = {
  name: "ballots",
  routes: [
    { path: "/root/:slug/rootpedia/propose", page: lazy(() => import("./pages/ProposePage")), access: "member" },
    { path: "/root/:slug/rootpedia/proposal/:id", page: lazy(() => import("./pages/ProposalPage")), access: "data" },
    { path: "/root/:slug/rootpedia/ballot/:ballotId", page: lazy(() => import("./pages/BallotPage")), access: "member" },
    { path: "/root/:slug/rootpedia/ballot/:ballotId/results", page: lazy(() => import("./pages/ResultsPage")), access: "data" },
  ],
};
