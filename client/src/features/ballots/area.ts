import { lazyPage, type ClientArea } from "../../app/area";

/** Proposals and ballots of a village's Rootpedia: proposing, the proposal's discussion, casting a vote, the live results. */
export const ballotsArea: ClientArea = {
  name: "ballots",
  routes: [
    { path: "/root/:slug/rootpedia/propose", page: lazyPage(() => import("./pages/ProposePage")), access: "member" },
    { path: "/root/:slug/rootpedia/proposal/:id", page: lazyPage(() => import("./pages/ProposalPage")), access: "data" },
    { path: "/root/:slug/rootpedia/ballot/:ballotId", page: lazyPage(() => import("./pages/BallotPage")), access: "member" },
    { path: "/root/:slug/rootpedia/ballot/:ballotId/results", page: lazyPage(() => import("./pages/ResultsPage")), access: "data" },
  ],
};
