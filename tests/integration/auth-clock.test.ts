import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { MINUTE, TestClock } from "../support/clock.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Sign-in links, access tokens and rate-limit windows read the server's clock: moving a test
 * clock expires them, with no change to the database by hand.
 */
const REQUEST = `mutation ($input: MagicLinkInput!) { requestMagicLink(input: $input) }`;
const USE = `mutation ($token: String!) { signInWithMagicLink(token: $token) { signedIn accessToken } }`;
const ME = `{ viewer { email } }`;

let server: TestServer;
const clock = new TestClock();
beforeAll(async () => {
  server = await startTestServer({ BREACHED_PASSWORD_MODE: "off", PUBLIC_URL: "https://roots.example" }, { clock });
  await server.gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
    input: { email: "hala@example.test", password: "olive harvest in Kfarhim, 1962", displayName: "Hala", preferredLanguage: "en" },
  });
});
afterAll(() => server.stop());

async function newLink(): Promise<string> {
  expect((await server.gql(REQUEST, { input: { email: "hala@example.test" } })).errors).toBeUndefined();
  const [mail]: { text: string }[] = await server.ds.query(
    `SELECT text FROM outbox_emails WHERE to_address = 'hala@example.test' ORDER BY created_at DESC LIMIT 1`,
  );
  return new URL(/https:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
}

describe("expiries on the server's clock", () => {
  it("a sign-in link works within its 15 minutes and not after", async () => {
    const early = await newLink();
    clock.advance(14 * MINUTE);
    expect(
      (await server.gql<{ signInWithMagicLink: { signedIn: boolean } }>(USE, { token: early })).data!.signInWithMagicLink.signedIn,
    ).toBe(true);
    const late = await newLink();
    clock.advance(16 * MINUTE);
    expect((await server.gql(USE, { token: late })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("an access token stops working when its 15 minutes are up", async () => {
    const token = await newLink();
    const { accessToken } = (await server.gql<{ signInWithMagicLink: { accessToken: string } }>(USE, { token })).data!.signInWithMagicLink;
    expect((await server.gql<{ viewer: { email: string } | null }>(ME, {}, { token: accessToken })).data!.viewer?.email).toBe(
      "hala@example.test",
    );
    clock.advance(16 * MINUTE);
    expect((await server.gql<{ viewer: { email: string } | null }>(ME, {}, { token: accessToken })).data!.viewer).toBeNull();
  });

  it("a rate-limit window opens again once it has passed on the clock", async () => {
    await server.ds.query(`DELETE FROM rate_limit_hits`);
    for (let i = 0; i < 3; i++) await newLink();
    expect((await server.gql(REQUEST, { input: { email: "hala@example.test" } })).errors?.[0].extensions?.code).toBe("RATE_LIMITED");
    clock.advance(16 * MINUTE);
    expect((await server.gql(REQUEST, { input: { email: "hala@example.test" } })).errors).toBeUndefined();
  });
});
