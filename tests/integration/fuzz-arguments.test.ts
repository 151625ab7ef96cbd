import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";
import type { Client } from "graphql-ws";
import pg from "pg";
import { buildRootsSchema } from "../../server/src/app/schema.js";
import { Role } from "../../server/src/common/auth/roles.js";
import { createEventBus } from "../../server/src/common/event-bus.js";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { newId } from "../../server/src/common/uuid.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, wsOnce, type GqlResult, type TestServer } from "../support/server.js";

/**
 * Schema-driven fuzzing: every argument of every query, mutation and subscription, and of every
 * field below them (and every field of their input objects), gets empty, huge, negative, NUL, lone-surrogate, vowel-only, out-of-range
 * cursor and wrong-type values, in variables. No answer is ever INTERNAL_SERVER_ERROR: every
 * refusal carries a code; a refused mutation leaves the database as it was.
 */

const offsetCursor = (n: number) => Buffer.from(JSON.stringify(["o", n]), "utf8").toString("base64url");
const keyCursor = (s: string) => Buffer.from(JSON.stringify([s]), "utf8").toString("base64url");

const BAD_TEXT = [
  "",
  "a",
  "aa",
  "é",
  "Aya",
  "x".repeat(100_000),
  "a\u0000b",
  "\u0000",
  "\uD800x",
  "x\uDC00",
  offsetCursor(1e300),
  offsetCursor(-1),
  keyCursor("\u0000"),
  12,
  true,
];
const BAD_INT = [-1, 0, 2_147_483_647, -2_147_483_648, 1.5, "1", 1e300];
const BAD_FLOAT = [-1, 0, 1e308, -1e308, "1"];
const BAD_ID = [
  "",
  "-1",
  "a\u0000b",
  "\uD800",
  "x".repeat(10_000),
  toGlobalId("Person", "not-a-uuid"),
  Buffer.from("Person:\u0000").toString("base64url"),
  7,
];

/** A value GraphQL accepts for the type: what the other arguments hold while one is fuzzed. */
function plain(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return plain(type.ofType, name);
  if (isListType(type)) return [plain(type.ofType, name)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, plain(f.type, f.name)]),
    );
  }
  switch (type.name) {
    case "Int":
      return 1;
    case "Float":
      return 1;
    case "Boolean":
      return false;
    case "ID":
      return toGlobalId(/village/i.test(name) ? "Village" : "Person", newId());
    default:
      return /date/i.test(name) ? "1890" : /email/i.test(name) ? "fuzz@example.test" : "Haddad";
  }
}

function badValues(type: GraphQLInputType): unknown[] {
  const inner = getNullableType(type);
  if (isListType(inner)) return [[], Array.from({ length: 1000 }, () => plain(inner.ofType, "")), "not a list", [null]];
  if (isEnumType(inner)) return ["NOT_A_VALUE", 1];
  if (isInputObjectType(inner)) return ["not an object", {}];
  if (isScalarType(inner)) {
    if (inner.name === "Int") return BAD_INT;
    if (inner.name === "Float") return BAD_FLOAT;
    if (inner.name === "Boolean") return ["true", 1];
    if (inner.name === "ID") return BAD_ID;
    return BAD_TEXT;
  }
  return [];
}

type Operation = "query" | "mutation" | "subscription";

interface Probe {
  operation: Operation;
  /** `field`, or `Type.field` for a field below the root. */
  field: string;
  /** Where the bad value sits: `arg` or `arg.field.field`. */
  at: string;
  query: string;
  variables: Record<string, unknown>;
}

const variableList = (field: GraphQLField<unknown, unknown>) =>
  field.args.map((a: GraphQLArgument) => `$${a.name}: ${a.type.toString()}`).join(", ");

/** `field(arg: $arg, …) { __typename }`, the selection of one field with every argument a variable. */
function select(field: GraphQLField<unknown, unknown>): string {
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
  return `${field.name}${args ? `(${args})` : ""}${selection}`;
}

/** Every probe of one field: each argument, and each field of an input object (two levels), with each bad value. */
function probesOf(operation: Operation, name: string, field: GraphQLField<unknown, unknown>, query: string): Probe[] {
  const list: Probe[] = [];
  {
    const base = Object.fromEntries(field.args.map((a) => [a.name, plain(a.type, a.name)]));
    const fuzz = (path: string[], type: GraphQLInputType, depth: number) => {
      for (const value of badValues(type)) {
        const variables = structuredClone(base);
        let at: Record<string, unknown> = variables;
        for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
        at[path.at(-1)!] = value;
        list.push({ operation, field: name, at: path.join("."), query, variables });
      }
      const inner = getNullableType(type);
      if (depth < 2 && isInputObjectType(inner))
        for (const f of Object.values(inner.getFields())) fuzz([...path, f.name], f.type, depth + 1);
    };
    for (const arg of field.args) fuzz([arg.name], arg.type, 0);
  }
  return list;
}

/** The probes of every field of a root type (query, mutation, subscription). */
function rootProbes(operation: Operation, root: GraphQLObjectType): Probe[] {
  return Object.values(root.getFields()).flatMap((field) => {
    const vars = variableList(field);
    return probesOf(operation, field.name, field, `${operation} Fuzz${vars ? `(${vars})` : ""} { ${select(field)} }`);
  });
}

/**
 * The probes of every argument-taking field below the roots, reached through `node(id:)` on a real
 * record of its type (`instances`). A type with such a field and no instance fails the test, so a
 * new one cannot go unfuzzed.
 */
