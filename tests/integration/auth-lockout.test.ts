import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startTestServer, type GqlResult, type TestServer } from "../support/server.js";

/**
 * Sign-in that an attacker cannot turn against the owner (OWASP device cookies): guessers are
 * slowed down, the owner's own devices keep working, and people sharing an address do not lock
 * each other out.
 */
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`;
const REQUEST_LINK = `mutation ($input: MagicLinkInput!) { requestMagicLink(input: $input) }`;
const USE_LINK = `mutation ($token: String!) { signInWithMagicLink(token: $token) { signedIn } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { signedIn } }`;
const PASSWORD = "cedar cones in the snow of Bsharri";

let server: TestServer;
beforeAll(async () => {
  // Thirty sign-ins at once from one address below: each also spends from that address's shared
  // cost budget (one row, so they queue on its lock), so the pool is wider than the tests' default.
  server = await startTestServer(
    { BREACHED_PASSWORD_MODE: "off", TRUST_PROXY: "1", SIGNUP_LIMIT_PER_IP_PER_HOUR: "1000" },
    { pool: { max: 10, connectTimeoutMs: 20_000 } },
  );
});
afterAll(() => server.stop());

const code = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
const signUp = (email: string) =>
  server.gql(SIGN_UP, { input: { email, password: PASSWORD, displayName: "Maya Haddad", preferredLanguage: "en" } });
const signIn = (email: string, password: string, opts: { ip?: string; cookie?: string; language?: string } = {}) =>
  server.gql<{ signIn: { signedIn: boolean } }>(
    SIGN_IN,
    { input: { email, password } },
    { headers: { "x-forwarded-for": opts.ip ?? "203.0.113.50" }, cookie: opts.cookie, language: opts.language },
  );
/** Wrong passwords from `count` addresses, one each (no single place is slowed down). */
const guessFromMany = async (email: string, count: number, net = "198.51.100") => {
  for (let i = 0; i < count; i++) await signIn(email, `wrong guess ${i}`, { ip: `${net}.${i + 1}` });
};

describe("a guesser", () => {
  it("cannot lock the owner out of a device they signed in from", async () => {
    await signUp("owner@example.test");
    const first = await signIn("owner@example.test", PASSWORD, { ip: "203.0.113.10" });
    expect(first.data?.signIn.signedIn).toBe(true);
    const device = `roots_dev=${first.cookies!.roots_dev}`;
    expect(first.cookies!.roots_dev).toBeTruthy();
    await guessFromMany("owner@example.test", 12);
    // Untrusted clients wait, even with the right password…
    const elsewhere = await signIn("owner@example.test", PASSWORD, { ip: "192.0.2.99" });
    expect(code(elsewhere)).toBe("RATE_LIMITED");
    // …the owner's device does not, wherever it is now.
    expect((await signIn("owner@example.test", PASSWORD, { ip: "192.0.2.77", cookie: device })).data?.signIn.signedIn).toBe(true);
    // A device cookie of another account gives no way around the count.
    await signUp("other@example.test");
    const other = await signIn("other@example.test", PASSWORD, { ip: "203.0.113.11" });
    expect(code(await signIn("owner@example.test", PASSWORD, { ip: "192.0.2.98", cookie: `roots_dev=${other.cookies!.roots_dev}` }))).toBe(
      "RATE_LIMITED",
    );
  });

  it("is slowed down from one place: each failure past the third doubles the wait, said in minutes", async () => {
    await signUp("slow@example.test");
    for (let i = 0; i < 3; i++)
      expect(code(await signIn("slow@example.test", `wrong ${i}`, { ip: "203.0.113.60" }))).toBe("UNAUTHENTICATED");
    const waiting = await signIn("slow@example.test", PASSWORD, { ip: "203.0.113.60", language: "ar" });
    expect(code(waiting)).toBe("RATE_LIMITED");
    expect(waiting.errors![0].extensions?.retryAfterSeconds).toBe(1);
    expect(waiting.errors![0].message).toBe(
      "محاولات خاطئة كثيرة لكلمة المرور. أعد المحاولة بكلمة المرور بعد دقيقة، أو ادخل الآن عبر «أرسل لي رابطاً»: فهو يعمل دائماً.",
    );
    // Another place is not slowed by this one.
    expect(code(await signIn("slow@example.test", "wrong elsewhere", { ip: "203.0.113.61" }))).toBe("UNAUTHENTICATED");
    await new Promise((r) => setTimeout(r, 1100));
    expect(code(await signIn("slow@example.test", "wrong 3", { ip: "203.0.113.60" }))).toBe("UNAUTHENTICATED");
    const next = await signIn("slow@example.test", "wrong 4", { ip: "203.0.113.60" });
    expect(next.errors![0].extensions?.retryAfterSeconds).toBe(2);
  });

  it("keys an IPv6 client by its /64 and a mapped IPv4 address as the IPv4 one", async () => {
    await signUp("v6@example.test");
    for (let i = 0; i < 3; i++) await signIn("v6@example.test", `wrong ${i}`, { ip: `2001:db8:5:5::${i + 1}` });
    expect(code(await signIn("v6@example.test", PASSWORD, { ip: "2001:db8:5:5:ffff::1" }))).toBe("RATE_LIMITED");
    expect((await signIn("v6@example.test", PASSWORD, { ip: "2001:db8:5:6::1" })).data?.signIn.signedIn).toBe(true);
    for (let i = 0; i < 3; i++) await signIn("v6@example.test", `wrong ${i}`, { ip: "198.51.100.200" });
    expect(code(await signIn("v6@example.test", PASSWORD, { ip: "::ffff:198.51.100.200" }))).toBe("RATE_LIMITED");
  });
});

describe("the owner locked out by a guesser at the guesser's own address", () => {
  it("is told to use a magic link, which always signs in, and the browser it signs in is trusted from then on", async () => {
    await signUp("locked@example.test");
    // The guesser, past the account's limit for browsers it does not trust (from several addresses
    // here; from one, the same takes a couple of minutes of waits).
    await guessFromMany("locked@example.test", 12, "198.51.101");
    const refused = await signIn("locked@example.test", PASSWORD, { ip: "192.0.2.120" });
    expect(code(refused)).toBe("RATE_LIMITED");
    expect(refused.errors![0].message).toMatch(
      /^Too many wrong passwords\. Try your password again in \d+ minutes?, or sign in now with “Email me a link”: it always works\.$/,
    );
    const fr = await signIn("locked@example.test", PASSWORD, { ip: "192.0.2.120", language: "fr" });
    expect(fr.errors![0].message).toMatch(/connectez-vous maintenant avec « Recevoir un lien »/);
    // The owner asks for a link from a fresh browser and signs in with it.
    const asked = await server.gql(
      REQUEST_LINK,
      { input: { email: "locked@example.test" } },
      { headers: { "x-forwarded-for": "192.0.2.120" } },
    );
    expect(asked.errors).toBeUndefined();
    const [mail]: { text: string }[] = await server.ds.query(
      `SELECT text FROM outbox_emails WHERE to_address = 'locked@example.test' ORDER BY created_at DESC LIMIT 1`,
    );
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
    const used = await server.gql<{ signInWithMagicLink: { signedIn: boolean } }>(
      USE_LINK,
      { token },
      {
        headers: { "x-forwarded-for": "192.0.2.120" },
      },
    );
    expect(used.data?.signInWithMagicLink.signedIn).toBe(true);
    expect(used.cookies?.roots_dev).toBeTruthy();
    // That browser now signs in with its password while the guesser's failures still stand.
    const device = `roots_dev=${used.cookies!.roots_dev}`;
    expect((await signIn("locked@example.test", PASSWORD, { ip: "192.0.2.120", cookie: device })).data?.signIn.signedIn).toBe(true);
    expect(code(await signIn("locked@example.test", PASSWORD, { ip: "192.0.2.121" }))).toBe("RATE_LIMITED");
  });
});

describe("concurrent successful sign-ins", () => {
  it("leave nothing in the address's failure count", async () => {
    const ip = "203.0.113.140";
    for (const who of ["a", "b", "c", "d"]) await signUp(`together-${who}@example.test`);
    const failures = async () => {
      const [row]: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM rate_limit_hits WHERE bucket = $1`, [
        `sign-in:ip:${ip}`,
      ]);
      return row.n;
    };
    expect(await failures()).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(`together-${"abcd"[i % 4]}@example.test`, PASSWORD, { ip })),
    );
    expect(results.map((r) => r.data?.signIn.signedIn ?? JSON.stringify(r.errors))).toEqual(Array(30).fill(true));
    expect(await failures()).toBe(0);
    // A failure still counts.
    await signIn("together-a@example.test", "not the password at all", { ip });
    expect(await failures()).toBe(1);
  }, 60_000);
});

describe("people sharing an address", () => {
  it("sign in as often as they like, and one member's wrong passwords do not lock the others out", async () => {
    for (const who of ["mum", "dad", "teta"]) await signUp(`${who}@family.example`);
    for (let round = 0; round < 15; round++) {
      for (const who of ["mum", "dad"])
        expect((await signIn(`${who}@family.example`, PASSWORD, { ip: "203.0.113.77" })).data?.signIn.signedIn).toBe(true);
    }
    for (let i = 0; i < 3; i++) await signIn("teta@family.example", `forgot it ${i}`, { ip: "203.0.113.77" });
    expect(code(await signIn("teta@family.example", PASSWORD, { ip: "203.0.113.77" }))).toBe("RATE_LIMITED");
    expect((await signIn("mum@family.example", PASSWORD, { ip: "203.0.113.77" })).data?.signIn.signedIn).toBe(true);
  });

  it("an address is limited by its failures only, across accounts", async () => {
    for (let i = 0; i < 100; i++) await signIn(`spray${i}@example.test`, "a password guess here", { ip: "192.0.2.250" });
    expect(code(await signIn("spray-last@example.test", "a password guess here", { ip: "192.0.2.250" }))).toBe("RATE_LIMITED");
  }, 60_000);
});
