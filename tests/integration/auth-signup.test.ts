import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startRangeApi } from "../support/range-api.js";
import { startTestServer, type TestServer } from "../support/server.js";

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) {
  signedIn accessToken accessTokenExpiresAt notices { key message } viewer { id displayName email preferredLanguage roles mainRole can { accessAdmin accessManagement } } } }`;
const STRONG = "olive grove beneath the cedars of Bsharri";
const BREACHED = "correct horse battery staple lebanon";

let range: Awaited<ReturnType<typeof startRangeApi>>;
let blocking: TestServer;
let warning: TestServer;
let offline: TestServer;

beforeAll(async () => {
  range = await startRangeApi({ [BREACHED]: 3861 });
  blocking = await startTestServer({ BREACHED_PASSWORD_API_URL: range.url, BREACHED_PASSWORD_MODE: "block" });
  warning = await startTestServer({ BREACHED_PASSWORD_API_URL: range.url, BREACHED_PASSWORD_MODE: "warn" });
  offline = await startTestServer(); // range API unreachable
});
afterAll(async () => {
  await Promise.all([blocking.stop(), warning.stop(), offline.stop()]);
  await range.close();
});

type SignUp = {
  signUp: {
    signedIn: boolean;
    accessToken: string | null;
    notices: { key: string; message: string }[];
    viewer: { email: string; displayName: string; roles: string[]; mainRole: string; can: { accessAdmin: boolean } } | null;
  };
};
const input = (over: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@example.test`,
  password: STRONG,
  displayName: "Rima Khoury",
  preferredLanguage: "en",
  ...over,
});

