/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Rootpedia as readers and reviewers read it, through GraphQL: two revisions side by side (context
 * collapsed, Markdown read, links for this reader), the history's size changes, an article's
 * table of contents and notes, and the outline that starts from the village's recorded history.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  village = await buildVillage(server, "Zahle");
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  await assignCurator(server.ds, curator.id, [village.raw]);
  member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
});
afterAll(() => server.stop());

const create = async (token: string, language: string, title: string, content: string) => {
  const res = await server.gql<any>(
    `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
    { input: { summary: "", villageSlug: village.slug, language, title, content } },
    { token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createRootpediaArticle as { id: string; baseRevisionId: string };
};
const edit = async (token: string, id: string, base: string, title: string, content: string, summary = "") =>
  (
    await server.gql<any>(
      `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id status } }`,
      { id, input: { title, content, summary, baseRevisionId: base } },
      { token },
    )
  ).data.editRootpediaArticle as { id: string; status: string };

const COMPARISON = `query ($a: ID!, $b: ID!) { rootpediaComparison(fromId: $a, toId: $b) { coarse
  rows { kind moveId skipped before { type level spans { text change marks href } } after { type level spans { text change marks href } } } } }`;
/** A side's words as they read, with [-removed] and [+added]. */
const words = (lines: any[]) =>
  lines
    .map((l: any) => l.spans.map((s: any) => (s.change === "SAME" ? s.text : `[${s.change === "ADDED" ? "+" : "-"}${s.text}]`)).join(""))
    .join(" / ");

describe("two revisions side by side", () => {
  it("collapse what did not change, read the Markdown, and mark a sentence rewritten whole", async () => {
    const paragraphs = Array.from({ length: 8 }, (_, i) => `Paragraph ${i + 1} of the [village](roots:village/${village.slug}).`);
    const a = await create(curator.token, "en", "The mills", `## The mills\n\n${paragraphs.join("\n\n")}\n`);
    const rewritten = paragraphs.map((p, i) => (i === 4 ? "A new mill was raised by the river in 1925." : p));
    const b = await edit(curator.token, a.id, a.baseRevisionId, "The mills of Zahle", `## The mills\n\n${rewritten.join("\n\n")}\n`);
    const res = await server.gql<any>(COMPARISON, { a: a.baseRevisionId, b: b.id });
    expect(res.errors).toBeUndefined();
    const rows = res.data.rootpediaComparison.rows;
    expect(rows.map((r: any) => r.kind)).toEqual(["CHANGED", "SKIPPED", "SAME", "CHANGED", "SAME", "SKIPPED"]);
    // The title first, as a heading.
    expect(rows[0].after[0]).toMatchObject({ type: "HEADING", level: 1 });
    expect(words(rows[0].after)).toBe("The mills[+ of Zahle]");
    expect(rows[1].skipped).toBe(4);
    // Most of the sentence changed: whole against whole, never interleaved.
    expect(words(rows[3].before)).toBe(`[-Paragraph 5 of the ][-village][-.]`);
    expect(words(rows[3].after)).toBe("[+A new mill was raised by the river in 1925.]");
    // A link is a link, to the village's page, with no Markdown left in the words.
    const link = rows[2].before[0].spans.find((s: any) => s.marks.includes("LINK"));
    expect(link).toMatchObject({ text: "village", href: `/libanpedia/${village.slug}` });
    expect(JSON.stringify(rows)).not.toMatch(/\]\(|roots:/);
  });

  it("leads a citation of a person only where the reader may follow it, and refuses a visitor a pending edit", async () => {
    const dead = await buildPerson(server, member, { fullName: "Youssef Maalouf", birthDate: "1850", deathDate: "1920" });
    const a = await create(curator.token, "ar", "المعلوف", `عائلة المعلوف.`);
    const b = await edit(member.token, a.id, a.baseRevisionId, "المعلوف", `عائلة المعلوف، ومنها [يوسف](roots:person/${dead}).`);
    expect(b.status).toBe("PENDING");
    expect((await server.gql(COMPARISON, { a: a.baseRevisionId, b: b.id })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const res = await server.gql<any>(COMPARISON, { a: a.baseRevisionId, b: b.id }, { token: curator.token });
    const spans = res.data.rootpediaComparison.rows[0].after[0].spans;
    expect(spans.find((s: any) => s.text === "يوسف")).toMatchObject({ change: "ADDED", href: `/person/${dead}` });
  });
});

describe("the history", () => {
  it("lists each revision's size change, for the revisions the reader may read", async () => {
    const a = await create(curator.token, "fr", "Le pont", "Le vieux pont.");
    const b = await edit(curator.token, a.id, a.baseRevisionId, "Le pont", "Le vieux pont de pierre, bâti en 1890.");
    await edit(member.token, a.id, b.id, "Le pont", "Le vieux pont de pierre.");
    const HISTORY = `query ($id: ID!) { rootpediaArticle(id: $id) { history { size sizeChange status } } }`;
    const mine = (await server.gql<any>(HISTORY, { id: a.id }, { token: member.token })).data.rootpediaArticle.history;
    expect(mine.map((r: any) => [r.size, r.sizeChange])).toEqual([
      [24, -14],
      [38, 24],
      [14, 14],
    ]);
    // A visitor does not learn the size of an edit waiting for review.
    const visitor = (await server.gql<any>(HISTORY, { id: a.id })).data.rootpediaArticle.history;
    expect(visitor[0]).toMatchObject({ status: "PENDING", size: null, sizeChange: null });
    expect(visitor[1].sizeChange).toBe(24);
  });
});

