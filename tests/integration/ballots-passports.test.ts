/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { translate } from "../../server/src/common/i18n.js";
import { assignCurator } from "../factories/curators.js";
import { buildRootspaces } from "../factories/rootspaces.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, tokenFor, userGid } from "../support/ballots.js";
import { advanceAndRun, HOUR, TestClock } from "../support/clock.js";
import { badFields, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Roots Passports and eligibility beyond the member's own record: a passport is revoked only from
 * its own rootspace (from any other it does not exist, whoever asks), a reason is kept whole or
 * refused (never cut), and a member whose VERIFIED ancestor comes from the village may vote where
 * one whose ancestor is unverified may not.
 */
let server: TestServer;
let other: string;
let village: { id: string; raw: string; slug: string };
let away: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let awayCurator: BuiltUser;
let admin: BuiltUser;

/** Headers of a request made in the other rootspace. */
const inOther = () => ({ "x-rootspace": other });
const passportRow = async (id: string) =>
  (await server.ds.query(`SELECT reason, revoked_at, revoke_reason FROM roots_passports WHERE id = $1`, [fromGlobalId(id)!.id]))[0];

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  [other] = await buildRootspaces(server.ds, 1, { prefix: "levant" });
  village = await buildVillage(server, "Kfarhim");
  away = await buildVillage(server, "Kfarhim");
  await server.ds.query(`UPDATE villages SET rootspace_id = $1 WHERE id = $2`, [other, away.raw]);
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  awayCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, awayCurator.id, [away.raw]);
  admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }], clock: server.clock });
});
afterAll(() => server.stop());

describe("revoking a passport", () => {
  it("does not find a passport of another rootspace's village, whoever asks; in its own rootspace its curator revokes it", async () => {
    const holder = await buildVoter(server, away);
    const issued = await server.gql<any>(
      Q.issue,
      { s: away.slug, u: userGid(holder.id), r: "Family of the village" },
      { token: awayCurator.token, headers: inOther() },
    );
    expect(issued.errors).toBeUndefined();
    const id = issued.data.issueRootsPassport.id;

    // Asked in Lebanon (no header): a curator of a Lebanese village, an admin, even the passport's own curator.
    for (const who of [curator, admin, awayCurator]) {
      const res = await server.gql(Q.revoke, { id, r: "Not from here" }, { token: who.token });
      expect(codeOf(res)).toBe("NOT_FOUND");
    }
    expect(await passportRow(id)).toMatchObject({ revoked_at: null, revoke_reason: null });
    expect(await server.ds.query(`SELECT 1 FROM audit_logs WHERE table_name = 'roots_passports' AND action = 'revoke'`)).toEqual([]);

    const revoked = await server.gql<any>(Q.revoke, { id, r: "Moved away" }, { token: awayCurator.token, headers: inOther() });
    expect(revoked.errors).toBeUndefined();
    expect(revoked.data.revokeRootsPassport.revokeReason).toBe("Moved away");
  });

  it("is still refused to a curator of another village of the same rootspace (FORBIDDEN, not hidden)", async () => {
    const holder = await buildVoter(server, village);
    const issued = await server.gql<any>(Q.issue, { s: village.slug, u: userGid(holder.id), r: "Known" }, { token: curator.token });
    const outsider = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
    await assignCurator(server.ds, outsider.id, [(await buildVillage(server, "Bkassine")).raw]);
    const res = await server.gql(Q.revoke, { id: issued.data.issueRootsPassport.id, r: "No" }, { token: outsider.token });
    expect(codeOf(res)).toBe("FORBIDDEN");
    expect((await passportRow(issued.data.issueRootsPassport.id)).revoked_at).toBeNull();
  });
});

describe("a passport's reason", () => {
  const long = (n: number) => "r".repeat(n);

  it("is refused when longer than 500 characters, on its field and in the reader's language; nothing is issued", async () => {
    const holder = await buildVoter(server, village);
    const res = await server.gql(
      Q.issue,
      { s: village.slug, u: userGid(holder.id), r: long(501) },
      { token: curator.token, language: "ar" },
    );
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(badFields(res)).toEqual(["reason"]);
    expect(res.errors![0].message).toBe(translate("errors.validation.maxLength", "ar"));
    expect(res.errors![0].message).toMatch(/[\u0600-\u06FF]/);
    expect(await server.ds.query(`SELECT 1 FROM roots_passports WHERE user_id = $1`, [holder.id])).toEqual([]);
  });

  it("of 500 characters is kept whole, on issue and on revoke; a longer revoke reason leaves the passport live", async () => {
    const holder = await buildVoter(server, village);
    // Spaces around are trimmed before the length is measured.
    const issued = await server.gql<any>(
      Q.issue,
      { s: village.slug, u: userGid(holder.id), r: `  ${long(500)}  ` },
      { token: curator.token },
    );
    expect(issued.errors).toBeUndefined();
    const id = issued.data.issueRootsPassport.id;
    expect((await passportRow(id)).reason).toBe(long(500));
    const [audited] = await server.ds.query(
      `SELECT after FROM audit_logs WHERE table_name = 'roots_passports' AND action = 'issue' AND record_id = $1`,
      [fromGlobalId(id)!.id],
    );
    expect(audited.after.reason).toBe(long(500));

    const tooLong = await server.gql(Q.revoke, { id, r: long(501) }, { token: curator.token, language: "fr" });
    expect(codeOf(tooLong)).toBe("BAD_USER_INPUT");
    expect(badFields(tooLong)).toEqual(["reason"]);
    expect(tooLong.errors![0].message).toBe(translate("errors.validation.maxLength", "fr"));
    expect((await passportRow(id)).revoked_at).toBeNull();

    const revoked = await server.gql<any>(Q.revoke, { id, r: long(500) }, { token: curator.token });
    expect(revoked.data.revokeRootsPassport.revokeReason).toBe(long(500));
  });
});

describe("eligibility through an ancestor's record", () => {
  const eligibility = async (token: string, slug = village.slug) =>
    (await server.gql<any>(Q.eligibility, { s: slug }, { token })).data.ballotEligibility;

  it("counts a VERIFIED grandparent from the village, not an unverified one, and the roll follows", async () => {
    const kin = await buildVoter(server, village, { ancestor: "verified" });
    const unverified = await buildVoter(server, village, { ancestor: "community" });
    expect(await eligibility(kin.token)).toMatchObject({ eligible: true, reasons: [], through: ["verified_root"] });
    expect(await eligibility(unverified.token)).toMatchObject({ eligible: false, reasons: ["no_verified_root"], through: [] });
    // The ancestor ties the member to that village only.
    const elsewhere = await buildVillage(server, "Ghazir");
    expect((await eligibility(kin.token, elsewhere.slug)).eligible).toBe(false);

    const p = await server.gql<any>(
      Q.propose,
      { input: { villageSlug: village.slug, language: "en", title: "The spring", content: "The village spring.", summary: "" } },
      { token: kin.token },
    );
    const ballotId = (await server.gql<any>(Q.open, { id: p.data.proposeRootpediaChange.id }, { token: curator.token })).data.openBallot.id;
    await advanceAndRun(server, 49 * HOUR);
    const yes = await server.gql<any>(Q.vote, { id: ballotId, choice: "YES" }, { token: await tokenFor(server, kin.id) });
    expect(yes.errors).toBeUndefined();
    const refused = await server.gql(Q.vote, { id: ballotId, choice: "YES" }, { token: await tokenFor(server, unverified.id) });
    expect(codeOf(refused)).toBe("FORBIDDEN");
    expect(refused.errors![0].message).toMatch(/voter roll/);
  });
});
