import { afterAll, beforeAll, expect, it } from "@jest/globals";
import * as partner from "../../examples/partner/partner.js";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { approvedApp, consentAt, REDIRECT } from "../support/partners.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The sample partner (examples/partner) against a test server, step by step as a partner site
 * runs it (issue 40); the member's browser is played by the test (`consentAt`).
 */
let server: TestServer;
let member: BuiltUser;
let config: partner.PartnerConfig;
let deadId: string;

beforeAll(async () => {
  server = await startTestServer();
  const [developer, moderator] = await Promise.all([buildUser(server.ds), buildUser(server.ds, { roles: [{ role: Role.MODERATOR }] })]);
  member = await buildUser(server.ds);
  const app = await approvedApp(server, developer, moderator, { scopes: ["public:read", "tree:read", "tree:export"] });
  config = { base: server.url, clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: REDIRECT };
  const village = await buildVillage(server, "Deir el Qamar");
  deadId = await buildPerson(server, member, { fullName: "Fakhr Haddad", birthDate: "1850", deathDate: "1920", villageId: village.id });
  const lina = await buildPerson(server, member, { fullName: "Lina Haddad", birthDate: "1985", villageId: village.id });
  // The member's own record: their roots start there.
  const self = await server.gql(`mutation ($id: ID) { setMyRecord(personId: $id) { id } }`, { id: lina }, { token: member.token });
  if (self.errors) throw new Error(JSON.stringify(self.errors));
});
afterAll(() => server.stop());

it("reads public data with client credentials, then a member's roots and tree with their consent", async () => {
  const app = await partner.appToken(config);
  expect(app).toMatchObject({ scope: "public:read", expires_in: 3600 });
  expect((await partner.villages(config, app.access_token, 50)).map((v) => v.name)).toContain("Deir el Qamar");
  expect(await partner.person(config, app.access_token, deadId)).toMatchObject({ displayName: "Fakhr Haddad", isPrivate: false });

  const request = partner.consentRequest(config, ["tree:read", "tree:export"]);
  const { redirect } = await consentAt(server, request.url, member);
  await expect(partner.finishConsent(config, redirect, { ...request, state: "forged" })).rejects.toThrow(/state/);
  const tokens = await partner.finishConsent(config, redirect, request);
  expect(tokens.refresh_token).toBeTruthy();
  expect((await partner.myRoots(config, tokens.access_token)).map((r) => r.village.name)).toContain("Deir el Qamar");
  const gedcom = await partner.exportTree(config, tokens.access_token);
  expect(gedcom).toMatch(/^0 HEAD/);
  // The member's consent shows the living too, as they see their own tree.
  expect(gedcom).toContain("Lina Haddad");
  expect(gedcom).toContain("Fakhr Haddad");
});
