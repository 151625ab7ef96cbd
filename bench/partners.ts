// The rootspaces page (bench/rootspaces.ts) asked with a partner app's token, budgets on (each
// request charged to the app's hour in PostgreSQL), against the bare graphql-js + pg baseline
// (goal >= 0.5) and against our own server asked anonymously with budgets off (goal >= 0.9),
// all started in this run on the same database.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { buildRootspaces } from "../tests/factories/rootspaces.js";
import { buildUser } from "../tests/factories/users.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { createDataSource } from "../server/src/db/data-source.js";
import { hashSecret, newWebhookSecret } from "../server/src/modules/partners/apps.store.js";
import { benchServerEnv, DURATION, measureHttp, SERVER_NODE_FLAGS, start, stopAll } from "./support.js";

const QUERY = `query Bench($first: Int) { rootspaces(first: $first) { totalCount edges { cursor node { id slug name nameAr nameFr countryCode currency timezone isActive } } pageInfo { hasNextPage endCursor } } }`;
const BODY = JSON.stringify({ query: QUERY, variables: { first: 50 } });
const GOAL_BASELINE = 0.5;
const GOAL_ANONYMOUS = 0.9;

const serverEnv = (url: string, port: number, points: string) =>
  benchServerEnv(url, port, { LOG_LEVEL: "info", GRAPHQL_COST_PER_MINUTE: "0", PARTNER_POINTS_PER_HOUR: points });

async function post(port: number, token?: string): Promise<{ data: unknown; extensions?: { cost?: unknown } }> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: BODY,
  });
  return (await res.json()) as { data: unknown; extensions?: { cost?: unknown } };
}

/** Runs the partner API benchmark; true when both goals are met. */
export async function benchPartners(serverUrl: string): Promise<boolean> {
  const dbName = "roots_bench_partners";
  await createTemplate(serverUrl, dbName);
  const url = withDatabase(serverUrl, dbName);
  const ds = createDataSource({ url, poolMax: 2 });
  await ds.initialize();
  await buildRootspaces(ds, 59, { prefix: "bench" });
  // An approved app, as a moderator leaves it.
  const owner = await buildUser(ds);
  const clientId = `app_${randomBytes(16).toString("base64url")}`;
  const secret = `rs_${randomBytes(32).toString("base64url")}`;
  await ds.query(
    `INSERT INTO partner_apps (id, owner_id, name, client_id, secret_hash, secret_rotated_at, redirect_uris, scopes, webhook_secret, state, created_at)
     VALUES (gen_random_uuid(), $1, 'Bench Partner', $2, $3, now(), '{}', '{public:read}', $4, 'approved', now())`,
    [owner.id, clientId, hashSecret(secret), newWebhookSecret()],
  );
  await ds.destroy();

  const children: ChildProcess[] = [];
  try {
    // Budgets on, large enough for the run: every request is still charged.
    children.push(await start([...SERVER_NODE_FLAGS, "server/dist/main.js"], serverEnv(url, 4711, "100000000"), /Roots is ready/));
    children.push(await start([...SERVER_NODE_FLAGS, "server/dist/main.js"], serverEnv(url, 4713, "0"), /Roots is ready/));
    children.push(
      await start(
        ["--import", "@swc-node/register/esm-register", "bench/baseline-server.ts"],
        { DATABASE_URL: url, PORT: "4712" },
        /baseline ready/,
      ),
    );
    const t = await fetch("http://127.0.0.1:4711/oauth/token", {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: "public:read" }),
    });
    const { access_token: token } = (await t.json()) as { access_token: string };
    if (!token) throw new Error(`no app token: ${t.status}`);

    const [asApp, anonymous, baseline] = [await post(4711, token), await post(4713), await post(4712)];
    if (!asApp.extensions?.cost) throw new Error("the app's answer carries no extensions.cost: budgets are not on");
    for (const [name, body] of [
      ["anonymous", anonymous],
      ["baseline", baseline],
    ] as const)
      if (JSON.stringify(asApp.data) !== JSON.stringify(body.data))
        throw new Error(
          `Bodies differ (app, ${name}):\n${JSON.stringify(asApp.data).slice(0, 300)}\n${JSON.stringify(body.data).slice(0, 300)}`,
        );
    console.log(
      `\n== partners: a page of 50 rootspaces with an app token, budgets on ==\nThe three servers return the same data. ${DURATION} s per run, 20 connections.\n`,
    );
    const baseRps = await measureHttp("baseline (graphql-js + pg)", 4712, [BODY], 20);
    const anonRps = await measureHttp("Roots, anonymous, budgets off", 4713, [BODY], 20);
    const appRps = await measureHttp("Roots, app token, budgets on", 4711, [BODY], 20, DURATION, { authorization: `Bearer ${token}` });
    const vsBaseline = appRps / baseRps;
    const vsAnonymous = appRps / anonRps;
    console.log(`\nratio app / baseline = ${vsBaseline.toFixed(2)} (goal >= ${GOAL_BASELINE})`);
    console.log(`ratio app / anonymous = ${vsAnonymous.toFixed(2)} (goal >= ${GOAL_ANONYMOUS})`);
    return vsBaseline >= GOAL_BASELINE && vsAnonymous >= GOAL_ANONYMOUS;
  } finally {
    await stopAll(children);
    await dropDatabase(serverUrl, dbName);
  }
}
