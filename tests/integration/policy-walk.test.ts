import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readFileSync, writeFileSync } from "node:fs";
import { getNamedType, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import { buildRootsSchema } from "../../server/src/app/schema.js";
import { Role } from "../../server/src/common/auth/roles.js";
import { createEventBus } from "../../server/src/common/event-bus.js";
import { newId } from "../../server/src/common/uuid.js";
import { hiddenParts, type Access, type Hidden } from "../../server/src/modules/genealogy/people/person.policy.js";
import { renderPolicyMarkdown } from "../../server/src/modules/genealogy/people/person.policy-doc.js";
import { POLICY_AUDIT_COLUMNS, POLICY_PATHS, POLICY_TYPES } from "../../server/src/modules/genealogy/people/person.policy-table.js";
import { FIELD_COLUMNS } from "../../server/src/modules/genealogy/people/person.present.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gid } from "../support/genealogy.js";
import { approvedApp, memberTokens, tokenRequest } from "../support/partners.js";
import { check, selection, tableGaps } from "../support/policy-walk.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { buildVillages } from "../factories/villages.js";

/**
 * The access-policy table (person.policy-table.ts) against the schema and against what the
 * server answers: every type and path carrying person data is in the table, and each path,
 * queried by visitor, member, relative, curator of the village, curator of another village,
 * editor, admin, and partner apps (alone, and for the relative who consented) over seeded people, shows exactly what the table says — hidden fields
 * empty, shown ones as full access sees them, counts equal to what is listed.
 */

const DOC = new URL("../../docs/access-policy.md", import.meta.url);
let schema: GraphQLSchema;
let server: TestServer;

beforeAll(async () => {
  schema = await buildRootsSchema(createEventBus());
});

describe("the policy table", () => {
  it("says what every type and path carrying person data shows, field by field and argument by argument", () => {
    expect(tableGaps(schema)).toEqual([]);
  });

  it("governs a person's history columns as it governs the fields shown from them", () => {
    const mismatches = Object.entries(FIELD_COLUMNS).flatMap(([field, columns]) =>
      columns!
        .filter((c) => JSON.stringify(POLICY_AUDIT_COLUMNS[c]) !== JSON.stringify(POLICY_TYPES.Person.fields[field]))
        .map((c) => `${field} → ${c}`),
    );
    expect(mismatches).toEqual([]);
  });

  it("is what docs/access-policy.md says", () => {
    if (process.env.UPDATE_POLICY_DOC) writeFileSync(DOC, renderPolicyMarkdown());
    expect(readFileSync(DOC, "utf8")).toBe(renderPolicyMarkdown());
  });
});

const VIEWERS = ["visitor", "member", "relative", "curator", "otherCurator", "editor", "admin", "app", "appForRelative"] as const;
type ViewerKey = (typeof VIEWERS)[number];
/** Partner apps (issue 40) see what a visitor sees alone, and what the consenting member sees with a tree scope. */
const SEES_AS: Partial<Record<ViewerKey, ViewerKey>> = { app: "visitor", appForRelative: "relative" };
/** The apps' access tokens: client credentials, and the relative's consent to `public:read tree:read`. */
const appTokens = {} as Record<"app" | "appForRelative", string>;
const tokenOf = (viewer: ViewerKey): string | undefined =>
  viewer === "app" || viewer === "appForRelative" ? appTokens[viewer] : users[viewer]?.token;
const users = {} as Record<ViewerKey, BuiltUser | undefined>;
let owner: BuiltUser;
const ids = {} as Record<"maya" | "secret" | "partner" | "rami" | "dead" | "gone", string>;
let zahle: string;
let slug: string;
const events: string[] = [];
const entries: string[] = [];

/** Who sees what of whom, written out (accessTo's rule for these people). */
const ACCESS: Record<keyof typeof ids, Partial<Record<ViewerKey, Access>>> = {
  maya: {
    visitor: "private",
    member: "private",
    relative: "partial",
    curator: "partial",
    otherCurator: "private",
    editor: "full",
    admin: "full",
  },
  partner: {
    visitor: "private",
    member: "private",
    relative: "private",
    curator: "partial",
    otherCurator: "private",
    editor: "full",
    admin: "full",
  },
  rami: {
    visitor: "private",
    member: "private",
    relative: "full",
    curator: "partial",
    otherCurator: "private",
    editor: "full",
    admin: "full",
  },
  secret: { editor: "full", admin: "full" },
  gone: { editor: "full", admin: "full" },
  dead: Object.fromEntries(VIEWERS.map((v) => [v, "full"])),
};
const accessOf = (person: keyof typeof ids, viewer: ViewerKey): Access => ACCESS[person][SEES_AS[viewer] ?? viewer] ?? "none";

const PERSON_SQL = `INSERT INTO people (id, rootspace_id, full_name, full_name_ar, given_name, father_name, grandfather_name, mother_name, name_variants, gender,
    birth_date_text, birth_date_from, birth_date_to, birth_place, occupation, bio, current_location, current_country, registration_number, sources,
    is_public, village_id, family_id, created_by, user_id, is_deceased, death_date_text, death_date_from, death_date_to, death_place, privacy_settings, provenance)
  VALUES ($1, 'lb', $2, 'مايا', 'Maya', 'Hanna', 'Elias', 'Rose', '{Maia}', 'F', $3, $4, $5, 'Zahle, Haret el Rassi', 'Nurse', 'Treated for an illness', 'Beirut, Hamra', 'LB',
    '412', 'Parish book p. 12', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, '{"showBirthDate": false, "showLocation": false}', 'COMMUNITY')`;

async function person(
  name: string,
  o: { isPublic?: boolean; village?: string; userId?: string; born?: number; died?: number } = {},
): Promise<string> {
  const id = newId();
  const born = o.born ?? 1990;
  const [family]: { id: string }[] = await server.ds.query(`SELECT id FROM families LIMIT 1`);
  await server.ds.query(PERSON_SQL, [
    id,
    name,
    String(born),
    `${born}-01-01`,
    `${born}-12-31`,
    o.isPublic ?? true,
    o.village ?? zahle,
    family.id,
    owner.id,
    o.userId ?? null,
    Boolean(o.died),
    o.died ? String(o.died) : null,
    o.died ? `${o.died}-01-01` : null,
    o.died ? `${o.died}-12-31` : null,
    o.died ? "Zahle" : null,
  ]);
  return id;
}

async function seed(): Promise<void> {
  owner = await buildUser(server.ds, { displayName: "Owner" });
  users.member = await buildUser(server.ds);
  users.relative = await buildUser(server.ds);
  users.curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  users.otherCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  users.editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
  users.admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
  const app = await approvedApp(server, owner, users.admin, { scopes: ["public:read", "tree:read"] });
  appTokens.app = (await tokenRequest(server, app, { grant_type: "client_credentials", scope: "public:read" })).body.access_token;
  appTokens.appForRelative = (await memberTokens(server, app, users.relative, "public:read tree:read")).access_token;
  slug = `zahle-pw-${newId().slice(-6)}`;
  const [zahleId, ehden] = await buildVillages(server.ds, [
    { name: "Zahle", slug },
    { name: "Ehden", slug: `${slug}-e` },
  ]);
  zahle = zahleId;
  await server.ds.query(
    `INSERT INTO families (id, rootspace_id, family_name, village_id, is_public, created_by) VALUES (gen_random_uuid(), 'lb', 'Haddad', $1, true, $2)`,
    [zahle, owner.id],
  );
  await assignCurator(server.ds, users.curator.id, [zahle]);
  await assignCurator(server.ds, users.otherCurator.id, [ehden]);
  ids.dead = await person("Hanna Dead", { born: 1900, died: 1980 });
  ids.maya = await person("Maya Living");
  ids.secret = await person("Secret Living", { isPublic: false });
  ids.partner = await person("Elie Partner");
  ids.rami = await person("Rami Child", { userId: users.relative.id, born: 2015 });
  ids.gone = await person("Gone Hidden", { isPublic: false, village: ehden });
  await server.ds.query(
    `INSERT INTO parent_links (id, parent_id, child_id) VALUES (gen_random_uuid(), $1, $2), (gen_random_uuid(), $2, $3)`,
    [ids.dead, ids.maya, ids.rami],
  );
  await server.ds.query(
    `INSERT INTO unions (id, partner1_id, partner2_id, kind, start_date_text, start_date_from, start_date_to, place) VALUES (gen_random_uuid(), least($1::uuid, $2::uuid), greatest($1::uuid, $2::uuid), 'marriage', '2012', '2012-01-01', '2012-12-31', 'Beirut, Achrafieh')`,
    [ids.maya, ids.partner],
  );
  const ev: { id: string }[] = await server.ds.query(
    `INSERT INTO events (id, type, date_text, date_from, date_to, place, primary_person_id, secondary_person_id, village_ids, title, description, sources)
     VALUES (gen_random_uuid(), 'other', '2021', '2021-01-01', '2021-12-31', 'Zahle hospital', $1, $2, ARRAY[$4::uuid], 'Surgery', 'Operated', 'Hospital record'),
            (gen_random_uuid(), 'other', '2022', '2022-01-01', '2022-12-31', 'Zahle', $3, NULL, ARRAY[$4::uuid], 'Hidden', 'Of a hidden person', 'x'),
            (gen_random_uuid(), 'festival', '2020', '2020-08-15', '2020-08-15', 'Zahle', NULL, NULL, ARRAY[$4::uuid], 'Feast', 'Assumption', NULL),
            (gen_random_uuid(), 'death', '1980', '1980-01-01', '1980-12-31', 'Zahle', $5, NULL, ARRAY[$4::uuid], 'Death', 'At home', 'Register') RETURNING id`,
    [ids.maya, ids.partner, ids.secret, zahle, ids.dead],
  );
  events.push(...ev.map((e) => e.id));
  const [reg]: { id: string }[] = await server.ds.query(
    `INSERT INTO registries (id, type, village_id, title) VALUES (gen_random_uuid(), 'emigrant', $1, 'Emigrants') RETURNING id`,
    [zahle],
  );
  const en: { id: string }[] = await server.ds.query(
    `INSERT INTO registry_entries (id, registry_id, person_id, destination_country, departure_year, notes, sources)
     VALUES (gen_random_uuid(), $1, $2, 'BR', 2012, 'A quarrel', 'Passport'), (gen_random_uuid(), $1, $3, 'AU', 2013, 'x', 'y'), (gen_random_uuid(), $1, $4, 'BR', 1950, 'Came back', 'Ship list') RETURNING id`,
    [reg.id, ids.maya, ids.secret, ids.dead],
  );
  entries.push(...en.map((e) => e.id));
  for (const id of [ids.maya, ids.secret, ids.dead, ids.rami]) {
    await server.ds.query(
      `INSERT INTO audit_logs (id, table_name, record_id, user_id, action, before, after) SELECT $3, 'people', $1::text, $2, 'create', NULL, to_jsonb(p) - 'living_until' FROM people p WHERE p.id = $1::uuid`,
      [id, owner.id, newId()],
    );
  }
  // The hidden person of another village merged into Elie: the merge entry carries their name.
  const merged = await server.gql(
    `mutation ($k: ID!, $m: ID!) { mergePeople(keepId: $k, mergeId: $m) { id } }`,
    { k: gid("Person", ids.partner), m: gid("Person", ids.gone) },
    { token: owner.token },
  );
  if (merged.errors) throw new Error(JSON.stringify(merged.errors));
}

const P = (k: keyof typeof ids) => gid("Person", ids[k]);

/** Each path and the calls it is queried with; `parts`: what its arguments compare on. */
function cases(): Record<string, { call: string; parts?: (keyof Hidden)[]; only?: string; adminCall?: string }[]> {
  // Everyone but the person merged away (NOT_FOUND for all, admins too).
  const people = (Object.keys(ids) as (keyof typeof ids)[]).filter((k) => k !== "gone");
  const q = (s: string) => JSON.stringify(s);
  return {
    "Query.person": people.map((k) => ({ call: `person(id: ${q(P(k))})` })),
    // The admin has no record of their own: full access to the relative's is person(id).
    "Query.viewerPerson": [{ call: "viewerPerson", adminCall: `person(id: ${q(P("rami"))})` }],
    "Query.node": [
      ...people.map((k) => ({ call: `node(id: ${q(P(k))})`, only: "Person" })),
      ...events.map((e) => ({ call: `node(id: ${q(gid("Event", e))})`, only: "Event" })),
      ...entries.map((e) => ({ call: `node(id: ${q(gid("RegistryEntry", e))})`, only: "RegistryEntry" })),
    ],
    "Query.nodes": [{ call: `nodes(ids: ${JSON.stringify(people.map(P))})`, only: "Person" }],
    "Query.people": [
      { call: "people(first: 100)" },
      { call: `people(first: 100, villageId: ${q(gid("Village", zahle))})` },
      { call: `people(first: 100, search: "Maya")`, parts: ["all"] },
      { call: `people(first: 100, search: "Gone Hidden")`, parts: ["all"] },
      { call: "people(first: 100, bornFrom: 1985, bornTo: 1995)", parts: ["dates"] },
    ],
    "Query.ancestors": [{ call: `ancestors(personId: ${q(P("rami"))}, generations: 3)` }],
    "Query.descendants": [{ call: `descendants(personId: ${q(P("dead"))}, generations: 3)` }],
    "Query.relationship": [
      { call: `relationship(a: ${q(P("rami"))}, b: ${q(P("partner"))})` },
      { call: `relationship(a: ${q(P("rami"))}, b: ${q(P("dead"))})` },
    ],
    "Query.duplicateSuggestions": [{ call: `duplicateSuggestions(input: { fullName: "Maya Living", birthYear: 1990 })`, parts: ["dates"] }],
    "Query.event": events.map((e) => ({ call: `event(id: ${q(gid("Event", e))})` })),
    "Query.events": [
      { call: `events(first: 100, villageId: ${q(gid("Village", zahle))})` },
      ...people.map((k) => ({ call: `events(first: 100, personId: ${q(P(k))})` })),
    ],
    "Query.registryByCountry": [{ call: `registryByCountry(villageId: ${q(gid("Village", zahle))})` }],
    "Query.auditLog": people.map((k) => ({ call: `auditLog(table: PEOPLE, recordId: ${q(P(k))}, first: 100)` })),
    "Query.reviewQueue": [{ call: "reviewQueue(first: 100)" }],
    "Village.events": [{ call: `village(slug: ${q(slug)}) { events SEL }` }],
    "Village.festivals": [{ call: `village(slug: ${q(slug)}) { festivals SEL }` }],
    "Village.registrySummary": [{ call: `village(slug: ${q(slug)}) { registrySummary SEL }` }],
    "Registry.entries": [{ call: `registries(villageId: ${q(gid("Village", zahle))}) { entries SEL }` }],
  };
}

/**
 * Paths not queried here, and why: mutations write (their answers are shaped by the same
 * presenters as the queries above, and curator-access.test.ts, people.test.ts and events.test.ts
 * run them); an import's records are its importer's own (import-own-rows.test.ts); a member's
 * roots are their own, with people shaped by personNodes like every list (member-roots.test.ts); so is
 * where their tree opens, shaped by presentPerson (tree-start.test.ts).
 */
const NOT_QUERIED = new Set([
  ...Object.keys(POLICY_PATHS).filter((p) => p.startsWith("Mutation.")),
  "Query.importRecords",
  "Query.importWarnings",
  "Query.myRoots",
  "Query.treeStart",
]);

describe("every path, for each viewer", () => {
  beforeAll(async () => {
    server = await startTestServer({
      GRAPHQL_MAX_COST: "1000000",
      GRAPHQL_MAX_DEPTH: "30",
      GRAPHQL_MAX_TOKENS: "100000",
      GRAPHQL_COST_PER_MINUTE: "100000000",
      // The partner apps walk every path too: their hourly budget is off here (partners-budgets.test.ts tests it).
      PARTNER_POINTS_PER_HOUR: "0",
    });
    await seed();
  });
  afterAll(() => server.stop());

  it("a person's columns in history are all in the table", async () => {
    const bookkeeping = new Set([
      "id",
      "rootspace_id",
      "key_latin",
      "key_arabic",
      "key_skeleton",
      "living_until",
      "kin_until",
      "created_at",
      "updated_at",
    ]);
    const columns: { c: string }[] = await server.ds.query(
      `SELECT column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'people'`,
    );
    expect(columns.map((r) => r.c).filter((c) => !bookkeeping.has(c) && !(c in POLICY_AUDIT_COLUMNS))).toEqual([]);
  });

  it("shows each viewer what the table says, counts included", async () => {
    const all = cases();
    expect(Object.keys(POLICY_PATHS).filter((p) => !all[p] && !NOT_QUERIED.has(p))).toEqual([]);
    const problems: string[] = [];
    const byGid = new Map(Object.entries(ids).map(([k, id]) => [gid("Person", id), k as keyof typeof ids]));
    for (const [path, list] of Object.entries(all)) {
      const [container, field] = path.split(".");
      const f = (schema.getType(container) as GraphQLObjectType).getFields()[field];
      for (const { call, parts, only, adminCall } of list) {
        const sel = selection(schema, getNamedType(f.type), 3, only);
        const text = call.includes("SEL") ? `{ root: ${call.replace("SEL", sel)} }` : `{ root: ${call} ${sel} }`;
        const admin = await server.gql(adminCall ? `{ root: ${adminCall} ${sel} }` : text, {}, { token: users.admin!.token });
        if (admin.errors) problems.push(`${path} ${call} admin: ${JSON.stringify(admin.errors).slice(0, 200)}`);
        for (const viewer of VIEWERS) {
          const res = await server.gql(text, {}, { token: tokenOf(viewer) });
          for (const e of res.errors ?? []) {
            if (!["NOT_FOUND", "FORBIDDEN", "UNAUTHENTICATED"].includes(String(e.extensions?.code)))
              problems.push(`${path} ${call} ${viewer}: ${JSON.stringify(e).slice(0, 200)}`);
          }
          const ctx = {
            hiddenOf: (g: string) =>
              byGid.has(g) ? hiddenParts(accessOf(byGid.get(g)!, viewer), { showBirthDate: false, showLocation: false }) : undefined,
            noneFor: (g: string) => byGid.has(g) && accessOf(byGid.get(g)!, viewer) === "none",
            argParts: parts ?? [],
          };
          problems.push(...check(`${path} ${call} ${viewer}`, res.data, admin.data, ctx));
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