function nestedProbes(schema: GraphQLSchema, instances: Record<string, string>, missing: string[]): Probe[] {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]);
  const list: Probe[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || roots.has(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.length) continue;
      const id = instances[type.name];
      if (!id || !type.getInterfaces().some((i) => i.name === "Node")) {
        missing.push(`${type.name}.${field.name}`);
        continue;
      }
      const query = `query Fuzz(${variableList(field)}) { node(id: ${JSON.stringify(id)}) { ... on ${type.name} { ${select(field)} } } }`;
      list.push(...probesOf("query", `${type.name}.${field.name}`, field, query));
    }
  }
  return list;
}

/** A subscription's first answer, or "accepted" when the server has not refused it within a moment. */
async function subscribeOnce(client: Client, query: string, variables: Record<string, unknown>): Promise<GqlResult | "accepted"> {
  let timer: NodeJS.Timeout | undefined;
  const accepted = new Promise<"accepted">((resolve) => (timer = setTimeout(() => resolve("accepted"), 300)));
  try {
    return await Promise.race([wsOnce(client, query, variables), accepted]);
  } finally {
    clearTimeout(timer);
  }
}

let server: TestServer;
let adminUser: BuiltUser;

/** Tables whose rows a refused request may still write: sessions, rate limits and cost budgets, security events, analytics. */
const VOLATILE = new Set([
  "migrations",
  "client_cost_budgets",
  "sessions",
  "refresh_tokens",
  "rate_limit_hits",
  "security_events",
  "analytics_events",
  "outbox_emails",
  "magic_links",
]);
let fingerprintSql = "";
/**
 * The print's own connection, where it is a prepared statement: planning its 70-odd subqueries
 * took about 20 ms, running them about 1 (the prints took 47 of this file's 104 seconds unprepared).
 */
let printer: pg.Client;
const fingerprint = async (): Promise<string> => (await printer.query({ name: "fingerprint", text: fingerprintSql })).rows[0].print;

beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_IP_PER_HOUR: "100000" });
  adminUser = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }], displayName: "Fuzz Admin" });
  const tables: { name: string }[] = await server.ds.query(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  fingerprintSql = `SELECT md5(${tables
    .filter((t) => !VOLATILE.has(t.name))
    .map(
      (t) =>
        `(SELECT '${t.name}:' || count(*) || ':' || coalesce(md5(string_agg(md5(x::text), ',' ORDER BY md5(x::text))), '') FROM "${t.name}" x)`,
    )
    .join(" || ")}) AS print`;
  printer = new pg.Client({ connectionString: server.databaseUrl });
  await printer.connect();
});
afterAll(async () => {
  await printer?.end();
  await server.stop();
});

const internal = (r: GqlResult) =>
  r.status >= 500 || (r.errors ?? []).some((e) => e.extensions?.code === "INTERNAL_SERVER_ERROR" || typeof e.extensions?.code !== "string");

const describeProbe = (probe: Probe, who: string, res: GqlResult) =>
  `${probe.field}(${probe.at} = ${JSON.stringify(probe.variables).slice(0, 120)}) ${who}: ${res.status} ${JSON.stringify(res.errors)?.slice(0, 200)}`;

describe("every argument of every operation, with bad values", () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildRootsSchema(createEventBus());
  });

  it("never answers INTERNAL_SERVER_ERROR, and a refused mutation changes nothing", async () => {
    const failures: string[] = [];
    let sent = 0;
    // The database's print after one mutation is the print before the next (nothing runs between
    // them): one print per mutation instead of two (the prints took 50 of this file's 117 seconds).
    let print: string | undefined;
    for (const probe of [...rootProbes("query", schema.getQueryType()!), ...rootProbes("mutation", schema.getMutationType()!)]) {
      const before = probe.operation === "mutation" ? (print ??= await fingerprint()) : "";
      const tokens = probe.operation === "query" ? [adminUser.token, undefined] : [adminUser.token];
      for (const token of tokens) {
        const res = await server.gql(probe.query, probe.variables, { token });
        sent++;
        if (internal(res)) failures.push(describeProbe(probe, token ? "admin" : "visitor", res));
        if (probe.operation !== "mutation") continue;
        print = await fingerprint();
        if (res.errors?.length && print !== before) failures.push(`${probe.field}(${probe.at}) was refused but changed the database`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);

  it("covers the arguments of fields below the roots, on real records", async () => {
    const village = await buildVillage(server, "Fuzz Village");
    const missing: string[] = [];
    const article = await server.gql<{ createRootpediaArticle: { id: string } }>(
      `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id } }`,
      { input: { villageSlug: village.slug, language: "en", title: "Fuzz", content: "Fuzz.", summary: "" } },
      { token: adminUser.token },
    );
    const list = nestedProbes(schema, { Village: village.id, RootpediaArticle: article.data!.createRootpediaArticle.id }, missing);
    expect(missing).toEqual([]);
    expect(list.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const probe of list)
      for (const token of [adminUser.token, undefined]) {
        const res = await server.gql(probe.query, probe.variables, { token });
        if (internal(res)) failures.push(describeProbe(probe, token ? "admin" : "visitor", res));
      }
    expect(failures).toEqual([]);
  }, 300_000);

  it("covers the arguments of every subscription, over WebSocket", async () => {
    const list = rootProbes("subscription", schema.getSubscriptionType()!);
    expect(list.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const client = server.ws({ token: adminUser.token });
    try {
      for (const probe of list) {
        const res = await subscribeOnce(client, probe.query, probe.variables);
        if (res !== "accepted" && internal(res)) failures.push(describeProbe(probe, "admin", res));
      }
    } finally {
      await client.dispose();
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
