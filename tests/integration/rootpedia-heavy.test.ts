/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { parse } from "graphql";
import { Role } from "../../server/src/common/auth/roles.js";
import { createEventBus } from "../../server/src/common/event-bus.js";
import { buildRootsSchema } from "../../server/src/app/schema.js";
import { CostCalculator } from "../../server/src/app/cost.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { randomWords } from "../support/text.js";

/**
 * Rootpedia's heavy text work never holds the server: previews are for members, counted and
 * limited in size; Markdown that parses in quadratic time, and revisions too different to compare
 * word by word, are worked in worker threads with a time limit and answered with a fallback,
 * while /health and other requests are served; the cost model prices these fields by their text.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let curator: BuiltUser;

beforeAll(async () => {
  server = await startTestServer({ TEXT_WORK_TIMEOUT_MS: "4000", TEXT_WORK_THREADS: "1", ROOTPEDIA_PREVIEWS_PER_MINUTE: "3" });
  village = await buildVillage(server, "Bcharre");
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  await assignCurator(server.ds, curator.id, [village.raw]);
});
afterAll(() => server.stop());

const PREVIEW = `query ($c: String!) { rootpediaPreview(content: $c) }`;
const member = () => buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });

/** Markdown whose parsing grows with the square of its length (unmatched emphasis), within the size limit. */
const WORST_MARKDOWN = "*a".repeat(49_000);

