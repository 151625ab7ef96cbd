import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { TestClock } from "../support/clock.js";
import { buildPerson } from "../support/genealogy.js";
import { exportTree, uploadImport, waitForJob } from "../support/imports.js";
import { approvedApp, asApp, memberTokens, tokenRequest, type RegisteredApp } from "../support/partners.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A partner app with the member's consent exports their tree as GEDCOM (tree:export) and sends a
 * file for import (tree:import) that stops at review for the member (issue 40). Other tokens are
 * refused; each use is charged to the app's hour.
 */
let server: TestServer;
let clock: TestClock;
let developer: BuiltUser, member: BuiltUser, moderator: BuiltUser;
let app: RegisteredApp;

const GEDCOM = [
  "0 HEAD",
  "1 GEDC",
  "2 VERS 5.5.1",
  "1 CHAR UTF-8",
  "0 @I1@ INDI",
  "1 NAME Boutros /Gemayel/",
  "1 SEX M",
  "1 BIRT",
  "2 DATE 1870",
  "1 DEAT",
  "2 DATE 1930",
  "0 TRLR",
  "",
].join("\n");

const spent = async () =>
  Number(
    (
      await server.ds.query(
        `SELECT coalesce(sum(spent), 0) AS n FROM partner_app_usage u JOIN partner_apps a ON a.id = u.app_id WHERE a.client_id = $1`,
        [app.clientId],
      )
    )[0].n,
  );

beforeAll(async () => {
  clock = new TestClock();
  server = await startTestServer({}, { clock });
  [developer, member, moderator] = await Promise.all([
    buildUser(server.ds, { clock }),
    buildUser(server.ds, { clock }),
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
  ]);
  app = await approvedApp(server, developer, moderator, { scopes: ["public:read", "tree:read", "tree:export", "tree:import"] });
  await buildPerson(server, member, { fullName: "Rafic Saade", birthDate: "1990" });
});
afterAll(() => server.stop());

describe("tree:export", () => {
  it("exports the consenting member's tree, living people included, charged to the app", async () => {
    const t = await memberTokens(server, app, member, "tree:export");
    const before = await spent();
    const res = await exportTree(server, t.access_token, "scope=mine&version=7.0");
    expect(res.status).toBe(200);
    expect(res.body.toString("utf8")).toMatch(/^1 NAME Rafic Saade$/m);
    expect((await spent()) - before).toBe(1000);
  });

  it("refuses a token without tree:export, and an app acting alone", async () => {
    const read = await memberTokens(server, app, member, "tree:read");
    expect((await exportTree(server, read.access_token, "scope=mine")).status).toBe(401);
    const alone = await tokenRequest(server, app, { grant_type: "client_credentials", scope: "public:read" });
    expect((await exportTree(server, alone.body.access_token, "scope=mine")).status).toBe(401);
  });
});

describe("tree:import", () => {
  it("uploads a file for the member that stops at review; only the member confirms it", async () => {
    const t = await memberTokens(server, app, member, "tree:import");
    const up = await uploadImport(server, t.access_token, "gedcom", "from-partner.ged", GEDCOM);
    expect(up.status).toBe(201);
    const job = await waitForJob(server, member.token, up.id!, ["review"]);
    expect(job.counts.people).toBe(1);
    // Nothing reached the tree before the member's review.
    const written = await server.ds.query(`SELECT count(*)::int AS n FROM people WHERE full_name LIKE 'Boutros%'`);
    expect(written[0].n).toBe(0);
    // The app cannot confirm it.
    const confirm = await asApp(server, t.access_token, `mutation ($id: ID!) { confirmImport(id: $id) { id } }`, { id: up.id });
    expect(confirm.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("refuses a token without tree:import", async () => {
    const t = await memberTokens(server, app, member, "tree:read");
    const up = await uploadImport(server, t.access_token, "gedcom", "from-partner.ged", GEDCOM);
    expect(up.status).toBe(401);
  });
});
