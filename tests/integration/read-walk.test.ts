import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readFileSync, writeFileSync } from "node:fs";
import { buildSchema, getNamedType, type GraphQLSchema } from "graphql";
import { Role } from "../../server/src/common/auth/roles.js";
import type { ReadTag } from "../../server/src/common/auth/reads.js";
import { seedDemo } from "../../server/src/db/seed/demo.js";
import { AREAS } from "../../server/src/modules/areas.js";
import { POLICY_TYPES } from "../../server/src/modules/genealogy/people/person.policy-table.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { argumentLiteral, fullSelection, leaksIn, mergeTags, rootTag, tagGaps, MAY_READ, type Reader } from "../support/read-walk.js";
import { renderReadTags } from "../support/read-doc.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";
import { seedOpenBallot } from "../support/ballots.js";
import { gid } from "../support/genealogy.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";

/**
 * Every field of every object type is tagged with who may read it (issue 37), and the server
 * keeps to the tags: each root query the walk can fill, asked by a visitor, a member, a
 * moderator, an editor and an admin over the demo data and more, with every field a query can
 * ask to three levels, shows no field to a reader its tag leaves out, and a root field a reader
 * may not call answers nothing. People's fields are walked by policy-walk.test.ts.
 */

const schema: GraphQLSchema = buildSchema(readFileSync(new URL("../../schema/schema.graphql", import.meta.url), "utf8"));
const { tags, twice } = mergeTags(AREAS);
const byPolicyTable = new Set(Object.keys(POLICY_TYPES));
const tagOf = (type: string, field: string): ReadTag | undefined => tags.get(type)?.get(field);
const DOC = new URL("../../docs/read-policy.md", import.meta.url);

describe("the read tags", () => {
  it("tag every field of every object type once, and nothing the schema does not have", () => {
    expect(twice).toEqual([]);
    expect(tagGaps(schema, tags, byPolicyTable)).toEqual([]);
  });

  it("fail on a planted untagged field and a tag of a field that is gone", () => {
    const planted = buildSchema(`type Query { a: A } type A { id: ID, secret: String }`);
    const t = new Map([
      [
        "A",
        new Map<string, ReadTag>([
          ["id", "anyone"],
          ["gone", "admins"],
        ]),
      ],
    ]);
    expect(tagGaps(planted, t, new Set())).toEqual(["A.secret has no read tag", "A.gone is tagged but not in the schema"]);
  });

  it("find a planted leak: a field tagged for admins shown to a member, deep in a list", () => {
    const answer = { members: { edges: [{ node: { __typename: "Member", id: "x", email: "a@b.c" } }] } };
    const planted = (type: string, field: string): ReadTag | undefined => (type === "Member" && field === "email" ? "admins" : undefined);
    expect([...leaksIn(answer, "member", planted)]).toEqual(["Member.email"]);
    expect([...leaksIn(answer, "admin", planted)]).toEqual([]);
  });

  it("are what docs/read-policy.md says", () => {
    const text = renderReadTags(schema, tags, byPolicyTable);
    if (process.env.UPDATE_POLICY_DOC) writeFileSync(DOC, text);
    expect(readFileSync(DOC, "utf8")).toBe(text);
  });
});

const READERS: Reader[] = ["visitor", "member", "moderator", "editor", "admin"];
let server: TestServer;
const users = {} as Record<Exclude<Reader, "visitor">, BuiltUser>;
/** Values for the root fields' required arguments, by argument name. */
const fixtures: Record<string, unknown> = {};

/** Values for one root field's arguments where a name means another thing elsewhere (two people, two revisions). */
const fixturesOf: Record<string, Record<string, unknown>> = {};

/**
 * Root query fields the walk cannot fill from the fixtures (each is walked by its area's own
 * tests: appUsage by partners-budgets.test.ts; webhookDeliveries by partners-webhooks.test.ts).
 */
const NOT_WALKED = ["appUsage", "importJob", "importRecords", "importWarnings", "webhookDeliveries"];

function rootQuery(name: string): string | null {
  const field = schema.getQueryType()!.getFields()[name];
  const args: string[] = [];
  for (const a of field.args) {
    const required = a.type.toString().endsWith("!") && a.defaultValue === undefined;
    let value = fixturesOf[name]?.[a.name] ?? fixtures[a.name];
    if (a.name === "id") value = (fixtures.idOf as Record<string, unknown>)[getNamedType(field.type).name];
    if (value === undefined) {
      if (required) return null;
      continue;
    }
    args.push(`${a.name}: ${argumentLiteral(a.type, value)}`);
  }
  const named = getNamedType(field.type);
  const selection = fullSelection(schema, named, 3);
  return `{ ${name}${args.length ? `(${args.join(", ")})` : ""}${selection ? ` { ${selection} }` : ""} }`;
}

