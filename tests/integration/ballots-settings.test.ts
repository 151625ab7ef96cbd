/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, tokenFor } from "../support/ballots.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A rootspace's ballot rules (cooling-off, shortest open time, quorum): defaults until changed,
 * changed by whoever administers the rootspace (audited), refused with translated errors for
 * anyone else or for values out of range, and read when a ballot starts: a ballot already running
 * keeps the rules it started with, a new one takes the new ones.
 */
let server: TestServer;
let admin: BuiltUser;
let curator: BuiltUser;
let village: { id: string; raw: string; slug: string };

const SETTINGS = `{ ballotSettings { coolingHours minOpenDays quorumPercent quorumMin changed editable } }`;
const UPDATE = `mutation ($input: BallotSettingsInput!) { updateBallotSettings(input: $input) { coolingHours minOpenDays quorumPercent quorumMin changed } }`;
const DEFAULTS = { coolingHours: 48, minOpenDays: 7, quorumPercent: 10, quorumMin: 5 };

const settings = async (token?: string) => (await server.gql<any>(SETTINGS, {}, { token })).data.ballotSettings;
const auditRows = async () =>
  (await server.ds.query(`SELECT before, after, user_id FROM audit_logs WHERE table_name = 'ballot_settings' ORDER BY created_at`)) as {
    before: Record<string, number>;
    after: Record<string, number>;
    user_id: string;
  }[];

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  village = await buildVillage(server, "Ehden");
  admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }], clock: server.clock });
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
});
afterAll(() => server.stop());

/** A new-article proposal put to a ballot by the village's curator; the ballot's id and times. */
async function startBallot(title: string, openDays?: number) {
  const author = await buildVoter(server, village, { passport: true });
  const p = await server.gql<any>(
    Q.propose,
    { input: { villageSlug: village.slug, language: "en", title, content: `# ${title}\n\nText.`, summary: "" } },
    { token: author.token },
  );
  expect(p.errors).toBeUndefined();
  const res = await server.gql<any>(
    `mutation ($id: ID!, $days: Int) { openBallot(proposalId: $id, openDays: $days) { id opensAt closesAt } }`,
    { id: p.data.proposeRootpediaChange.id, days: openDays ?? null },
    { token: await tokenFor(server, curator.id) },
  );
  return res;
}

const tallyOf = async (id: string) => (await server.gql<any>(Q.ballot, { id })).data.ballot;