describe("signUp: bad input", () => {
  it("without email and phone, or without a password, answers the spec's exact message", async () => {
    for (const bad of [{ email: null, phone: null }, { password: null }, { password: "" }, { email: "  ", phone: "" }]) {
      const res = await blocking.gql(SIGN_UP, { input: input(bad) });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(res.errors?.[0].message).toBe("You must provide either an email or phone number and a password");
    }
    const ar = await blocking.gql(SIGN_UP, { input: input({ email: null }) }, { language: "ar" });
    expect(ar.errors?.[0].message).toBe("يجب إدخال بريد إلكتروني أو رقم هاتف وكلمة مرور");
  });

  it("refuses a malformed email or phone and over-long fields, naming the field", async () => {
    const email = await blocking.gql(SIGN_UP, { input: input({ email: "not-an-email" }) });
    expect(email.errors?.[0].extensions?.fields).toEqual([
      expect.objectContaining({ field: "email", message: "This email address is not valid." }),
    ]);
    const phone = await blocking.gql(SIGN_UP, { input: input({ email: null, phone: "call me" }) });
    expect(phone.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "phone" })]);
    const long = await blocking.gql(SIGN_UP, { input: input({ displayName: "x".repeat(81) }) });
    expect(long.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(long.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "displayName" })]);
  });

  it("refuses weak passwords with reasons: too short, too guessable, built from the member's own details", async () => {
    const short = await blocking.gql(SIGN_UP, { input: input({ password: "cedar1" }) });
    expect(short.errors?.[0].extensions?.fields).toEqual([
      expect.objectContaining({ field: "password", message: "Use at least 8 characters." }),
    ]);
    const common = await blocking.gql(SIGN_UP, { input: input({ password: "password123" }) });
    const reasons = (common.errors?.[0].extensions?.fields as { key: string }[]).map((f) => f.key);
    expect(reasons).toContain("errors.password_too_guessable");
    const own = await blocking.gql(SIGN_UP, { input: input({ email: "rimakhoury@example.test", password: "rimakhoury2026" }) });
    expect(own.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("allows long passphrases (64+ characters) with no composition rules", async () => {
    const res = await offline.gql<SignUp>(SIGN_UP, {
      input: input({ password: "the old stone house in the village still smells of zaatar and pine every single summer" }),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.signUp.signedIn).toBe(true);
  });
});

describe("signUp: breached passwords (k-anonymity range API)", () => {
  it("blocks a breached password with the spec's message, sending only a 5-character prefix", async () => {
    const before = range.requests.length;
    const res = await blocking.gql(SIGN_UP, { input: input({ password: BREACHED }) });
    expect(res.errors?.[0].extensions?.fields).toEqual([
      expect.objectContaining({
        field: "password",
        message: "This password has been found in data breaches and cannot be used. Please choose a different password.",
      }),
    ]);
    const sent = range.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^\/range\/[0-9A-F]{5}$/);
  });

  it("in warn mode lets the member in with the count of breaches", async () => {
    const res = await warning.gql<SignUp>(SIGN_UP, { input: input({ password: BREACHED }) });
    expect(res.data!.signUp.signedIn).toBe(true);
    expect(res.data!.signUp.notices).toEqual([
      {
        key: "auth.password_breach_warning",
        message: "This password appears in 3,861 known data breaches. We recommend choosing a different one.",
      },
    ]);
  });

  it("when the check cannot run, lets the member proceed with the recommendation", async () => {
    const res = await offline.gql<SignUp>(SIGN_UP, { input: input() });
    expect(res.data!.signUp.signedIn).toBe(true);
    expect(res.data!.signUp.notices.map((n) => n.message)).toEqual([
      "We could not check this password against known data breaches. We recommend a strong, unique password.",
    ]);
  });
});

describe("signUp: success", () => {
  it("creates the account, signs it in (refresh cookie, access token), audits it and records onboarding_completed", async () => {
    const data = input({
      email: "Layla.Haddad@Example.TEST",
      displayName: "Layla Haddad",
      villageOfOrigin: "Zahle",
      preferredLanguage: "fr",
    });
    const res = await blocking.gql<SignUp>(SIGN_UP, { input: data });
    expect(res.errors).toBeUndefined();
    const { signUp } = res.data!;
    expect(signUp.signedIn).toBe(true);
    expect(signUp.viewer).toMatchObject({
      email: "layla.haddad@example.test",
      displayName: "Layla Haddad",
      roles: ["MEMBER"],
      mainRole: "MEMBER",
      can: { accessAdmin: false },
    });
    expect(signUp.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = res.setCookie!.find((c) => c.startsWith("roots_rt="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/graphql/);

    const me = await blocking.gql<{ viewer: { email: string } }>(`{ viewer { email } }`, {}, { token: signUp.accessToken! });
    expect(me.data!.viewer.email).toBe("layla.haddad@example.test");

    const [user]: { id: string; password_hash: string; village_of_origin: string }[] = await blocking.ds.query(
      `SELECT id, password_hash, village_of_origin FROM users WHERE email = 'layla.haddad@example.test'`,
    );
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(user.password_hash).toContain("m=19456");
    expect(user.password_hash).toMatch(/[$,]t=2[$,]/);
    expect(user.village_of_origin).toBe("Zahle");
    const audits: unknown[] = await blocking.ds.query(`SELECT 1 FROM audit_logs WHERE record_id = $1 AND action = 'sign_up'`, [user.id]);
    expect(audits).toHaveLength(1);
    const events: unknown[] = await blocking.ds.query(
      `SELECT 1 FROM analytics_events WHERE user_id = $1 AND action = 'onboarding_completed' AND event_type = 'activation'`,
      [user.id],
    );
    expect(events).toHaveLength(1);
  });

  it("a second sign-up with the same email is refused without saying the account exists, and the owner is told by email", async () => {
    const data = input();
    await blocking.gql(SIGN_UP, { input: data });
    const again = await blocking.gql(SIGN_UP, { input: { ...data, email: data.email.toUpperCase() } });
    expect(again.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(again.errors?.[0].message).not.toMatch(/exist|already registered/i);
    const mail: unknown[] = await blocking.ds.query(`SELECT 1 FROM outbox_emails WHERE to_address = $1`, [data.email.toLowerCase()]);
    expect(mail).toHaveLength(1);
  });

  it("signs up with a phone number alone", async () => {
    const res = await offline.gql<SignUp>(SIGN_UP, { input: input({ email: null, phone: "+961 3 123 456" }) });
    expect(res.data!.signUp.signedIn).toBe(true);
    const rows: unknown[] = await offline.ds.query(`SELECT 1 FROM users WHERE phone = '+9613123456'`);
    expect(rows).toHaveLength(1);
  });
});