describe("what each reader is shown", () => {
  beforeAll(async () => {
    // Every field to three levels costs more than one request may (a ballot's: about 15,000), and the
    // walk asks every root query five times: the limits that would answer instead are raised.
    server = await startTestServer({ GRAPHQL_MAX_COST: "1000000", GRAPHQL_COST_PER_MINUTE: "0" });
    // The demo's tree lives in Zahle and Ehden (the gazetteer is not loaded in tests).
    await buildVillages(server.ds, [
      { name: "Zahle", slug: "zahle" },
      { name: "Ehden", slug: "ehden" },
    ]);
    await seedDemo(server.ds);
    users.member = await buildUser(server.ds);
    users.moderator = await buildUser(server.ds, { roles: [{ role: Role.MODERATOR }] });
    users.editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
    users.admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
    const admin = { token: users.admin.token };
    const first = async (query: string): Promise<Record<string, string>> => {
      const res = await server.gql<Record<string, { edges: { node: Record<string, string> }[] }>>(query, {}, admin);
      if (!res.data) throw new Error(JSON.stringify(res.errors));
      return Object.values(res.data)[0].edges[0].node;
    };
    const person = await first(`{ people(first: 1) { edges { node { id } } } }`);
    const village = (await server.gql<{ village: { id: string; slug: string } }>(`{ village(slug: "zahle") { id slug } }`, {}, admin)).data!
      .village;
    const event = await first(`{ events(first: 1) { edges { node { id } } } }`);
    const [asset] = (await server.gql<{ assets: { id: string }[] }>(`{ assets(villageId: "${village.id}") { id } }`, {}, admin)).data!
      .assets;
    const family = await first(`{ families(first: 1) { edges { node { id } } } }`);
    // Rows behind the restricted fields: a curator grant, an email in the outbox, a session, a Rootpedia article.
    const curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
    await assignCurator(server.ds, curator.id, [Buffer.from(village.id, "base64url").toString().split(":")[1]]);
    await server.gql(`mutation { requestMagicLink(input: { email: "member@roots.demo" }) }`);
    const article = await server.gql<{ createRootpediaArticle: { id: string; baseRevisionId: string } }>(
      `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
      { input: { villageSlug: village.slug, language: "en", title: "Walk", content: "A village article." } },
      admin,
    );
    const revisions = await revisionPair(admin, article.data!.createRootpediaArticle);
    const [a, b] = (
      await server.gql<{ people: { edges: { node: { id: string } }[] } }>(`{ people(first: 2) { edges { node { id } } } }`, {}, admin)
    ).data!.people.edges.map((e) => e.node.id);
    const receipt = await paidReceipt(users.member);
    // An open ballot on Zahle with the member on its roll, and the proposal it decides.
    const ballot = await seedOpenBallot(server.ds, { raw: fromGlobalId(village.id)!.id }, [users.member.id]);
    const [{ proposal }] = await server.ds.query(`SELECT proposal_id AS proposal FROM ballots WHERE id = $1`, [fromGlobalId(ballot)!.id]);
    // A member's document request, submitted (awaiting the transfer): the member's and the desk's to read.
    const [type] = (await server.gql<{ documentTypes: { id: string }[] }>(`{ documentTypes { id } }`)).data!.documentTypes;
    const draft = await server.gql<{ saveDocumentRequest: { id: string } }>(
      `mutation ($input: SaveDocumentRequestInput!) { saveDocumentRequest(input: $input) { id } }`,
      {
        input: {
          documentTypeId: type.id,
          subjectNameAr: "مايا",
          fatherName: "Elias",
          motherName: "Rima",
          registrationVillageId: village.id,
          registrationNumber: "1",
          contactEmail: "walk@example.test",
        },
      },
      { token: users.member.token },
    );
    const request = draft.data!.saveDocumentRequest.id;
    await server.gql(`mutation ($id: ID!) { submitDocumentRequest(id: $id) { id } }`, { id: request }, { token: users.member.token });
    Object.assign(fixturesOf, {
      relationship: { a, b },
      rootpediaComparison: revisions,
      rootpediaDiff: revisions,
      publicHolidays: { from: "2026-01-01", to: "2026-12-31" },
    });
    Object.assign(fixtures, {
      recordId: person.id,
      table: "PEOPLE",
      input: { fullName: "Saab", villageId: village.id },
      content: "A *village* article.",
      query: "Walk",
      memberId: users.member.id,
      reason: "the read walk reads every field",
      code: receipt.code,
      ballotId: ballot,
      receipt: "0".repeat(64),
      personId: person.id,
      villageId: village.id,
      villageSlug: village.slug,
      slug: village.slug,
      generations: 2,
      first: 5,
      articleId: article.data?.createRootpediaArticle.id,
      ids: [village.id, person.id],
    });
    Object.assign(fixtures, {
      idOf: {
        Person: person.id,
        Village: village.id,
        Family: family.id,
        RootpediaArticle: fixtures.articleId,
        Event: event.id,
        Asset: asset.id,
        Node: person.id,
        ReceiptView: receipt.id,
        Ballot: ballot,
        BallotBoardEntry: ballot,
        BallotProposal: gid("BallotProposal", proposal),
        DocumentRequestView: request,
      },
    });
  }, 120_000);

  afterAll(() => server?.stop());

  /** The article's first revision and an edit of it by the same admin. */
  async function revisionPair(admin: { token: string }, article: { id: string; baseRevisionId: string }) {
    const edited = await server.gql<{ editRootpediaArticle: { id: string } }>(
      `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id } }`,
      {
        id: article.id,
        input: { title: "Walk", summary: "", content: "A village article, edited.", baseRevisionId: article.baseRevisionId },
      },
      admin,
    );
    if (!edited.data) throw new Error(JSON.stringify(edited.errors));
    return { fromId: article.baseRevisionId, toId: edited.data.editRootpediaArticle.id };
  }

  /** A bank transfer the member started and a moderator confirmed: its receipt. */
  async function paidReceipt(member: BuiltUser): Promise<{ id: string; code: string }> {
    const started = await server.gql<{ startPayment: { reference: string } }>(
      `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { reference } }`,
      { input: { amount: "2500", idempotencyKey: "read-walk-start" } },
      { token: member.token },
    );
    const confirmed = await server.gql<{ confirmPayment: { receiptId: string } }>(
      `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { receiptId } }`,
      { input: { reference: started.data!.startPayment.reference, received: "2500", idempotencyKey: "read-walk-confirm" } },
      { token: users.moderator.token },
    );
    if (!confirmed.data) throw new Error(JSON.stringify(confirmed.errors));
    const id = confirmed.data.confirmPayment.receiptId;
    const read = await server.gql<{ receipt: { code: string } }>(
      `query ($id: ID!) { receipt(id: $id) { code } }`,
      { id },
      { token: member.token },
    );
    return { id, code: read.data!.receipt.code };
  }

  const roots = Object.keys(schema.getQueryType()!.getFields());

  it("every root query is walked, or listed as walked elsewhere", () => {
    expect(roots.filter((r) => !rootQuery(r))).toEqual(NOT_WALKED);
  });

  it.each(READERS)("no field is shown to a %s that its tag leaves out, and no root field it may not call answers", async (reader) => {
    const token = reader === "visitor" ? undefined : users[reader].token;
    const leaks: string[] = [];
    for (const name of roots) {
      const query = rootQuery(name);
      if (!query) continue;
      const res = await server.gql(query, {}, { token });
      // A query refused before it ran would walk nothing.
      for (const e of res.errors ?? [])
        if (e.extensions?.code === "GRAPHQL_VALIDATION_FAILED") leaks.push(`Query.${name} not run: ${e.message}`);
      const value = res.data?.[name];
      const tag = rootTag(schema.getQueryType()!.getFields()[name]);
      if (!MAY_READ[reader].includes(tag) && value !== null && value !== undefined && !(Array.isArray(value) && !value.length))
        leaks.push(`Query.${name}`);
      for (const shown of leaksIn(value, reader, tagOf)) leaks.push(`${shown} (through ${name})`);
    }
    expect(leaks).toEqual([]);
  });

  it("the walk reaches what is kept from readers: an admin is shown the restricted fields it checks", async () => {
    const shown = new Set<string>();
    const restricted = (type: string, field: string): ReadTag | undefined => {
      const tag = tagOf(type, field);
      return tag && tag !== "anyone" ? "admins" : undefined;
    };
    for (const name of roots) {
      const query = rootQuery(name);
      if (!query) continue;
      const res = await server.gql(query, {}, { token: users.admin.token });
      for (const s of leaksIn(res.data?.[name], "member", restricted)) shown.add(s);
    }
    for (const field of [
      "Member.email",
      "RoleCount.count",
      "StaffOverview.members",
      "Viewer.email",
      "SessionInfo.id",
      "VillageCuratorGrant.villageSlug",
      "OutboxEmail.subject",
      "JobsHealth.queues",
      "NameEquivalentGroup.names",
      "ImportAllowance.quotaBytes",
      "NotificationSetting.kind",
      "MemberStatementView.memberName",
    ])
      expect([field, shown.has(field) ? "shown" : [...shown].sort().join(" ")]).toEqual([field, "shown"]);
  });
});
