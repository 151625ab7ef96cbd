import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { translate } from "../../server/src/common/i18n.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { DAY, TestClock, advanceAndRun } from "../support/clock.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { startSmtp, type TestSmtp } from "../support/smtp.js";

const GRANT = `mutation ($input: GrantRoleInput!) { grantRole(input: $input) { id } }`;
const LIST = `{ notifications(first: 10) { totalCount edges { cursor node { id kind title body link read } } pageInfo { hasNextPage endCursor } } unreadNotificationCount }`;
const SETTINGS = `{ notificationSettings { kind label inApp email } }`;
const SET = `mutation ($kind: String!, $inApp: Boolean!, $email: EmailCadence!) { setNotificationSetting(kind: $kind, inApp: $inApp, email: $email) { kind inApp email } }`;

interface Listed {
  notifications: {
    totalCount: number;
    edges: { cursor: string; node: { id: string; kind: string; title: string; body: string; link: string; read: boolean } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
  unreadNotificationCount: number;
}

/** Unicode isolates around a value inside a sentence (FSI … PDI). */
const iso = (s: string) => `\u2068${s}\u2069`;

let server: TestServer;
let smtp: TestSmtp;
const clock = new TestClock();

async function member(language: "ar" | "en" | "fr", name: string): Promise<BuiltUser> {
  const user = await buildUser(server.ds, { displayName: name, clock });
  await server.ds.query(`UPDATE users SET preferred_language = $2 WHERE id = $1`, [user.id, language]);
  return user;
}

/** The role's GraphQL enum name (`EDITOR` for `editor`). */
const roleName = (role: Role) => Object.entries(Role).find(([, v]) => v === role)![0];

/** An admin's token that is live at the test clock's now (the clock moves on in the digest test). */
const adminToken = async () => (await buildUser(server.ds, { roles: [{ role: Role.ADMIN }], clock })).token;

const grant = async (user: BuiltUser, role: Role, reason = "village archive work") =>
  server.gql(GRANT, { input: { userId: toGlobalId("User", user.id), role: roleName(role), reason } }, { token: await adminToken() });

const mailsTo = (
  email: string,
): Promise<{ subject: string; text: string; html: string; language: string; status: string; attempts: number }[]> =>
  server.ds.query(`SELECT subject, text, html, language, status, attempts FROM outbox_emails WHERE to_address = $1 ORDER BY created_at`, [
    email,
  ]);

/** Waits until the outbox row reaches a final state (the background worker may take the job first). */
async function delivered(email: string) {
  await server.scheduler.runDue();
  for (let i = 0; i < 100; i++) {
    const mails = await mailsTo(email);
    if (mails.length && mails.every((m) => m.status !== "queued")) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  return mailsTo(email);
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://roots.example" }, { clock });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

describe("notifications", () => {
  it("a role given to a member reaches the bell live and is emailed at once, in the member's language", async () => {
    const nour = await member("ar", "نور");
    const ws = server.ws({ token: nour.token, language: "ar" });
    const live = new Promise<{ title: string; read: boolean }>((resolve, reject) => {
      ws.subscribe<{ notificationAdded: { title: string; read: boolean } }>(
        { query: `subscription { notificationAdded { title read } }` },
        { next: (v) => resolve(v.data!.notificationAdded), error: reject, complete: () => undefined },
      );
    });
    // Someone else's subscription hears nothing of it.
    const other = await member("en", "Rana");
    const heardByOther: unknown[] = [];
    const otherWs = server.ws({ token: other.token });
    otherWs.subscribe(
      { query: `subscription { notificationAdded { title } }` },
      { next: (v) => heardByOther.push(v), error: () => undefined, complete: () => undefined },
    );
    await new Promise((r) => setTimeout(r, 300));

    expect((await grant(nour, Role.EDITOR)).errors).toBeUndefined();
    const role = translate("roles.editor", "ar");
    expect(await live).toEqual({ title: `أصبحت الآن ${iso(role)}`, read: false });

    const res = await server.gql<Listed>(LIST, {}, { token: nour.token, language: "ar" });
    expect(res.data!.unreadNotificationCount).toBe(1);
    expect(res.data!.notifications.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({
        kind: "accounts.role_granted",
        title: `أصبحت الآن ${iso(role)}`,
        body: `منحك أحد المديرين دور ${iso(role)}. السبب: ${iso("village archive work")}`,
        link: "/dashboard",
        read: false,
      }),
    ]);
    // The same notification reads in English for a reader who asks in English: stored as kind and parameters, not text.
    const en = await server.gql<Listed>(LIST, {}, { token: nour.token, language: "en" });
    expect(en.data!.notifications.edges[0].node.title).toBe(`You are now ${iso("Editor")}`);

    const [mail] = await delivered(nour.email);
    expect(mail).toMatchObject({ language: "ar", status: "sent", attempts: 1, subject: `أصبحت الآن ${iso(role)}` });
    expect(mail.html).toContain(`<html lang="ar" dir="rtl">`);
    expect(mail.html).toContain(`href="https://roots.example/dashboard"`);
    expect(mail.text).toContain("مرحبًا");
    expect(mail.text).toContain("https://roots.example/settings#notifications");
    const sent = smtp.received.filter((m) => m.to.includes(nour.email));
    expect(sent).toHaveLength(1);
    expect(sent[0].raw).toMatch(/Content-Type: text\/plain/);
    expect(sent[0].raw).toMatch(/Content-Type: text\/html/);
    expect(heardByOther).toEqual([]);
    await ws.dispose();
    await otherWs.dispose();
  });

  it("marks read one by one or all at once, only the viewer's own", async () => {
    const sami = await member("en", "Sami");
    await grant(sami, Role.EDITOR);
    await grant(sami, Role.MODERATOR);
    const mine = await server.gql<Listed>(LIST, {}, { token: sami.token });
    expect(mine.data!.unreadNotificationCount).toBe(2);
    const [newest, older] = mine.data!.notifications.edges.map((e) => e.node);
    expect(newest.title).toBe(`You are now ${iso("Moderator")}`);

    // Another member cannot mark them (nothing changes), and their own count is untouched.
    const stranger = await member("en", "Stranger");
    const theirs = await server.gql<{ markNotificationsRead: number }>(
      `mutation ($ids: [ID!]) { markNotificationsRead(ids: $ids) }`,
      { ids: [newest.id] },
      { token: stranger.token },
    );
    expect(theirs.data!.markNotificationsRead).toBe(0);
    expect((await server.gql<Listed>(LIST, {}, { token: sami.token })).data!.unreadNotificationCount).toBe(2);

    const one = await server.gql<{ markNotificationsRead: number }>(
      `mutation ($ids: [ID!]) { markNotificationsRead(ids: $ids) }`,
      { ids: [older.id] },
      { token: sami.token },
    );
    expect(one.data!.markNotificationsRead).toBe(1);
    const all = await server.gql<{ markNotificationsRead: number }>(`mutation { markNotificationsRead }`, {}, { token: sami.token });
    expect(all.data!.markNotificationsRead).toBe(0);
    const after = await server.gql<Listed>(LIST, {}, { token: sami.token });
    expect(after.data!.notifications.edges.map((e) => e.node.read)).toEqual([true, true]);
  });

  it("pages newest first with a cursor; bad ids and cursors are refused with a translated error", async () => {
    const lina = await member("fr", "Lina");
    for (const role of [Role.EDITOR, Role.MODERATOR, Role.DNA_SPECIALIST]) await grant(lina, role);
    const first = await server.gql<Listed>(
      `{ notifications(first: 2) { totalCount edges { node { title } } pageInfo { hasNextPage endCursor } } }`,
      {},
      { token: lina.token, language: "fr" },
    );
    expect(first.data!.notifications.totalCount).toBe(3);
    expect(first.data!.notifications.pageInfo.hasNextPage).toBe(true);
    const next = await server.gql<Listed>(
      `query ($after: String) { notifications(first: 2, after: $after) { edges { node { title } } pageInfo { hasNextPage } } }`,
      { after: first.data!.notifications.pageInfo.endCursor },
      { token: lina.token, language: "fr" },
    );
    expect(next.data!.notifications.edges.map((e) => e.node.title)).toEqual([`Vous êtes maintenant ${iso("Éditeur")}`]);
    expect(next.data!.notifications.pageInfo.hasNextPage).toBe(false);

    const badCursor = await server.gql(
      `{ notifications(after: "bm90IGEgY3Vyc29y") { totalCount } }`,
      {},
      { token: lina.token, language: "fr" },
    );
    expect(badCursor.errors?.[0]).toMatchObject({
      message: "Ce curseur de page n'est pas valide.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    const badId = await server.gql(`mutation { markNotificationsRead(ids: ["nope"]) }`, {}, { token: lina.token });
    expect(badId.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const visitor = await server.gql(`{ unreadNotificationCount }`);
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("settings: each kind by default, then the member's choice; an unknown kind is refused and nothing is stored", async () => {
    const omar = await member("en", "Omar");
    const defaults = await server.gql<{ notificationSettings: { kind: string; label: string; inApp: boolean; email: string }[] }>(
      SETTINGS,
      {},
      { token: omar.token },
    );
    expect(defaults.data!.notificationSettings).toEqual(
      expect.arrayContaining([
        { kind: "accounts.role_granted", label: "I am given a role", inApp: true, email: "IMMEDIATE" },
        { kind: "ingestion.import_done", label: "An import was added to my tree", inApp: true, email: "OFF" },
      ]),
    );
    const bad = await server.gql(SET, { kind: "nope.nothing", inApp: true, email: "OFF" }, { token: omar.token, language: "ar" });
    expect(bad.errors?.[0]).toMatchObject({ message: "لا يوجد إشعار من هذا النوع.", extensions: { code: "BAD_USER_INPUT" } });
    expect(await server.ds.query(`SELECT 1 FROM notification_settings WHERE user_id = $1`, [omar.id])).toHaveLength(0);

    // Off everywhere: nothing is stored, nothing is sent.
    await server.gql(SET, { kind: "accounts.role_granted", inApp: false, email: "OFF" }, { token: omar.token });
    await grant(omar, Role.EDITOR);
    expect(await server.ds.query(`SELECT 1 FROM notifications WHERE user_id = $1`, [omar.id])).toHaveLength(0);
    expect(await mailsTo(omar.email)).toHaveLength(0);
  });

  it("a daily digest gathers what waits for it into one email in the member's language, once", async () => {
    const yara = await member("fr", "Yara");
    await server.gql(SET, { kind: "accounts.role_granted", inApp: false, email: "DIGEST" }, { token: yara.token });
    await server.gql(SET, { kind: "accounts.role_revoked", inApp: true, email: "DIGEST" }, { token: yara.token });
    await grant(yara, Role.EDITOR);
    await server.gql(
      `mutation ($input: RevokeRoleInput!) { revokeRole(input: $input) { id } }`,
      { input: { userId: toGlobalId("User", yara.id), role: roleName(Role.EDITOR), reason: "fin du projet" } },
      { token: await adminToken() },
    );
    // Email by digest only: no immediate mail; the bell lists only the kind kept there.
    expect(await mailsTo(yara.email)).toHaveLength(0);
    const bell = await server.gql<Listed>(LIST, {}, { token: yara.token, language: "fr" });
    expect(bell.data!.notifications.edges.map((e) => e.node.kind)).toEqual(["accounts.role_revoked"]);

    await advanceAndRun(server as never, DAY);
    const mails = await delivered(yara.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: "fr", status: "sent", subject: "Roots : 2 nouvelles notifications" });
    expect(mails[0].html).toContain(`<html lang="fr" dir="ltr">`);
    expect(mails[0].text).toContain(`Vous êtes maintenant ${iso("Éditeur")}`);
    expect(mails[0].text).toContain(`Votre rôle ${iso("Éditeur")} a été retiré`);
    // The next day's digest has nothing new for her.
    await advanceAndRun(server as never, DAY);
    expect(await delivered(yara.email)).toHaveLength(1);
  });
});

describe("email in the recipient's language", () => {
  it.each([
    ["ar", "رابط الدخول إلى جذور", "rtl"],
    ["en", "Your Roots sign-in link", "ltr"],
    ["fr", "Votre lien de connexion à Roots", "ltr"],
  ] as const)("a sign-in link to a %s account is written in %s", async (language, subject, dir) => {
    const user = await member(language, `Member ${language}`);
    expect(
      (await server.gql(`mutation ($input: MagicLinkInput!) { requestMagicLink(input: $input) }`, { input: { email: user.email } })).errors,
    ).toBeUndefined();
    const [mail] = await delivered(user.email);
    // With SMTP the kept copy of a sign-in link is redacted; what went out held the link.
    expect(mail).toMatchObject({ subject, language, status: "sent", html: null });
    const raw = smtp.received.find((m) => m.to.includes(user.email))!.raw;
    expect(raw).toContain("auth-check?token=");
    const [pending]: { pending_body: unknown }[] = await server.ds.query(`SELECT pending_body FROM outbox_emails WHERE to_address = $1`, [
      user.email,
    ]);
    expect(pending.pending_body).toBeNull();
    // The HTML part (quoted-printable: `=` is written `=3D`) reads in the account's direction.
    expect(raw).toMatch(new RegExp(`<html lang=(3D)?"${language}" dir=(3D)?"${dir}">`));
  });

  it("a refused delivery is retried with backoff until the SMTP server takes it", async () => {
    const user = await member("en", "Retry");
    smtp.refuseNext(2);
    await grant(user, Role.EDITOR);
    for (let i = 0; i < 2; i++) {
      await server.scheduler.runDue();
      // Each failure waits for its backoff: move the clock past it.
      await advanceAndRun(server as never, 10 * 60_000);
    }
    const [mail] = await delivered(user.email);
    expect(mail).toMatchObject({ status: "sent", attempts: 3 });
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });
});
