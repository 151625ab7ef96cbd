import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startTestServer, wsOnce, type TestServer } from "../support/server.js";

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn accessToken } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { signedIn accessToken accessTokenExpiresAt viewer { email } } }`;
const REFRESH = `mutation { refreshSession { signedIn accessToken viewer { email } } }`;
const PASSWORD = "fig trees along the Litani river bank";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BREACHED_PASSWORD_MODE: "off" });
});
afterAll(() => server.stop());

async function account(email: string) {
  const res = await server.gql<{ signUp: { accessToken: string } }>(SIGN_UP, {
    input: { email, password: PASSWORD, displayName: "Karim Saab", preferredLanguage: "en" },
  });
  return { token: res.data!.signUp.accessToken, cookie: `roots_rt=${res.cookies!.roots_rt}` };
}

describe("signIn", () => {
  it("bad input: missing password gives the spec's message", async () => {
    const res = await server.gql(SIGN_IN, { input: { email: "a@example.test" } });
    expect(res.errors?.[0].message).toBe("You must provide either an email or phone number and a password");
  });

  it("wrong password and unknown account give the same invalid-credentials error", async () => {
    await account("karim@example.test");
    const wrong = await server.gql(SIGN_IN, { input: { email: "karim@example.test", password: "not the password at all" } });
    const unknown = await server.gql(SIGN_IN, { input: { email: "nobody@example.test", password: "not the password at all" } });
    expect(wrong.errors?.[0]).toMatchObject({
      message: "Invalid credentials: check your email or phone and password.",
      extensions: { code: "UNAUTHENTICATED" },
    });
    expect(unknown.errors?.[0].message).toBe(wrong.errors?.[0].message);
    expect(unknown.errors?.[0].extensions?.code).toBe(wrong.errors?.[0].extensions?.code);
  });

  it("signs in with the right password (email case-insensitive), audited", async () => {
    const res = await server.gql<{
      signIn: { signedIn: boolean; accessToken: string; accessTokenExpiresAt: string; viewer: { email: string } };
    }>(SIGN_IN, { input: { email: "  KARIM@example.test ", password: PASSWORD } });
    expect(res.data!.signIn).toMatchObject({ signedIn: true, viewer: { email: "karim@example.test" } });
    const ttl = Date.parse(res.data!.signIn.accessTokenExpiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(800_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
    const audits: unknown[] = await server.ds.query(`SELECT 1 FROM audit_logs WHERE action = 'sign_in:password'`);
    expect(audits.length).toBeGreaterThan(0);
  });
});

describe("sessions", () => {
  it("refreshSession rotates the refresh cookie and issues a new access token", async () => {
    const a = await account("rotate@example.test");
    const first = await server.gql<{ refreshSession: { accessToken: string; viewer: { email: string } } }>(
      REFRESH,
      {},
      { cookie: a.cookie },
    );
    expect(first.data!.refreshSession.viewer.email).toBe("rotate@example.test");
    expect(first.data!.refreshSession.accessToken).not.toBe(a.token);
    expect(first.cookies!.roots_rt).toBeTruthy();
    expect(`roots_rt=${first.cookies!.roots_rt}`).not.toBe(a.cookie);
    // The old access token stopped working; the new one works.
    const old = await server.gql<{ viewer: unknown }>(`{ viewer { email } }`, {}, { token: a.token });
    expect(old.data!.viewer).toBeNull();
    const fresh = await server.gql<{ viewer: { email: string } }>(
      `{ viewer { email } }`,
      {},
      { token: first.data!.refreshSession.accessToken },
    );
    expect(fresh.data!.viewer.email).toBe("rotate@example.test");
  });

  it("reusing an old refresh token revokes the whole session family", async () => {
    const a = await account("stolen@example.test");
    const rotated = await server.gql<{ refreshSession: { accessToken: string } }>(REFRESH, {}, { cookie: a.cookie });
    const newCookie = `roots_rt=${rotated.cookies!.roots_rt}`;
    // Past the grace window for retries (the token was used a minute ago).
    await server.ds.query(`UPDATE refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL`);
    const replay = await server.gql(REFRESH, {}, { cookie: a.cookie });
    expect(replay.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(replay.errors?.[0].message).toBe("For your safety this session was signed out. Please sign in again.");
    // The legitimate holder's newer token and access token are dead too.
    const legit = await server.gql(REFRESH, {}, { cookie: newCookie });
    expect(legit.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const me = await server.gql<{ viewer: unknown }>(`{ viewer { email } }`, {}, { token: rotated.data!.refreshSession.accessToken });
    expect(me.data!.viewer).toBeNull();
  });

  it("a replay moments after a rotation gets no new tokens and ends nothing: the successor keeps working", async () => {
    const a = await account("retry@example.test");
    const first = await server.gql<{ refreshSession: { accessToken: string } }>(REFRESH, {}, { cookie: a.cookie });
    const successor = `roots_rt=${first.cookies!.roots_rt}`;
    const replay = await server.gql<{ refreshSession: { signedIn: boolean } }>(REFRESH, {}, { cookie: a.cookie });
    expect(replay.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(replay.cookies?.roots_rt ?? "").toBe("");
    expect(
      (await server.gql<{ viewer: { email: string } }>(`{ viewer { email } }`, {}, { token: first.data!.refreshSession.accessToken })).data!
        .viewer.email,
    ).toBe("retry@example.test");
    const next = await server.gql<{ refreshSession: { signedIn: boolean } }>(REFRESH, {}, { cookie: successor });
    expect(next.data!.refreshSession.signedIn).toBe(true);
  });

  it("without a cookie, or with a forged one, refresh fails cleanly", async () => {
    expect((await server.gql(REFRESH)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(
      (await server.gql(REFRESH, {}, { cookie: "roots_rt=forged-token-value-that-does-not-exist" })).errors?.[0].extensions?.code,
    ).toBe("UNAUTHENTICATED");
  });

  it("an expired access token is not accepted", async () => {
    const a = await account("expired@example.test");
    await server.ds.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'expired@example.test')`,
    );
    const me = await server.gql<{ viewer: unknown }>(`{ viewer { email } }`, {}, { token: a.token });
    expect(me.data!.viewer).toBeNull();
  });

  it("signOut revokes the session and clears the cookie", async () => {
    const a = await account("leaving@example.test");
    const out = await server.gql<{ signOut: boolean }>(`mutation { signOut }`, {}, { token: a.token, cookie: a.cookie });
    expect(out.data!.signOut).toBe(true);
    expect(out.setCookie!.some((c) => /^roots_rt=;/.test(c))).toBe(true);
    expect(out.setCookie!.some((c) => /^roots_page=;.*Path=\//.test(c))).toBe(true);
    expect((await server.gql<{ viewer: unknown }>(`{ viewer { email } }`, {}, { token: a.token })).data!.viewer).toBeNull();
    expect((await server.gql(REFRESH, {}, { cookie: a.cookie })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("lists the member's sessions and revokes one; another member's session is NOT_FOUND", async () => {
    const a = await account("devices@example.test");
    await server.gql(
      SIGN_IN,
      { input: { email: "devices@example.test", password: PASSWORD } },
      { headers: { "user-agent": "Phone browser" } },
    );
    const list = await server.gql<{ mySessions: { id: string; current: boolean; userAgent: string }[] }>(
      `{ mySessions { id current userAgent } }`,
      {},
      { token: a.token },
    );
    expect(list.data!.mySessions).toHaveLength(2);
    const other = list.data!.mySessions.find((s) => !s.current)!;
    expect(other.userAgent).toBe("Phone browser");
    const stranger = await account("stranger@example.test");
    const refused = await server.gql(`mutation ($id: ID!) { revokeSession(id: $id) }`, { id: other.id }, { token: stranger.token });
    expect(refused.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const ok = await server.gql<{ revokeSession: boolean }>(
      `mutation ($id: ID!) { revokeSession(id: $id) }`,
      { id: other.id },
      { token: a.token },
    );
    expect(ok.data!.revokeSession).toBe(true);
    const after = await server.gql<{ mySessions: unknown[] }>(`{ mySessions { id } }`, {}, { token: a.token });
    expect(after.data!.mySessions).toHaveLength(1);
  });

  it("names each device by its browser and system, read from the user agent", async () => {
    const a = await account("named-devices@example.test");
    const agents = [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      "curl-like robot",
    ];
    for (const ua of agents)
      await server.gql(SIGN_IN, { input: { email: "named-devices@example.test", password: PASSWORD } }, { headers: { "user-agent": ua } });
    const list = await server.gql<{ mySessions: { userAgent: string; browser: string | null; os: string | null }[] }>(
      `{ mySessions { userAgent browser os } }`,
      {},
      { token: a.token },
    );
    const byAgent = new Map(list.data!.mySessions.map((s) => [s.userAgent, [s.browser, s.os]]));
    expect(agents.map((ua) => byAgent.get(ua))).toEqual([
      ["Chrome", "Linux"],
      ["Safari", "iOS"],
      ["Firefox", "Windows"],
      [null, null],
    ]);
  });

  it("mySessions needs sign-in", async () => {
    const res = await server.gql(`{ mySessions { id } }`);
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("requests that arrive together each get their own viewer; a signed-out token among them is a visitor's", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => account(`together-${i}@example.test`)));
    const out = await account("together-out@example.test");
    await server.gql(`mutation { signOut }`, {}, { token: out.token, cookie: out.cookie });
    const tokens = [...members.map((m) => m.token), out.token, undefined, "not-a-session-token-at-all-0123456789"];
    const answers = await Promise.all(
      [...tokens, ...tokens].map((token) => server.gql<{ viewer: { email: string } | null }>(`{ viewer { email } }`, {}, { token })),
    );
    const emails = answers.map((a) => a.data?.viewer?.email ?? null);
    const expected = [...members.map((_, i) => `together-${i}@example.test`), null, null, null];
    expect(emails).toEqual([...expected, ...expected]);
  });

  it("the WebSocket sees the same viewer as HTTP", async () => {
    const a = await account("socket@example.test");
    const client = server.ws({ token: a.token });
    const res = await wsOnce<{ viewer: { email: string } }>(client, `{ viewer { email } }`);
    expect(res.data!.viewer.email).toBe("socket@example.test");
    await client.dispose();
    const anon = server.ws();
    expect((await wsOnce<{ viewer: unknown }>(anon, `{ viewer { email } }`)).data!.viewer).toBeNull();
    await anon.dispose();
  });

  it("changePassword checks the current password, then signs other sessions out", async () => {
    const a = await account("changer@example.test");
    const other = await server.gql<{ signIn: { accessToken: string } }>(SIGN_IN, {
      input: { email: "changer@example.test", password: PASSWORD },
    });
    const CHANGE = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { key } }`;
    const wrong = await server.gql(
      CHANGE,
      { input: { currentPassword: "nope nope nope", newPassword: "a brand new passphrase for the mountains" } },
      { token: a.token },
    );
    expect(wrong.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "currentPassword" })]);
    const ok = await server.gql(
      CHANGE,
      { input: { currentPassword: PASSWORD, newPassword: "a brand new passphrase for the mountains" } },
      { token: a.token },
    );
    expect(ok.errors).toBeUndefined();
    expect(
      (await server.gql<{ viewer: unknown }>(`{ viewer { email } }`, {}, { token: other.data!.signIn.accessToken })).data!.viewer,
    ).toBeNull();
    expect((await server.gql<{ viewer: { email: string } }>(`{ viewer { email } }`, {}, { token: a.token })).data!.viewer.email).toBe(
      "changer@example.test",
    );
    const relog = await server.gql<{ signIn: { signedIn: boolean } }>(SIGN_IN, {
      input: { email: "changer@example.test", password: "a brand new passphrase for the mountains" },
    });
    expect(relog.data!.signIn.signedIn).toBe(true);
  });
});

describe("the page cookie (a member's pages rendered on the server)", () => {
  it("carries the access token to every page, httpOnly, SameSite=Lax, ending with it, and renews with it", async () => {
    const a = await account("pages@example.test");
    const res = await server.gql<{ signIn: { accessToken: string; accessTokenExpiresAt: string } }>(SIGN_IN, {
      input: { email: "pages@example.test", password: PASSWORD },
    });
    const page = res.setCookie!.find((c) => c.startsWith("roots_page="))!;
    expect(page).toContain(`roots_page=${res.data!.signIn.accessToken};`);
    expect(page).toMatch(/Path=\/;/);
    expect(page).toMatch(/HttpOnly/);
    expect(page).toMatch(/SameSite=Lax/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(page)![1]);
    expect(Math.abs(expires - Date.parse(res.data!.signIn.accessTokenExpiresAt))).toBeLessThan(2000);
    const refreshed = await server.gql<{ refreshSession: { accessToken: string } }>(REFRESH, {}, { cookie: a.cookie });
    expect(refreshed.cookies!.roots_page).toBe(refreshed.data!.refreshSession.accessToken);
  });

  it("is never taken by the API in place of the Authorization header (a cross-site request carries it)", async () => {
    const a = await account("csrf@example.test");
    const me = await server.gql<{ viewer: unknown }>(`{ viewer { email } }`, {}, { cookie: `roots_page=${a.token}` });
    expect(me.data!.viewer).toBeNull();
  });
});
