import type { DataSource } from "typeorm";
import { Role } from "../../server/src/common/auth/roles.js";
import { loadConfig } from "../../server/src/config.js";
import { createSession } from "../../server/src/modules/accounts/sessions.service.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gid } from "./genealogy.js";
import type { TestServer } from "./server.js";

/** GraphQL of the ballots area, for the tests. */
export const Q = {
  propose: `mutation ($input: BallotProposalInput!) { proposeRootpediaChange(input: $input) { id status frozen title content baseRevisionId } }`,
  edit: `mutation ($id: ID!, $input: BallotProposalEditInput!) { editBallotProposal(id: $id, input: $input) { id title content } }`,
  comment: `mutation ($id: ID!, $body: String!) { commentOnBallotProposal(id: $id, body: $body) { id body authorName } }`,
  accept: `mutation ($id: ID!) { acceptBallotProposal(id: $id) { id status appliedRevisionId } }`,
  resolve: `mutation ($id: ID!, $content: String!) { resolveBallotProposalConflict(id: $id, content: $content) { id status appliedRevisionId } }`,
  open: `mutation ($id: ID!, $hide: Boolean) { openBallot(proposalId: $id, hideResults: $hide) { id status opensAt closesAt } }`,
  proposal: `query ($id: ID!) { ballotProposal(id: $id) { id status frozen appliedRevisionId comments { body } ballot { id status tally { turnout yes no abstain breakdownHidden outcome eligible quorum } } } }`,
  ballot: `query ($id: ID!) { ballot(id: $id) { id status tally { status turnout eligible quorum yes no abstain breakdownHidden outcome secondsLeft } } }`,
  vote: `mutation ($id: ID!, $choice: VoteChoice!) { castVote(ballotId: $id, choice: $choice) { receipt nonce } }`,
  receipt: `query ($id: ID!, $r: String!) { ballotReceipt(ballotId: $id, receipt: $r) { counted entry { position receipt choice } } }`,
  board: `query ($id: ID!) { ballotBoard(id: $id) { position receipt choice prevHash entryHash } }`,
  eligibility: `query ($s: String!) { ballotEligibility(villageSlug: $s) { eligible reasons messages through } }`,
  issue: `mutation ($s: String!, $u: ID!, $r: String!) { issueRootsPassport(villageSlug: $s, userId: $u, reason: $r) { id userId reason revokedAt } }`,
  revoke: `mutation ($id: ID!, $r: String!) { revokeRootsPassport(id: $id, reason: $r) { id revokedAt revokeReason } }`,
};

const config = loadConfig({});

/** A fresh access token for an existing user, made at the server's clock (after the test clock moved on). */
export async function tokenFor(server: TestServer, userId: string): Promise<string> {
  const s = await createSession(server.ds, userId, { client: { ip: "127.0.0.1", userAgent: "test" }, config, clock: server.clock });
  return s.accessToken;
}

/**
 * A member old enough to vote; `root`: a VERIFIED "This is me" record in the village, `passport`: a
 * live passport, `ancestor`: a grandparent's record in the village (VERIFIED or not), linked up from
 * the member's own record, which is in no village.
 */
export async function buildVoter(
  server: TestServer,
  village: { raw: string },
  opts: { root?: "verified" | "community"; passport?: boolean; ageHours?: number; ancestor?: "verified" | "community" } = {},
): Promise<BuiltUser> {
  const user = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock: server.clock });
  const now = server.clock?.now() ?? new Date();
  await server.ds.query(`UPDATE users SET created_at = $2 WHERE id = $1`, [
    user.id,
    new Date(now.getTime() - (opts.ageHours ?? 24 * 30) * 3_600_000),
  ]);
  if (opts.root)
    await server.ds.query(
      `INSERT INTO people (id, rootspace_id, full_name, village_id, user_id, provenance, privacy_settings) VALUES (gen_random_uuid(), 'lb', 'Voter', $1, $2, $3, '{}')`,
      [village.raw, user.id, opts.root === "verified" ? "VERIFIED" : "COMMUNITY"],
    );
  if (opts.ancestor) {
    const person = async (villageId: string | null, provenance: string, userId: string | null): Promise<string> =>
      (
        await server.ds.query(
          `INSERT INTO people (id, rootspace_id, full_name, village_id, user_id, provenance, privacy_settings) VALUES (gen_random_uuid(), 'lb', 'Kin', $1, $2, $3, '{}') RETURNING id`,
          [villageId, userId, provenance],
        )
      )[0].id;
    const self = await person(null, "COMMUNITY", user.id);
    const parent = await person(null, "COMMUNITY", null);
    const grandparent = await person(village.raw, opts.ancestor === "verified" ? "VERIFIED" : "COMMUNITY", null);
    await server.ds.query(
      `INSERT INTO parent_links (id, parent_id, child_id) VALUES (gen_random_uuid(), $1, $2), (gen_random_uuid(), $3, $1)`,
      [parent, self, grandparent],
    );
  }
  if (opts.passport)
    await server.ds.query(
      `INSERT INTO roots_passports (id, village_id, user_id, reason, issued_at) VALUES (gen_random_uuid(), $1, $2, 'test', $3)`,
      [village.raw, user.id, now],
    );
  return user;
}

/**
 * An open ballot on a new-article proposal in `village`, with `voters` (user ids) on its frozen
 * roll, written straight to the database as openNow leaves it (for tests and benchmarks that
 * vote at once, without the cooling-off). Returns its global id.
 */
export async function seedOpenBallot(ds: DataSource, village: { raw: string }, voters: string[], now = new Date()): Promise<string> {
  const [p]: { id: string }[] = await ds.query(
    `INSERT INTO ballot_proposals (id, village_id, language, title, content, status) VALUES (gen_random_uuid(), $1, 'en', 'Seeded', '# Seeded', 'in_ballot') RETURNING id`,
    [village.raw],
  );
  const [b]: { id: string }[] = await ds.query(
    `INSERT INTO ballots (id, proposal_id, village_id, status, opens_at, closes_at, eligible_count, quorum, yes_count, no_count, abstain_count)
     VALUES (gen_random_uuid(), $1, $2, 'open', $3, $4, $5, 5, 0, 0, 0) RETURNING id`,
    [p.id, village.raw, new Date(now.getTime() - 3_600_000), new Date(now.getTime() + 7 * 86_400_000), voters.length],
  );
  await ds.query(`INSERT INTO ballot_roll (ballot_id, user_id) SELECT $1, u FROM unnest($2::uuid[]) AS u`, [b.id, voters]);
  return gid("Ballot", b.id);
}

export const userGid = (id: string): string => gid("User", id);

export const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }): string | undefined => res.errors?.[0]?.extensions?.code;