const create = (token: string, title: string, content: string) =>
  server.gql<any>(
    `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
    { input: { summary: "", villageSlug: village.slug, language: "en", title, content } },
    { token },
  );
const edit = (token: string, id: string, base: string, content: string) =>
  server.gql<any>(
    `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id status } }`,
    { id, input: { title: "Long", summary: "", content, baseRevisionId: base } },
    { token },
  );

describe("the editor's preview", () => {
  it("is refused to visitors, and counted for members", async () => {
    expect((await server.gql(PREVIEW, { c: "**Bcharre**" })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const m = await member();
    for (let i = 0; i < 3; i++)
      expect((await server.gql<any>(PREVIEW, { c: `**${i}**` }, { token: m.token })).data.rootpediaPreview).toContain("<strong>");
    const fourth = await server.gql(PREVIEW, { c: "**3**" }, { token: m.token, language: "ar" });
    expect(fourth.errors?.[0].extensions?.code).toBe("RATE_LIMITED");
    // Another member is not held back by the first one's count.
    expect((await server.gql<any>(PREVIEW, { c: "*x*" }, { token: (await member()).token })).data.rootpediaPreview).toContain("<em>x</em>");
  });

  it("refuses a text over the article limit (100,000 characters) with a translated reason", async () => {
    const res = await server.gql(PREVIEW, { c: "a".repeat(100_001) }, { token: (await member()).token, language: "ar" });
    expect(res.errors?.[0].extensions?.key).toBe("rootpedia.too_long");
    expect(res.errors?.[0].message).toContain("طويلة");
  });

  it("refuses remote images, on a save as in a preview; only the media library's pictures are allowed", async () => {
    const m = await member();
    for (const c of [
      "![x](https://tracker.example/p.png)",
      "![x][r]\n\n[r]: https://tracker.example/p.png",
      "![x](//tracker.example/p.png)",
    ]) {
      const res = await server.gql(PREVIEW, { c }, { token: m.token, language: "fr" });
      expect(res.errors?.[0].extensions?.key).toBe("rootpedia.remote_image");
      expect(res.errors?.[0].message).toContain("médiathèque");
    }
    const saved = await create(curator.token, "Pictures", "![x](https://tracker.example/p.png)");
    expect(saved.errors?.[0].extensions?.key).toBe("rootpedia.remote_image");
    expect(
      (await server.gql<any>(PREVIEW, { c: "[a link](https://example.org) and ![x](roots:media/abc)" }, { token: (await member()).token }))
        .errors,
    ).toBeUndefined();
  });
});

describe("worst-case text", () => {
  it("is worked off the event loop: /health answers while worst-case previews run, and they are refused as too complex", async () => {
    const finished: string[] = [];
    const heavy = await Promise.all([member(), member()]).then((ms) =>
      ms.map((m) =>
        server.gql(PREVIEW, { c: WORST_MARKDOWN }, { token: m.token }).then((res) => {
          finished.push("preview");
          return res;
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const health = await fetch(`${server.url}/health`, { headers: { accept: "application/json" } });
    finished.push("health");
    expect(health.status).toBe(200);
    for (const res of await Promise.all(heavy)) expect(res.errors?.[0].extensions?.key).toBe("rootpedia.too_complex");
    // Before the work moved to worker threads, /health waited for the previews (minutes, at 198 kB).
    expect(finished[0]).toBe("health");
  }, 60_000);

  it("compares revisions too different for a word diff by whole paragraphs, marked coarse", async () => {
    const a = randomWords(60_000, 1);
    const b = randomWords(60_000, 2);
    const created = await create(curator.token, "Long", a);
    expect(created.errors).toBeUndefined();
    const made = created.data.createRootpediaArticle;
    const second = (await edit(curator.token, made.id, made.baseRevisionId, b)).data.editRootpediaArticle;
    const diff = await server.gql<any>(`query ($from: ID!, $to: ID!) { rootpediaDiff(fromId: $from, toId: $to) { kind text coarse } }`, {
      from: made.baseRevisionId,
      to: second.id,
    });
    const parts = diff.data.rootpediaDiff;
    expect(parts.some((p: any) => p.coarse)).toBe(true);
    // Nothing is lost: the parts rebuild both texts.
    expect(
      parts
        .filter((p: any) => p.kind !== "ADDED")
        .map((p: any) => p.text)
        .join(""),
    ).toBe(a);
    expect(
      parts
        .filter((p: any) => p.kind !== "REMOVED")
        .map((p: any) => p.text)
        .join(""),
    ).toBe(b);
    // Side by side too: within the same caps, nothing lost.
    const side = await server.gql<any>(
      `query ($from: ID!, $to: ID!) { rootpediaComparison(fromId: $from, toId: $to) { coarse rows { before { spans { text } } after { spans { text } } } } }`,
      { from: made.baseRevisionId, to: second.id },
    );
    expect(side.data.rootpediaComparison.coarse).toBe(true);
    const text = (lines: any[]) => lines.map((l: any) => l.spans.map((s: any) => s.text).join("")).join("\n\n");
    expect(side.data.rootpediaComparison.rows.map((r: any) => text(r.before)).join("")).toBe(a);
    expect(side.data.rootpediaComparison.rows.map((r: any) => text(r.after)).join("")).toBe(b);
    // A small change of the same article is still compared word by word.
    const third = (await edit(curator.token, made.id, second.id, `${b} tail`)).data.editRootpediaArticle;
    const small = await server.gql<any>(`query ($from: ID!, $to: ID!) { rootpediaDiff(fromId: $from, toId: $to) { kind text coarse } }`, {
      from: second.id,
      to: third.id,
    });
    expect(small.data.rootpediaDiff.some((p: any) => p.coarse)).toBe(false);
    expect(small.data.rootpediaDiff.filter((p: any) => p.kind === "ADDED").map((p: any) => p.text.trim())).toEqual(["tail"]);
  }, 60_000);
});

describe("the cost model", () => {
  it("prices a preview by its text and a diff by the longest texts it may compare, so aliases cannot multiply them", async () => {
    const calc = new CostCalculator(await buildRootsSchema(createEventBus()), 100_000);
    const cost = (q: string, variables: Record<string, unknown> = {}) => calc.cost(parse(q), undefined, variables).cost;
    const small = cost(PREVIEW, { c: "x".repeat(100) });
    const large = cost(PREVIEW, { c: "x".repeat(90_000) });
    expect(large).toBeGreaterThanOrEqual(900);
    expect(large - small).toBeGreaterThanOrEqual(890);
    const diffs = Array.from({ length: 15 }, (_, i) => `d${i}: rootpediaDiff(fromId: "a", toId: "b") { text }`).join(" ");
    expect(cost(`{ ${diffs} }`)).toBeGreaterThan(10_000);

    const m = await member();
    const previews = Array.from({ length: 15 }, (_, i) => `p${i}: rootpediaPreview(content: $c)`).join(" ");
    const res = await server.gql(`query ($c: String!) { ${previews} }`, { c: "x".repeat(90_000) }, { token: m.token });
    expect(res.errors?.[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    const refused = await server.gql(`{ ${diffs} }`);
    expect(refused.errors?.[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});

describe("a pending revision", () => {
  it("shows its content hash only to those who may read its text", async () => {
    const made = (await create(curator.token, "Hash", "First version.")).data.createRootpediaArticle;
    const author = await member();
    const pending = (await edit(author.token, made.id, made.baseRevisionId, "Second version.")).data.editRootpediaArticle;
    expect(pending.status).toBe("PENDING");
    const HISTORY = `query ($id: ID!) { rootpediaArticle(id: $id) { history { id status contentHash } } }`;
    const seen = async (token?: string) =>
      Object.fromEntries(
        (await server.gql<any>(HISTORY, { id: made.id }, { token })).data.rootpediaArticle.history.map((r: any) => [
          r.status,
          r.contentHash,
        ]),
      );
    expect(await seen()).toEqual({ ACCEPTED: expect.stringMatching(/^[0-9a-f]{64}$/), PENDING: null });
    expect((await seen((await member()).token)).PENDING).toBeNull();
    expect((await seen(author.token)).PENDING).toMatch(/^[0-9a-f]{64}$/);
    expect((await seen(curator.token)).PENDING).toMatch(/^[0-9a-f]{64}$/);
  });
});
