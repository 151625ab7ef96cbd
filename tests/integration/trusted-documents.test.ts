// Trusted documents (issue 40) in production mode: with NODE_ENV=production, GRAPHQL_TRUSTED_DOCUMENTS
// is on by default, and a request without a partner app token runs only an operation of the client
// build, named by the sha256 hash codegen gave it (client/src/gql/persisted-documents.json) — over
// HTTP (the fast path and Express) and over the WebSocket. A document sent whole, introspection and
// an unknown hash are refused with a translated PERSISTED_QUERY_NOT_FOUND; nothing is learnt from a
// request. Pages the server renders run their queries in-process and are not held to it.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Client } from "graphql-ws";
import { Role } from "../../server/src/common/auth/roles.js";
import { loadConfig } from "../../server/src/config.js";
import { PERSISTED_DOCUMENTS_JSON } from "../../server/src/app/trusted-documents.js";
import { buildUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { approvedApp, tokenRequest } from "../support/partners.js";
import { fakeClientDist } from "../support/fake-client-dist.js";
import { startTestServer, type TestServer } from "../support/server.js";

const manifest = JSON.parse(readFileSync(PERSISTED_DOCUMENTS_JSON, "utf8")) as Record<string, string>;
/** The hash (hex) and text of the client's operation `name`. */
function operation(name: string): { hash: string; text: string } {
  const found = Object.entries(manifest).find(([, text]) => new RegExp(`(^|\\} )(query|mutation|subscription) ${name}\\b`).test(text));
  if (!found) throw new Error(`no operation ${name} in the manifest`);
  return { hash: found[0].replace(/^sha256:/, ""), text: found[1] };
}
const UNKNOWN = "0".repeat(64);
const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

// A small stand-in for the client's server renderer, asking a query no client operation has.
const RENDERER = `
export async function renderPage(url, lang, execute) {
  const slug = decodeURIComponent(url.split("/")[2].split("?")[0]);
  const { data, errors } = await execute({ query: "query V($slug: String!) { village(slug: $slug) { name } }", variables: { slug }, operationName: "V" }, lang);
  if (errors) throw new Error(errors.map((e) => e.message).join("; "));
  return { html: "<h1>" + data.village.name + "</h1>", title: data.village.name, notFound: false, member: false, data: { rootspace: "lebanon", cache: data } };
}
`;

let server: TestServer;
let dist: string;
let remove: () => void;
let base: string;
beforeAll(async () => {
  ({ dist, remove } = fakeClientDist(RENDERER));
  server = await startTestServer({ NODE_ENV: "production", CLIENT_DIST: dist });
  base = server.url.replace(/\/graphql$/, "");
});
afterAll(async () => {
  await server?.stop();
  remove();
});

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
}
/** POSTs `body` to the fast path (/graphql) and through Express (/graphql?via=express); both must agree. */
async function post(body: object, headers: Record<string, string> = {}): Promise<Answer> {
  const send = async (path: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en", ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Answer["body"] & { extensions?: { cost?: { remaining?: number } } };
    // An app's answers say what is left of its hour: each of the two requests spends, so that differs.
    if (answer.extensions?.cost) delete answer.extensions.cost.remaining;
    return { status: res.status, body: answer };
  };
  const direct = await send("/graphql");
  const viaExpress = await send("/graphql?via=express");
  expect(viaExpress).toEqual(direct);
  return direct;
}
const refusedIn = (answer: Answer, message: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body.data).toBeUndefined();
  expect(answer.body.errors).toEqual([
    { message, extensions: { code: "PERSISTED_QUERY_NOT_FOUND", key: "errors.persisted_query_not_found" } },
  ]);
};
const REFUSED_EN =
  "This request is not one of the application's known operations. Reload the page; partner applications send their operations with an app token.";

