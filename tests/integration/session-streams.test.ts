import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { Role } from "../../server/src/common/auth/roles.js";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { buildUser } from "../factories/users.js";
import { TestClock } from "../support/clock.js";
import { REDIS_URL, requireRedis } from "../support/redis.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A member's live streams end with the session: the socket a revoked (or expired) session opened
 * is closed with 4403, and nothing is delivered on it after, while the member's other sessions
 * keep hearing the same events (each test's control bell, which proves the event went out).
 */

const PASSWORD = "cedar branches over the old stone bridge";
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`;
const GRANT = `mutation ($input: GrantRoleInput!) { grantRole(input: $input) { id } }`;

interface Bell {
  client: Client;
  titles: string[];
  /** The close code, once the server closed the socket. */
  closed: Promise<number>;
}

/** `notificationAdded` on its own socket, signed in with `token`. */
function openBell(server: TestServer, token: string): Bell {
  const titles: string[] = [];
  let onClosed: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (onClosed = resolve));
  const client = createClient({
    url: server.wsUrl,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
    connectionParams: { language: "en", authorization: `Bearer ${token}` },
    on: { closed: (event) => onClosed((event as { code: number }).code) },
  });
  client.subscribe<{ notificationAdded: { title: string } }>(
    { query: `subscription { notificationAdded { title } }` },
    { next: (v) => titles.push(v.data!.notificationAdded.title), error: () => undefined, complete: () => undefined },
  );
  return { client, titles, closed };
}

async function until(check: () => boolean, what: string, attempts = 100): Promise<void> {
  for (let i = 0; i < attempts && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

let grants = 0;
/** A real notification for `userId`: an admin grants a role, through `via`. */
async function notifyMember(via: TestServer, userId: string, clock?: TestClock): Promise<void> {
  const admin = await buildUser(via.ds, { roles: [{ role: Role.ADMIN }], clock });
  const reason = `archive work ${++grants}`;
  const res = await via.gql(GRANT, { input: { userId: toGlobalId("User", userId), role: "EDITOR", reason } }, { token: admin.token });
  expect(res.errors).toBeUndefined();
}

/** Rings until both bells heard one notification (their subscriptions are in place on the bus). */
async function ringUntilHeard(via: TestServer, userId: string, bells: Bell[], clock?: TestClock): Promise<void> {
  for (let i = 0; i < 20 && bells.some((b) => b.titles.length === 0); i++) {
    await notifyMember(via, userId, clock);
    await new Promise((r) => setTimeout(r, 150));
  }
  await until(() => bells.every((b) => b.titles.length > 0), "both bells to ring");
}

async function member(server: TestServer, email: string): Promise<{ id: string; first: string; second: string }> {
  const up = await server.gql<{ signUp: { accessToken: string } }>(SIGN_UP, {
    input: { email, password: PASSWORD, displayName: "Maya Haddad", preferredLanguage: "en" },
  });
  const second = await server.gql<{ signIn: { accessToken: string } }>(SIGN_IN, { input: { email, password: PASSWORD } });
  const [{ id }]: { id: string }[] = await server.ds.query(`SELECT id FROM users WHERE email = $1`, [email]);
  return { id, first: up.data!.signUp.accessToken, second: second.data!.signIn.accessToken };
}

const sessionIdOf = async (server: TestServer, token: string): Promise<string> => {
  const res = await server.gql<{ mySessions: { id: string; current: boolean }[] }>(`{ mySessions { id current } }`, {}, { token });
  return res.data!.mySessions.find((s) => s.current)!.id;
};

/** The three ways a session ends, each run by `via` against the member's `second` session (the first stays). */
const ENDINGS: [string, (via: TestServer, m: { first: string; second: string }) => Promise<void>][] = [
  [
    "signOut",
    async (via, m) => {
      expect((await via.gql(`mutation { signOut }`, {}, { token: m.second })).errors).toBeUndefined();
    },
  ],
  [
    "revokeSession",
    async (via, m) => {
      const id = await sessionIdOf(via, m.second);
      const res = await via.gql<{ revokeSession: boolean }>(`mutation ($id: ID!) { revokeSession(id: $id) }`, { id }, { token: m.first });
      expect(res.data!.revokeSession).toBe(true);
    },
  ],
  [
    "changePassword",
    async (via, m) => {
      const res = await via.gql(
        `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { key } }`,
        { input: { currentPassword: PASSWORD, newPassword: "figs and olives of the northern valley" } },
        { token: m.first },
      );
      expect(res.errors).toBeUndefined();
    },
  ],
];

/** Opens both bells, ends the second session through `via`, then checks the socket and what arrives after. */
async function endsTheStream(
  via: TestServer,
  subscribedOn: TestServer,
  email: string,
  end: (via: TestServer, m: { first: string; second: string }) => Promise<void>,
) {
  const m = await member(via, email);
  const control = openBell(subscribedOn, m.first);
  const ended = openBell(subscribedOn, m.second);
  try {
    await ringUntilHeard(via, m.id, [control, ended]);
    await end(via, m);
    expect(await ended.closed).toBe(4403);
    const heard = ended.titles.length;
    const controlHeard = control.titles.length;
    // A notification made after the revocation reaches the member's live session, not the ended one.
    await notifyMember(via, m.id);
    await until(() => control.titles.length > controlHeard, "the control bell");
    expect(ended.titles).toHaveLength(heard);
  } finally {
    await control.client.dispose();
    await ended.client.dispose();
  }
}

describe("one instance", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BREACHED_PASSWORD_MODE: "off" });
  });
  afterAll(() => server.stop());

  for (const [name, end] of ENDINGS)
    it(`${name}: the session's socket is closed with 4403 and hears nothing after`, async () => {
      await endsTheStream(server, server, `${name.toLowerCase()}-one@example.test`, end);
    });
});

describe("two instances sharing Redis", () => {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    await requireRedis();
    a = await startTestServer({ REDIS_URL, BREACHED_PASSWORD_MODE: "off" });
    b = await startTestServer({ REDIS_URL, BREACHED_PASSWORD_MODE: "off" }, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  for (const [name, end] of ENDINGS)
    it(`${name} through instance A closes the socket on instance B (4403); B delivers nothing after`, async () => {
      await endsTheStream(a!, b!, `${name.toLowerCase()}-two@example.test`, end);
    });
});
