/** Public surface of proposals and ballots: what the Rootpedia pages show of them (an article's proposals, the staff board). */
export { ArticleProposals } from "./components/ArticleProposals";
export { StaffBallotBoard } from "./components/StaffBallotBoard";