describe("an article as an encyclopedia's", () => {
  it("lists its headings with their anchors, and heads its notes in its own language, their links leading somewhere", async () => {
    const a = await create(
      curator.token,
      "ar",
      "كنائس زحلة",
      "## التاريخ\n\nنص.[^1]\n\n### القرن التاسع عشر\n\nنص.\n\n## التاريخ\n\nنص آخر.\n\n[^1]: سجل الرعية.\n",
    );
    const ARTICLE = `query ($id: ID!) { rootpediaArticle(id: $id) { html contents { level text anchor } } }`;
    const { html, contents } = (await server.gql<any>(ARTICLE, { id: a.id })).data.rootpediaArticle;
    expect(contents).toEqual([
      { level: 2, text: "التاريخ", anchor: "h-التاريخ" },
      { level: 3, text: "القرن التاسع عشر", anchor: "h-القرن-التاسع-عشر" },
      { level: 2, text: "التاريخ", anchor: "h-التاريخ-2" },
    ]);
    for (const h of contents) expect(html).toContain(`id="${h.anchor}"`);
    // The notes' heading is the article's language's, and is not one of its contents.
    expect(html).toMatch(/<h2 id="footnote-label">الحواشي<\/h2>/);
    // Every footnote link leads to an element of the page.
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(html).toContain(`id="${target}"`);
  });

  it("starts its outline with the village's recorded history, as the village's page shows it", async () => {
    const v = await buildVillage(server, "Ehden");
    await server.ds.query(`UPDATE villages SET description = $2, description_fr = $3 WHERE id = $1`, [
      v.raw,
      "Ehden is a mountain town (1,500 m).\n\n1. Summer resort",
      "Ehden est une ville de montagne (1 500 m).",
    ]);
    const list = (
      await server.gql<any>(`query ($s: String!) { rootpediaArticles(villageSlug: $s) { language stable { content } } }`, { s: v.slug })
    ).data.rootpediaArticles;
    const text = (lang: string) => list.find((x: any) => x.language === lang).stable.content as string;
    expect(text("fr")).toContain("## Histoire\n\nEhden est une ville de montagne (1 500 m).");
    // No Arabic history: the English one, as the village's page shows it; nothing escaped but what must be.
    expect(text("ar")).toContain("Ehden is a mountain town (1,500 m).\n\n1\\. Summer resort");
    for (const lang of ["ar", "en", "fr"])
      expect(text(lang)).not.toMatch(/لم يُكتب شيء هنا بعد|Nothing is written here yet|Rien n'est encore écrit ici/);
  });

  it("is written even when an article came first (through the API), beside it, at a free address", async () => {
    const v = await buildVillage(server, "Kfarsghab");
    const token = (await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] })).token;
    const first = await server.gql<any>(
      `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { slug } }`,
      { input: { summary: "", villageSlug: v.slug, language: "en", title: v.slug, content: "A first article." } },
      { token },
    );
    expect(first.data.createRootpediaArticle.slug).toBe(v.slug);
    const list = (
      await server.gql<any>(`query ($s: String!) { rootpediaArticles(villageSlug: $s) { isOutline language slug } }`, { s: v.slug })
    ).data.rootpediaArticles;
    expect(list.filter((a: any) => a.isOutline).map((a: any) => [a.language, a.slug])).toEqual([
      ["ar", v.slug],
      ["en", `${v.slug}-2`],
      ["fr", v.slug],
    ]);
  });

  it("follows a history recorded after the outline was written, until someone edits it", async () => {
    const v = await buildVillage(server, "Bcharre");
    const OUTLINES = `query ($s: String!) { rootpediaArticles(villageSlug: $s) { id language stable { content author } history { id } } }`;
    const first = (await server.gql<any>(OUTLINES, { s: v.slug })).data.rootpediaArticles;
    expect(first.find((x: any) => x.language === "en").stable.content).toContain("Nothing is written here yet");
    // A member edits the French outline: it is theirs now.
    const fr = first.find((x: any) => x.language === "fr");
    const curatorHere = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
    await assignCurator(server.ds, curatorHere.id, [v.raw]);
    const ARTICLE = `query ($id: ID!) { rootpediaArticle(id: $id) { baseRevisionId stable { content } } }`;
    const frBase = (await server.gql<any>(ARTICLE, { id: fr.id })).data.rootpediaArticle.baseRevisionId;
    await edit(curatorHere.token, fr.id, frBase, "Bcharré", `${fr.stable.content}\n\nLa vallée de la Qadisha.`);
    await server.ds.query(`UPDATE villages SET description = 'Bcharre overlooks the Qadisha valley.' WHERE id = $1`, [v.raw]);
    // Opened by its address, the English outline takes the history (a revision by Roots).
    const en = first.find((x: any) => x.language === "en");
    const after = (await server.gql<any>(ARTICLE, { id: en.id })).data.rootpediaArticle;
    expect(after.stable.content).toContain("## History\n\nBcharre overlooks the Qadisha valley.");
    const again = (await server.gql<any>(OUTLINES, { s: v.slug })).data.rootpediaArticles;
    expect(again.find((x: any) => x.language === "en")).toMatchObject({ stable: { author: null }, history: [{}, {}] });
    // The edited French version is left as its editor wrote it.
    expect(again.find((x: any) => x.language === "fr").stable.content).toContain("Qadisha.");
    expect(again.find((x: any) => x.language === "fr").stable.content).not.toContain("overlooks");
  });
});
