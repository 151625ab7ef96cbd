import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { startTestServer, type TestServer } from "../support/server.js";

const REQUEST = `mutation ($input: MagicLinkInput!) { requestMagicLink(input: $input) }`;
const USE = `mutation ($token: String!) { signInWithMagicLink(token: $token) { signedIn accessToken returnTo viewer { email } } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BREACHED_PASSWORD_MODE: "off", PUBLIC_URL: "https://roots.example" });
  await server.gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
    input: { email: "nour@example.test", password: "jasmine on the balcony in Batroun", displayName: "Nour", preferredLanguage: "ar" },
  });
});
afterAll(() => server.stop());

/** Reads the newest link sent to `to` from the development outbox, as an admin would. */
async function linkFromOutbox(to: string): Promise<{ url: URL; token: string }> {
  const [mail]: { text: string }[] = await server.ds.query(
    `SELECT text FROM outbox_emails WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`,
    [to],
  );
  const url = new URL(/https:\/\/\S+/.exec(mail.text)![0]);
  return { url, token: url.searchParams.get("token")! };
}

describe("magic links", () => {
  it("bad input: a malformed email is refused, naming the field", async () => {
    const res = await server.gql(REQUEST, { input: { email: "nour(at)example" } });
    expect(res.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "email" })]);
  });

  it("answers the same for an unknown address, and sends nothing", async () => {
    const res = await server.gql<{ requestMagicLink: boolean }>(REQUEST, { input: { email: "ghost@example.test" } });
    expect(res.data!.requestMagicLink).toBe(true);
    const mails: unknown[] = await server.ds.query(`SELECT 1 FROM outbox_emails WHERE to_address = 'ghost@example.test'`);
    expect(mails).toHaveLength(0);
  });

  it("emails a link to the site origin that signs in once and returns to a safe path", async () => {
    const res = await server.gql<{ requestMagicLink: boolean }>(REQUEST, {
      input: { email: "Nour@Example.test", returnTo: "/settings?tab=sessions" },
    });
    expect(res.data!.requestMagicLink).toBe(true);
    const { url, token } = await linkFromOutbox("nour@example.test");
    expect(url.origin).toBe("https://roots.example");
    expect(url.pathname).toBe("/auth-check");
    const first = await server.gql<{ signInWithMagicLink: { signedIn: boolean; returnTo: string; viewer: { email: string } } }>(USE, {
      token,
    });
    expect(first.data!.signInWithMagicLink).toMatchObject({
      signedIn: true,
      returnTo: "/settings?tab=sessions",
      viewer: { email: "nour@example.test" },
    });
    const second = await server.gql(USE, { token });
    expect(second.errors?.[0]).toMatchObject({
      message: "This sign-in link is invalid, expired or already used. Ask for a new one.",
      extensions: { code: "UNAUTHENTICATED" },
    });
  });

  it("drops an unsafe returnTo", async () => {
    await server.ds.query(`DELETE FROM rate_limit_hits`);
    await server.gql(REQUEST, { input: { email: "nour@example.test", returnTo: "//evil.example/steal" } });
    const { token } = await linkFromOutbox("nour@example.test");
    const res = await server.gql<{ signInWithMagicLink: { returnTo: string | null } }>(USE, { token });
    expect(res.data!.signInWithMagicLink.returnTo).toBeNull();
  });

  it("expires after 15 minutes", async () => {
    await server.ds.query(`DELETE FROM rate_limit_hits`);
    await server.gql(REQUEST, { input: { email: "nour@example.test" } });
    const { token } = await linkFromOutbox("nour@example.test");
    const [{ minutes }]: { minutes: number }[] = await server.ds.query(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM magic_links ORDER BY created_at DESC LIMIT 1`,
    );
    expect(minutes).toBe(15);
    await server.ds.query(`UPDATE magic_links SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const res = await server.gql(USE, { token });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("a forged token fails the same way", async () => {
    const res = await server.gql(USE, { token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const junk = await server.gql(USE, { token: "<script>" });
    expect(junk.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("is rate-limited per address", async () => {
    await server.ds.query(`DELETE FROM rate_limit_hits`);
    for (let i = 0; i < 3; i++) expect((await server.gql(REQUEST, { input: { email: "nour@example.test" } })).errors).toBeUndefined();
    const res = await server.gql(REQUEST, { input: { email: "nour@example.test" } });
    expect(res.errors?.[0].extensions?.code).toBe("RATE_LIMITED");
  });

  it("admins read the development outbox; members may not", async () => {
    const outbox = `{ outbox(first: 5) { to subject transport } }`;
    const visitor = await server.gql(outbox);
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("magic links on a production server without SMTP", () => {
  it("no usable link is kept in the outbox or written to the log; the database holds only its hash", async () => {
    await server.gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
      input: { email: "rana@example.test", password: "figs drying on the roof in Rashaya", displayName: "Rana", preferredLanguage: "en" },
    });
    const prod = await startTestServer(
      // Raw documents, as the test sends them (trusted documents are tested in trusted-documents.test.ts).
      { NODE_ENV: "production", BREACHED_PASSWORD_MODE: "off", PUBLIC_URL: "https://roots.example", GRAPHQL_TRUSTED_DOCUMENTS: "false" },
      { shareDatabaseWith: server },
    );
    const { setLogLevel } = await import("../../server/src/common/logger.js");
    const written: string[] = [];
    const out = jest.spyOn(process.stdout, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    const err = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    setLogLevel("debug");
    try {
      const res = await prod.gql<{ requestMagicLink: boolean }>(REQUEST, { input: { email: "rana@example.test" } });
      expect(res.data!.requestMagicLink).toBe(true);
    } finally {
      setLogLevel("error");
      out.mockRestore();
      err.mockRestore();
      await prod.stop();
    }
    const [mail]: { text: string }[] = await server.ds.query(
      `SELECT text FROM outbox_emails WHERE to_address = 'rana@example.test' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail.text).toBe("[This message carried a sign-in link; its text is not kept.]");
    expect(written.join("")).toContain("SMTP_URL is not set");
    expect(written.join("")).not.toMatch(/token=/);
    const [link]: { token_hash: string }[] = await server.ds.query(
      `SELECT m.token_hash FROM magic_links m JOIN users u ON u.id = m.user_id WHERE u.email = 'rana@example.test' ORDER BY m.created_at DESC LIMIT 1`,
    );
    expect(link.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
