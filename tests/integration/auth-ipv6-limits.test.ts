import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startTestServer, type GqlResult, type TestServer } from "../support/server.js";

/**
 * One IPv6 client holds a whole /64 and may pick any address in it: the sign-up and magic-link
 * limits count it by its /64 (as sign-in does, common/client-address.ts), so walking through the
 * addresses of one /64 gives no fresh allowance, while a neighbour in another /64 keeps its own.
 */
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`;
const REQUEST_LINK = `mutation ($input: MagicLinkInput!) { requestMagicLink(input: $input) }`;
const USE_LINK = `mutation ($token: String!) { signInWithMagicLink(token: $token) { signedIn } }`;
const PASSWORD = "terraces of olive trees above the Qadisha";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BREACHED_PASSWORD_MODE: "off", TRUST_PROXY: "1", SIGNUP_LIMIT_PER_IP_PER_HOUR: "2" });
});
afterAll(() => server.stop());

const code = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });
const signUp = (email: string, ip: string) =>
  server.gql(SIGN_UP, { input: { email, password: PASSWORD, displayName: "Rita Khoury", preferredLanguage: "en" } }, from(ip));

describe("sign-up from IPv6", () => {
  it("two addresses in one /64 share the limit; another /64 has its own", async () => {
    expect(code(await signUp("one@example.test", "2001:db8:10:1::1"))).toBeUndefined();
    expect(code(await signUp("two@example.test", "2001:db8:10:1::2"))).toBeUndefined();
    const third = await signUp("three@example.test", "2001:db8:10:1:ffff:ffff:ffff:fffe");
    expect(code(third)).toBe("RATE_LIMITED");
    expect(third.errors![0].message).not.toMatch(/^errors\./);
    expect(code(await signUp("four@example.test", "2001:db8:10:2::1"))).toBeUndefined();
  });
});

describe("magic links from IPv6", () => {
  it("asking for links: one /64 shares the limit of 10 in 15 minutes; another /64 has its own", async () => {
    for (let i = 0; i < 10; i++)
      expect(
        code(await server.gql(REQUEST_LINK, { input: { email: `ask${i}@example.test` } }, from(`2001:db8:20:1::${i + 1}`))),
      ).toBeUndefined();
    const refused = await server.gql(REQUEST_LINK, { input: { email: "ask-more@example.test" } }, from("2001:db8:20:1:abcd::1"));
    expect(code(refused)).toBe("RATE_LIMITED");
    expect(code(await server.gql(REQUEST_LINK, { input: { email: "ask-more@example.test" } }, from("2001:db8:20:2::1")))).toBeUndefined();
  });

  it("using links: one /64 shares the limit of 20 tries in 15 minutes; another /64 has its own", async () => {
    const token = (i: number) => `not-a-real-token-${String(i).padStart(10, "0")}`;
    for (let i = 0; i < 20; i++)
      expect(code(await server.gql(USE_LINK, { token: token(i) }, from(`2001:db8:30:1::${(i + 1).toString(16)}`)))).toBe("UNAUTHENTICATED");
    expect(code(await server.gql(USE_LINK, { token: token(20) }, from("2001:db8:30:1:1:2:3:4")))).toBe("RATE_LIMITED");
    expect(code(await server.gql(USE_LINK, { token: token(21) }, from("2001:db8:30:2::1")))).toBe("UNAUTHENTICATED");
  });
});
