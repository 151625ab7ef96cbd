/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { runtimeKey, translate, type Language } from "../../server/src/common/i18n.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, tokenFor } from "../support/ballots.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A ballot in the members' own languages: when it goes to cooling-off, opens and closes, each
 * eligible member is told in the language of their account (the email written at once, the bell
 * read in it), and a vote refused (too early, twice, not on the roll, too late) says why in the
 * language the request asks in, Arabic here.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let author: BuiltUser;
let outsider: BuiltUser;
const members = {} as Record<Language, BuiltUser>;
let ballotId: string;

const TITLE = "Saint Elias church";
/** Unicode isolates around a value inside a sentence (FSI … PDI). */
const iso = (s: string) => `\u2068${s}\u2069`;
const LANGUAGES: Language[] = ["ar", "fr", "en"];
const SET = `mutation ($kind: String!, $inApp: Boolean!, $email: EmailCadence!) { setNotificationSetting(kind: $kind, inApp: $inApp, email: $email) { kind } }`;
const BELL = `{ notifications(first: 20) { edges { node { kind title body } } } }`;

const mails = async (user: BuiltUser): Promise<{ subject: string; language: string }[]> =>
  server.ds.query(`SELECT subject, language FROM outbox_emails WHERE to_address = $1 ORDER BY created_at`, [user.email]);
/** The emails a member got that name `event` (a `ballots.event.*` key) in `language`. */
const told = async (user: BuiltUser, event: string, language: Language) =>
  (await mails(user)).filter((m) => m.subject.includes(translate(runtimeKey(`ballots.event.${event}`), language)));

/** Votes as `user`, asking in Arabic. */
const voteInArabic = async (user: BuiltUser, choice = "YES") =>
  server.gql<any>(Q.vote, { id: ballotId, choice }, { token: await tokenFor(server, user.id), language: "ar" });

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  village = await buildVillage(server, "Deir el Qamar");
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  author = await buildVoter(server, village);
  outsider = await buildVoter(server, village);
  for (const language of LANGUAGES) {
    const m = await buildVoter(server, village, { passport: true });
    await server.ds.query(`UPDATE users SET preferred_language = $2 WHERE id = $1`, [m.id, language]);
    // Emailed at once (the kind's default is the daily digest), so each step's words can be read.
    const set = await server.gql(SET, { kind: "ballots.update", inApp: true, email: "IMMEDIATE" }, { token: m.token });
    expect(set.errors).toBeUndefined();
    members[language] = m;
  }
  const p = await server.gql<any>(
    Q.propose,
    { input: { villageSlug: village.slug, language: "en", title: TITLE, content: "The church of Saint Elias.", summary: "" } },
    { token: author.token },
  );
  const opened = await server.gql<any>(Q.open, { id: p.data.proposeRootpediaChange.id }, { token: curator.token });
  expect(opened.errors).toBeUndefined();
  ballotId = opened.data.openBallot.id;
  // The announcement goes out in jobs (ballots.announce).
  await server.scheduler.runDue();
});
afterAll(() => server.stop());

describe("a ballot's announcements in each member's language", () => {
  it("tells each eligible member that it goes to a ballot, in their language", async () => {
    for (const language of LANGUAGES) {
      const got = await told(members[language], "cooling_off", language);
      expect(got).toHaveLength(1);
      expect(got[0].language).toBe(language);
    }
    // Nothing is told to a member who is not eligible.
    expect(await server.ds.query(`SELECT kind FROM notifications WHERE user_id = $1`, [outsider.id])).toEqual([]);
  });

  it("refuses a vote before the opening, in Arabic", async () => {
    const early = await voteInArabic(members.ar);
    expect(codeOf(early)).toBe("FORBIDDEN");
    expect(early.errors![0].message).toBe(translate("ballots.not_open", "ar"));
  });

  it("tells the roll that it opened: Arabic for an Arabic account, French for a French one", async () => {
    await advanceAndRun(server, 49 * HOUR);
    for (const language of LANGUAGES) {
      const got = await told(members[language], "open", language);
      expect(got.map((m) => m.language)).toEqual([language]);
      expect(got[0].subject).toContain(TITLE);
    }
    expect((await told(members.ar, "open", "ar"))[0].subject).toMatch(/[\u0600-\u06FF]/);
    expect((await told(members.fr, "open", "fr"))[0].subject).toContain("est ouverte au vote");
    // Not the English words in the other languages' emails.
    for (const language of ["ar", "fr"] as const)
      expect((await mails(members[language])).some((m) => m.subject.includes(translate("ballots.event.open", "en")))).toBe(false);
  });

  it("refuses a second vote and a vote off the roll, in Arabic", async () => {
    expect((await voteInArabic(members.ar)).errors).toBeUndefined();
    const twice = await voteInArabic(members.ar, "NO");
    expect(codeOf(twice)).toBe("CONFLICT");
    expect(twice.errors![0].message).toBe(translate("ballots.already_voted", "ar"));
    expect(twice.errors![0].message).toMatch(/[\u0600-\u06FF]/);

    const notOnRoll = await voteInArabic(outsider);
    expect(codeOf(notOnRoll)).toBe("FORBIDDEN");
    expect(notOnRoll.errors![0].message).toBe(translate("ballots.not_eligible", "ar"));
    expect(notOnRoll.errors![0].message).toMatch(/[\u0600-\u06FF]/);
    expect((await server.ds.query(`SELECT count(*)::int AS n FROM ballot_votes`))[0].n).toBe(1);
  });

  it("tells the roll how it closed in their language, and refuses a late vote in Arabic", async () => {
    await advanceAndRun(server, 7 * DAY);
    // One vote of a quorum of 5: the quorum is missed.
    for (const language of LANGUAGES) expect(await told(members[language], "quorum_missed", language)).toHaveLength(1);
    const late = await voteInArabic(members.fr);
    expect(late.errors![0].message).toBe(translate("ballots.closed", "ar"));
  });

  it("lists the same steps in the bell, read in the member's language", async () => {
    for (const language of ["ar", "fr"] as const) {
      const token = await tokenFor(server, members[language].id);
      const bell = await server.gql<any>(BELL, {}, { token, language });
      const titles = bell.data.notifications.edges.map((e: any) => e.node.title);
      for (const event of ["cooling_off", "open", "quorum_missed"])
        expect(titles).toContain(`${iso(TITLE)} ${iso(translate(runtimeKey(`ballots.event.${event}`), language))}`);
    }
  });
});