describe("ballot settings", () => {
  it("are the defaults until changed, readable by anyone, editable by the rootspace's admin only", async () => {
    expect(await settings()).toEqual({ ...DEFAULTS, changed: false, editable: false });
    expect(await settings(curator.token)).toMatchObject({ editable: false });
    expect(await settings(admin.token)).toMatchObject({ editable: true });
    const now = server.clock!.now().getTime();
    const res = await startBallot("Defaults");
    expect(res.errors).toBeUndefined();
    const b = res.data.openBallot;
    expect(new Date(b.opensAt).getTime() - now).toBe(48 * HOUR);
    expect(new Date(b.closesAt).getTime() - new Date(b.opensAt).getTime()).toBe(7 * DAY);
    const [row] = await server.ds.query(`SELECT cooling_hours, quorum_percent, quorum_min FROM ballots`);
    expect(row).toEqual({ cooling_hours: 48, quorum_percent: 10, quorum_min: 5 });
  });

  it("refuses an edit from a visitor, a member or a curator, and changes nothing", async () => {
    const member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock: server.clock });
    expect(codeOf(await server.gql(UPDATE, { input: { quorumMin: 2 } }))).toBe("UNAUTHENTICATED");
    for (const who of [member, curator]) {
      const res = await server.gql(UPDATE, { input: { quorumMin: 2 } }, { token: who.token, language: "ar" });
      expect(codeOf(res)).toBe("FORBIDDEN");
      expect(res.errors![0].message).not.toMatch(/[A-Za-z]{4}/);
    }
    expect(await settings()).toEqual({ ...DEFAULTS, changed: false, editable: false });
    expect(await auditRows()).toEqual([]);
  });

  it("refuses values out of range with a translated error on each field, and changes nothing", async () => {
    const res = await server.gql(
      UPDATE,
      { input: { coolingHours: -1, minOpenDays: 0, quorumPercent: 101, quorumMin: 2 } },
      { token: admin.token, language: "fr" },
    );
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors![0].message).toBe("Certains champs ne sont pas valides.");
    const fields = res.errors![0].extensions!.fields as { field: string; key: string; message: string }[];
    expect(fields.map((f) => [f.field, f.key, f.message])).toEqual([
      ["coolingHours", "errors.validation.range", "Saisissez un nombre entier de 0 à 2160."],
      ["minOpenDays", "errors.validation.range", "Saisissez un nombre entier de 1 à 90."],
      ["quorumPercent", "errors.validation.range", "Saisissez un nombre entier de 0 à 100."],
    ]);
    // One bad field is enough to keep the good ones out too.
    expect(codeOf(await server.gql(UPDATE, { input: { quorumMin: 0, quorumPercent: 50 } }, { token: admin.token }))).toBe("BAD_USER_INPUT");
    expect(await settings()).toEqual({ ...DEFAULTS, changed: false, editable: false });
    expect(await auditRows()).toEqual([]);
  });

  it("reach new ballots only: one already started keeps its cooling-off, account age and quorum", async () => {
    await server.ds.query(`DELETE FROM ballots`);
    const old = await startBallot("Before the change");
    expect(old.errors).toBeUndefined();
    const oldId = old.data.openBallot.id;
    for (let i = 0; i < 5; i++) await buildVoter(server, village, { passport: true });

    const changed = await server.gql<any>(
      UPDATE,
      { input: { coolingHours: 24, minOpenDays: 3, quorumPercent: 50, quorumMin: 2 } },
      { token: admin.token },
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateBallotSettings).toEqual({ coolingHours: 24, minOpenDays: 3, quorumPercent: 50, quorumMin: 2, changed: true });
    const [entry] = await auditRows();
    expect(entry).toEqual({
      user_id: admin.id,
      before: { ...DEFAULTS, hideBreakdown: false },
      after: { coolingHours: 24, minOpenDays: 3, quorumPercent: 50, quorumMin: 2, hideBreakdown: false },
    });
    // A field left out stays as it is.
    await server.gql(UPDATE, { input: { quorumMin: 3 } }, { token: admin.token });
    expect(await settings()).toMatchObject({ coolingHours: 24, minOpenDays: 3, quorumPercent: 50, quorumMin: 3 });

    // A member who joins now, with the new ballot started: old enough (24 h) for it when it opens,
    // not for the old one's 48 h when that opens four hours later.
    await advanceAndRun(server, 20 * HOUR);
    await buildVoter(server, village, { passport: true, ageHours: 0 });
    const now = server.clock!.now().getTime();
    expect(codeOf(await startBallot("Too short", 2))).toBe("BAD_USER_INPUT");
    const fresh = await startBallot("After the change");
    expect(fresh.errors).toBeUndefined();
    const freshId = fresh.data.openBallot.id;
    expect(new Date(fresh.data.openBallot.opensAt).getTime() - now).toBe(24 * HOUR);
    expect(new Date(fresh.data.openBallot.closesAt).getTime() - new Date(fresh.data.openBallot.opensAt).getTime()).toBe(3 * DAY);

    await advanceAndRun(server, 25 * HOUR);
    const freshOpen = await tallyOf(freshId);
    expect(freshOpen.status).toBe("OPEN");
    expect((await tallyOf(oldId)).status).toBe("COOLING_OFF");
    const freshRoll = freshOpen.tally.eligible;
    expect(freshRoll).toBeGreaterThanOrEqual(8);
    expect(freshOpen.tally.quorum).toBe(Math.max(3, Math.ceil(freshRoll * 0.5)));

    await advanceAndRun(server, 4 * HOUR);
    const oldOpen = await tallyOf(oldId);
    expect(oldOpen.status).toBe("OPEN");
    expect(oldOpen.tally.eligible).toBe(freshRoll - 1);
    expect(oldOpen.tally.quorum).toBe(5);

    // Changed again while both run: neither moves.
    const again = await server.gql(UPDATE, { input: { quorumPercent: 100, quorumMin: 1000 } }, { token: await tokenFor(server, admin.id) });
    expect(again.errors).toBeUndefined();
    expect((await tallyOf(oldId)).tally.quorum).toBe(5);
    expect((await tallyOf(freshId)).tally.quorum).toBe(Math.max(3, Math.ceil(freshRoll * 0.5)));
  });

  it("can hold the breakdown back until the close (audited); a ballot started before keeps showing it", async () => {
    await server.ds.query(`DELETE FROM ballots`);
    const before = await startBallot("Shown");
    expect(before.errors).toBeUndefined();
    const forbidden = await server.gql(UPDATE, { input: { hideBreakdown: true } }, { token: await tokenFor(server, curator.id) });
    expect(codeOf(forbidden)).toBe("FORBIDDEN");
    const res = await server.gql<any>(
      `mutation ($input: BallotSettingsInput!) { updateBallotSettings(input: $input) { hideBreakdown quorumMin } }`,
      { input: { hideBreakdown: true } },
      { token: await tokenFor(server, admin.id) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.updateBallotSettings.hideBreakdown).toBe(true);
    expect((await server.gql<any>(`{ ballotSettings { hideBreakdown } }`)).data.ballotSettings).toEqual({ hideBreakdown: true });
    const rows = await auditRows();
    expect(rows[rows.length - 1]).toMatchObject({ before: { hideBreakdown: false }, after: { hideBreakdown: true } });
    const after = await startBallot("Held back");
    expect(after.errors).toBeUndefined();
    await advanceAndRun(server, 49 * HOUR);
    const held = `query ($id: ID!) { ballot(id: $id) { tally { status breakdownHeld } } }`;
    expect((await server.gql<any>(held, { id: after.data.openBallot.id })).data.ballot.tally).toEqual({
      status: "OPEN",
      breakdownHeld: "UNTIL_CLOSE",
    });
    expect((await server.gql<any>(held, { id: before.data.openBallot.id })).data.ballot.tally).toEqual({
      status: "OPEN",
      breakdownHeld: "BELOW_MINIMUM",
    });
  });
});
