/* eslint-disable @typescript-eslint/no-explicit-any -- webhook bodies and GraphQL answers are checked field by field below. */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { webhookJob } from "../../server/src/modules/partners/jobs.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { advanceAndRun, HOUR, MINUTE, TestClock } from "../support/clock.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { approvedApp, asApp, memberTokens, tokenRequest, type RegisteredApp } from "../support/partners.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Partner webhooks (issue 40): an app subscribes with its token to a village's page or, with the
 * member's consent, to their tree; changes reach its HTTPS receiver as ids only, signed with the
 * app's webhook secret; failures are retried for about 24 hours with a log; ended consent stops
 * them. Deliveries go only to a 127.0.0.1 receiver (WEBHOOK_TEST_ALLOW), nowhere else.
 */
const TLS = new URL("../fixtures/webhook-tls/", import.meta.url);
const cert = readFileSync(new URL("cert.pem", TLS), "utf8");
const key = readFileSync(new URL("key.pem", TLS), "utf8");

let server: TestServer;
let clock: TestClock;
let receiver: Server;
let hookUrl: string;
let received: { headers: Record<string, any>; body: string }[] = [];
let answer = 204;
let developer: BuiltUser, member: BuiltUser, moderator: BuiltUser, admin: BuiltUser, other: BuiltUser;
let app: RegisteredApp;

const SUBSCRIBE = `mutation ($event: WebhookEvent!, $villageId: ID) { subscribeWebhook(event: $event, villageId: $villageId) { id event villageId } }`;
const LOG = `query ($id: ID!) { webhookDeliveries(appId: $id) { id event nodeId state attempts lastStatus lastError nextAttemptAt } }`;
const UPDATE_VILLAGE = `mutation ($id: ID!, $input: VillageUpdateInput!) { updateVillage(id: $id, input: $input) { id } }`;

/**
 * One run of the webhook job, sent now and waited for. Its own recurrence is an hour here
 * (WEBHOOK_SCAN_MS), so no background run races the test's changes.
 */
const run = async () => {
  await server.scheduler.send(webhookJob, {});
  return advanceAndRun(server, 1000);
};
const log = async () => (await server.gql<any>(LOG, { id: app.id }, { token: developer.token })).data.webhookDeliveries;