describe("trusted documents over HTTP, in production", () => {
  it("are on by default in production only", () => {
    expect(loadConfig({ NODE_ENV: "production" }).GRAPHQL_TRUSTED_DOCUMENTS).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).GRAPHQL_TRUSTED_DOCUMENTS).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).GRAPHQL_TRUSTED_DOCUMENTS).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", GRAPHQL_TRUSTED_DOCUMENTS: "false" }).GRAPHQL_TRUSTED_DOCUMENTS).toBe(false);
  });

  it("run a known hash as its document, with the __typename fields Apollo Client's cache needs", async () => {
    const villages = operation("Villages");
    const answer = await post({ operationName: "Villages", variables: { first: 2 }, extensions: persisted(villages.hash) });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toMatchObject({ villages: { __typename: "VillageConnection" } });
    // The hash as codegen writes it ("sha256:…") is known too.
    const prefixed = await post({ operationName: "Villages", variables: { first: 2 }, extensions: persisted(`sha256:${villages.hash}`) });
    expect(prefixed.body).toEqual(answer.body);
  });

  it("run a known mutation by its hash, as the member the token names", async () => {
    const member = await buildUser(server.ds);
    const signOut = operation("SignOut");
    const answer = await post(
      { operationName: "SignOut", extensions: persisted(signOut.hash) },
      { authorization: `Bearer ${member.token}` },
    );
    expect(answer.body).toEqual({ data: { signOut: true } });
  });

  it("refuse a document sent whole, even one of the client's own, in the reader's language", async () => {
    const villages = operation("Villages");
    refusedIn(await post({ query: villages.text, variables: { first: 2 } }), REFUSED_EN);
    refusedIn(
      await post({ query: villages.text }, { "x-roots-language": "fr" }),
      "Cette requête ne fait pas partie des opérations connues de l'application. Rechargez la page ; les applications partenaires envoient leurs opérations avec un jeton d'application.",
    );
    refusedIn(
      await post({ query: "{ __typename }" }, { "x-roots-language": "ar" }),
      "هذا الطلب ليس من عمليات التطبيق المعروفة. أعد تحميل الصفحة؛ تطبيقات الشركاء ترسل عملياتها برمز تطبيق.",
    );
  });

  it("refuse a signed-in member's document too (only a partner app's token may send one)", async () => {
    const admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
    refusedIn(await post({ query: "{ viewer { id } }" }, { authorization: `Bearer ${admin.token}` }), REFUSED_EN);
  });

  it("refuse introspection", async () => {
    refusedIn(await post({ query: "{ __schema { types { name } } }" }), REFUSED_EN);
    refusedIn(await post({ query: '{ __type(name: "Query") { name } }' }), REFUSED_EN);
  });

  it("refuse an unknown hash, and learn none from a request that sends its document with it", async () => {
    refusedIn(await post({ extensions: persisted(UNKNOWN) }), REFUSED_EN);
    const text = "query Learn { __typename }";
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(text).digest("hex");
    refusedIn(await post({ query: text, extensions: persisted(hash) }), REFUSED_EN);
    refusedIn(await post({ extensions: persisted(hash) }), REFUSED_EN);
  });

  it("refuse a GET", async () => {
    const res = await fetch(`${base}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { "apollo-require-preflight": "true", "accept-language": "en" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer["body"]).errors?.[0]?.extensions?.code).toBe("PERSISTED_QUERY_NOT_FOUND");
  });

  it("leave the pages the server renders alone: their queries run in-process", async () => {
    const village = await buildVillage(server, "Zahle");
    const res = await fetch(`${base}/libanpedia/${village.slug}`, { headers: { accept: "text/html", "accept-language": "en" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<h1>Zahle</h1>");
  });
});

describe("trusted documents over the WebSocket, in production", () => {
  /** The first thing a subscription gets: its first result, or its errors. */
  function first(client: Client, payload: { query: string; extensions?: Record<string, unknown>; variables?: Record<string, unknown> }) {
    return new Promise<{ data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }>((resolve) => {
      client.subscribe(payload, {
        next: (value) => resolve(value as { data?: unknown }),
        error: (errors) => resolve({ errors: errors as { message: string; extensions?: { code?: string } }[] }),
        complete: () => undefined,
      });
    });
  }

  it("run a subscription named by its known hash (an empty query), and deliver its events", async () => {
    const client = server.ws({ language: "en" });
    const updated = operation("RootspaceUpdated");
    const event = first(client, { query: "", variables: { slug: "lebanon" }, extensions: persisted(updated.hash) });
    // graphql-ws acknowledges subscriptions asynchronously; give the server a moment to register it.
    await new Promise((r) => setTimeout(r, 300));
    // A change of the rootspace, as updateRootspace publishes it.
    const [row] = (await server.ds.query(`SELECT id FROM rootspaces WHERE slug = 'lebanon'`)) as { id: string }[];
    await server.ds.query(`UPDATE rootspaces SET name_fr = 'Liban (de confiance)' WHERE id = $1`, [row.id]);
    await server.bus.publish("ROOTSPACE_UPDATED", { id: row.id, slug: "lebanon" });
    expect(await event).toMatchObject({
      data: { rootspaceUpdated: { __typename: "Rootspace", slug: "lebanon", nameFr: "Liban (de confiance)" } },
    });
    await client.dispose();
  });

  it("refuse a subscription sent whole, introspection and an unknown hash, in the connection's language", async () => {
    const client = server.ws({ language: "fr" });
    const updated = operation("RootspaceUpdated");
    const refused = {
      errors: [
        {
          message:
            "Cette requête ne fait pas partie des opérations connues de l'application. Rechargez la page ; les applications partenaires envoient leurs opérations avec un jeton d'application.",
          extensions: { code: "PERSISTED_QUERY_NOT_FOUND", key: "errors.persisted_query_not_found" },
        },
      ],
    };
    expect(await first(client, { query: updated.text, variables: { slug: "lebanon" } })).toEqual(refused);
    expect(await first(client, { query: "subscription { __typename }" })).toEqual(refused);
    expect(await first(client, { query: "", extensions: persisted(UNKNOWN) })).toEqual(refused);
    expect(await first(client, { query: updated.text, extensions: persisted(UNKNOWN) })).toEqual(refused);
    await client.dispose();
  });
});

describe("a partner app's token, in production", () => {
  let token: string;
  beforeAll(async () => {
    // The app is registered and approved as the site's pages would (a server on the same database
    // without trusted documents: this test's raw mutations stand in for the portal's operations).
    const helper = await startTestServer({}, { shareDatabaseWith: server });
    try {
      const [developer, moderator] = await Promise.all([buildUser(server.ds), buildUser(server.ds, { roles: [{ role: Role.MODERATOR }] })]);
      const app = await approvedApp(helper, developer, moderator, { scopes: ["public:read"] });
      const t = await tokenRequest(server, app, { grant_type: "client_credentials", scope: "public:read" });
      token = t.body.access_token as string;
      expect(token).toBeTruthy();
    } finally {
      await helper.stop();
    }
  });

  it("may send a document whole and introspect the schema, over HTTP", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const villages = await post({ query: "{ villages(first: 1) { edges { node { id } } } }" }, auth);
    expect(villages.body.errors).toBeUndefined();
    expect(villages.body.data).toMatchObject({ villages: { edges: expect.any(Array) } });
    const schema = await post({ query: '{ __type(name: "Query") { name } }' }, auth);
    expect(schema.body.data).toEqual({ __type: { name: "Query" } });
    // An unknown hash alone is still unknown: nothing to run.
    expect((await post({ extensions: persisted(UNKNOWN) }, auth)).body.errors?.[0]?.extensions?.code).toBe("PERSISTED_QUERY_NOT_FOUND");
  });

  it("may send a subscription whole over the WebSocket (it then meets the apps' own rules, not this one)", async () => {
    const client = server.ws({ token, language: "en" });
    const outcome = await new Promise<{ errors?: { extensions?: { code?: string; key?: string } }[] }>((resolve) => {
      client.subscribe(
        { query: `subscription { rootspaceUpdated(slug: "lebanon") { slug } }` },
        { next: (v) => resolve(v as object), error: (errors) => resolve({ errors: errors as [] }), complete: () => undefined },
      );
    });
    // No subscription is open to apps yet: refused by the scope rules (FORBIDDEN), past the trusted documents.
    expect(outcome.errors?.[0]?.extensions).toEqual({ code: "FORBIDDEN", key: "partners.errors.closed_to_apps" });
    await client.dispose();
  });
});