beforeAll(async () => {
  receiver = createServer({ cert, key }, (req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/roots-hook`;
  clock = new TestClock();
  server = await startTestServer({ WEBHOOK_TEST_ALLOW: "127.0.0.1", WEBHOOK_TEST_CA: cert, WEBHOOK_SCAN_MS: "3600000" }, { clock });
  [developer, member, moderator, admin, other] = await Promise.all([
    buildUser(server.ds, { clock }),
    buildUser(server.ds, { clock, displayName: "Maya Haddad" }),
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.ADMIN }] }),
    buildUser(server.ds, { clock }),
  ]);
  app = await approvedApp(server, developer, moderator, { webhookUrl: hookUrl });
});
afterAll(async () => {
  await server.stop();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});
beforeEach(() => {
  received = [];
  answer = 204;
});

const appToken = async () =>
  (await tokenRequest(server, app, { grant_type: "client_credentials", scope: "public:read" })).body.access_token;

describe("registration", () => {
  it.each([
    "http://hooks.partner.example/in",
    "https://10.0.0.7/in",
    "https://[::1]/in",
    "https://localhost/in",
    "https://169.254.169.254/latest",
  ])("refuses the webhook URL %s, storing nothing", async (webhookUrl) => {
    const before = (await server.ds.query(`SELECT count(*)::int AS n FROM partner_apps`))[0].n;
    const r = await server.gql<any>(
      `mutation ($input: RegisterAppInput!) { registerApp(input: $input) { clientSecret } }`,
      { input: { name: "Hook Test", redirectUris: [], scopes: ["public:read"], webhookUrl } },
      { token: other.token, language: "fr" },
    );
    expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(r.errors?.[0].message).toMatch(/webhook/i);
    expect((await server.ds.query(`SELECT count(*)::int AS n FROM partner_apps`))[0].n).toBe(before);
  });
});

describe("a village's page", () => {
  it("tells the app once, signed, with ids only; earlier changes are not told", async () => {
    const village = await buildVillage(server, "Bsharri");
    const token = await appToken();
    const sub = await asApp(server, token, SUBSCRIBE, { event: "VILLAGE_CHANGED", villageId: village.id });
    expect(sub.errors).toBeUndefined();
    expect(sub.data.subscribeWebhook).toMatchObject({ event: "VILLAGE_CHANGED", villageId: village.id });
    // Subscribing again is the same subscription.
    const again = await asApp(server, token, SUBSCRIBE, { event: "VILLAGE_CHANGED", villageId: village.id });
    expect(again.data.subscribeWebhook.id).toBe(sub.data.subscribeWebhook.id);
    await run();
    expect(received).toHaveLength(0);

    const edit = await server.gql<any>(
      UPDATE_VILLAGE,
      { id: village.id, input: { description: "A village in the cedars." } },
      { token: admin.token },
    );
    expect(edit.errors).toBeUndefined();
    await run();
    expect(received).toHaveLength(1);
    const [hit] = received;
    const body = JSON.parse(hit.body);
    expect(Object.keys(body).sort()).toEqual(["id", "node", "time", "type"]);
    expect(body).toMatchObject({ type: "village.changed", node: village.id });
    expect(hit.headers["roots-event"]).toBe("village.changed");
    expect(hit.headers["roots-delivery"]).toBe(body.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hit.headers["roots-signature"])!;
    expect(v1).toBe(createHmac("sha256", app.webhookSecret).update(`${t}.${hit.body}`).digest("hex"));
    expect(Math.abs(Number(t) * 1000 - clock.now().getTime())).toBeLessThan(60_000);

    // Seen again in the next look (the overlap), it is not sent again.
    await run();
    expect(received).toHaveLength(1);
    const [entry] = await log();
    expect(entry).toMatchObject({ id: body.id, state: "DELIVERED", attempts: 1, lastStatus: 204, nodeId: village.id, nextAttemptAt: null });
  });

  it("shows the delivery log to the developer only", async () => {
    const r = await server.gql<any>(LOG, { id: app.id }, { token: other.token });
    expect(r.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const staff = await server.gql<any>(LOG, { id: app.id }, { token: moderator.token });
    expect(staff.data.webhookDeliveries.length).toBeGreaterThan(0);
  });
});

describe("a member's tree", () => {
  it("needs the member's consent with tree:read", async () => {
    const r = await asApp(server, await appToken(), SUBSCRIBE, { event: "TREE_CHANGED" });
    expect(r.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    // A member's own session cannot subscribe: webhooks are the app's.
    const m = await server.gql<any>(SUBSCRIBE, { event: "TREE_CHANGED" }, { token: member.token });
    expect(m.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("tells the app when the member's tree changes, naming the member", async () => {
    const t = await memberTokens(server, app, member, "tree:read");
    const sub = await asApp(server, t.access_token, SUBSCRIBE, { event: "TREE_CHANGED" });
    expect(sub.errors).toBeUndefined();
    await buildPerson(server, member, { fullName: "Youssef Haddad", birthDate: "1890", deathDate: "1950" });
    // Another member's tree is not theirs to hear of.
    await buildPerson(server, other, { fullName: "Elias Khoury", birthDate: "1900", deathDate: "1970" });
    await run();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toMatchObject({ type: "tree.changed", node: toGlobalId("User", member.id) });
  });

  it("stops when the member revokes consent: subscriptions and queued deliveries go", async () => {
    await buildPerson(server, member, { fullName: "Salim Haddad", birthDate: "1910", deathDate: "1980" });
    // Queued while the receiver is down.
    answer = 500;
    await run();
    const queued = await server.ds.query(`SELECT count(*)::int AS n FROM partner_webhook_deliveries WHERE state = 'pending'`);
    expect(queued[0].n).toBeGreaterThan(0);
    const grants = await server.gql<any>(`{ myGrants { id } }`, {}, { token: member.token });
    for (const g of grants.data.myGrants)
      expect(
        (await server.gql<any>(`mutation ($id: ID!) { revokeGrant(id: $id) }`, { id: g.id }, { token: member.token })).errors,
      ).toBeUndefined();
    const left = await server.ds.query(`SELECT count(*)::int AS n FROM partner_webhooks WHERE account_id = $1`, [member.id]);
    expect(left[0].n).toBe(0);
    const pending = await server.ds.query(
      `SELECT count(*)::int AS n FROM partner_webhook_deliveries d WHERE d.state = 'pending' AND d.target_id = $1`,
      [member.id],
    );
    expect(pending[0].n).toBe(0);
    answer = 204;
    received = [];
    await buildPerson(server, member, { fullName: "Nadia Haddad", birthDate: "1915", deathDate: "1990" });
    await run();
    expect(received.filter((r) => JSON.parse(r.body).type === "tree.changed")).toHaveLength(0);
  });
});

// Last: it moves the clock a day on (tokens and sessions of the tests above would end).
describe("failures", () => {
  it("retries a failed delivery later, then gives up after about 24 hours", async () => {
    const village = await buildVillage(server, "Ehden");
    const token = await appToken();
    await asApp(server, token, SUBSCRIBE, { event: "VILLAGE_CHANGED", villageId: village.id });
    await server.gql<any>(UPDATE_VILLAGE, { id: village.id, input: { description: "First." } }, { token: admin.token });
    answer = 500;
    await run();
    expect(received).toHaveLength(1);
    let entry = (await log()).find((d: any) => d.nodeId === village.id);
    expect(entry).toMatchObject({ state: "PENDING", attempts: 1, lastStatus: 500 });
    // The next try waits a minute; then the app answers.
    await run();
    expect(received).toHaveLength(1);
    answer = 200;
    clock.advance(MINUTE);
    await run();
    expect(received).toHaveLength(2);
    entry = (await log()).find((d: any) => d.nodeId === village.id);
    expect(entry).toMatchObject({ state: "DELIVERED", attempts: 2, lastStatus: 200 });

    // A receiver that always fails: 7 tries over about 24 hours, then FAILED.
    await server.gql<any>(UPDATE_VILLAGE, { id: village.id, input: { description: "Second." } }, { token: admin.token });
    answer = 503;
    received = [];
    await run();
    for (let i = 0; i < 6; i++) {
      clock.advance(16 * HOUR);
      await run();
    }
    expect(received).toHaveLength(7);
    // The sessions of the tests above have ended by now: the log is read from its table.
    const failed = await server.ds.query(
      `SELECT attempts, last_status FROM partner_webhook_deliveries WHERE target_id = $1 AND state = 'failed'`,
      [village.raw],
    );
    expect(failed).toEqual([{ attempts: 7, last_status: 503 }]);
  });

  it("checks the app again at send time: a suspended app's deliveries fail unsent", async () => {
    const village = await buildVillage(server, "Hasroun");
    // Sessions from before the day the test above moved through have ended: new staff.
    const [staff, curator] = await Promise.all([
      buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
      buildUser(server.ds, { clock, roles: [{ role: Role.ADMIN }] }),
    ]);
    await asApp(server, await appToken(), SUBSCRIBE, { event: "VILLAGE_CHANGED", villageId: village.id });
    await server.gql<any>(UPDATE_VILLAGE, { id: village.id, input: { description: "Changed." } }, { token: curator.token });
    const suspend = await server.gql<any>(
      `mutation ($id: ID!) { suspendApp(id: $id, reason: "Abuse") { state } }`,
      { id: app.id },
      { token: staff.token },
    );
    expect(suspend.errors).toBeUndefined();
    expect(suspend.data.suspendApp.state).toBe("SUSPENDED");
    await run();
    expect(received).toHaveLength(0);
    const [entry] = await server.ds.query(`SELECT state, attempts, last_error FROM partner_webhook_deliveries WHERE target_id = $1`, [
      village.raw,
    ]);
    expect(entry).toEqual({ state: "failed", attempts: 0, last_error: "app suspended or consent ended" });
  });
});
