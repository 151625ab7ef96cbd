/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { portraitWithGps, processAll, uploadMedia } from "../support/media.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Rootpedia through GraphQL: a village's encyclopedia starts from its data, members edit, readers
 * see the reviewed version while an edit waits, the village's curators review, revert and hide,
 * edits on a stale base merge or conflict, bad input changes nothing, search works in any script,
 * watchers are told, translations know when they are out of date.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let other: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let elsewhereCurator: BuiltUser;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer({ STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-rootpedia-")) });
  village = await buildVillage(server, "Zahle");
  other = await buildVillage(server, "Ehden");
  await server.ds.query(`UPDATE villages SET name_ar = 'زحلة' WHERE id = $1`, [village.raw]);
  await server.ds.query(
    `INSERT INTO assets (id, type, village_id, name, name_ar) VALUES (gen_random_uuid(), 'church', $1, 'Saint Elias Church', 'كنيسة مار الياس')`,
    [village.raw],
  );
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  await assignCurator(server.ds, curator.id, [village.raw]);
  elsewhereCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  await assignCurator(server.ds, elsewhereCurator.id, [other.raw]);
  member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
});
afterAll(() => server.stop());

const ARTICLE = `id title language isOutline baseRevisionId html watching viewerCan { edit review }
  stable { id status title content } pending { id status content }`;
const articles = async (token?: string, slug = village.slug) =>
  (
    await server.gql<{ rootpediaArticles: any[] }>(
      `query ($s: String!) { rootpediaArticles(villageSlug: $s) { ${ARTICLE} } }`,
      { s: slug },
      { token },
    )
  ).data!.rootpediaArticles;
const article = async (id: string, token?: string) =>
  (await server.gql<{ rootpediaArticle: any }>(`query ($id: ID!) { rootpediaArticle(id: $id) { ${ARTICLE} } }`, { id }, { token })).data!
    .rootpediaArticle;
const EDIT = `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id status } }`;
const edit = (token: string | undefined, id: string, input: Record<string, unknown>, language = "en") =>
  server.gql<{ editRootpediaArticle: { id: string; status: string } }>(EDIT, { id, input: { summary: "", ...input } }, { token, language });
const create = (token: string, input: Record<string, unknown>) =>
  server.gql<{ createRootpediaArticle: any }>(
    `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { ${ARTICLE} } }`,
    { input: { summary: "", villageSlug: village.slug, ...input } },
    { token },
  );
const count = async () => (await server.ds.query(`SELECT count(*)::int AS n FROM rootpedia_revisions`))[0].n as number;

describe("a village's encyclopedia", () => {
  it("starts with an outline made from the village's data in three languages, with nothing invented", async () => {
    const list = await articles();
    expect(list.map((a) => a.language).sort()).toEqual(["ar", "en", "fr"]);
    expect(list.every((a) => a.isOutline && a.stable.status === "ACCEPTED")).toBe(true);
    const ar = list.find((a) => a.language === "ar");
    expect(ar.title).toBe("زحلة");
    expect(ar.stable.content).toContain("كنيسة مار الياس");
    expect(ar.stable.content).toContain(`roots:village/${village.slug}`);
    expect(list.find((a) => a.language === "en").stable.content).toContain("Saint Elias Church");
    // Opened twice: still one outline.
    expect(await articles()).toHaveLength(3);
  });

  it("is edited by members; readers keep the reviewed version while an edit waits; the village's curator accepts it", async () => {
    const en = (await articles()).find((a) => a.language === "en");
    expect((await edit(undefined, en.id, { title: en.title, content: "Vandal" })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const res = await edit(member.token, en.id, {
      title: en.title,
      content: `${en.stable.content}\n\nZahle lies at the foot of Mount Sannine.`,
      baseRevisionId: en.baseRevisionId,
    });
    expect(res.data!.editRootpediaArticle.status).toBe("PENDING");
    const visitor = await article(en.id);
    expect(visitor.stable.content).not.toContain("Sannine");
    expect(visitor.pending).toMatchObject({ status: "PENDING", content: null });
    expect((await article(en.id, member.token)).pending.content).toContain("Sannine");

    const REVIEW = `mutation ($id: ID!, $a: Boolean!) { reviewRootpediaRevision(id: $id, accept: $a) { status } }`;
    const pendingId = res.data!.editRootpediaArticle.id;
    for (const token of [member.token, elsewhereCurator.token]) {
      const refused = await server.gql(REVIEW, { id: pendingId, a: true }, { token });
      expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    expect((await server.gql(REVIEW, { id: pendingId, a: true }, { token: curator.token })).data).toEqual({
      reviewRootpediaRevision: { status: "ACCEPTED" },
    });
    const after = await article(en.id);
    expect(after.stable.content).toContain("Sannine");
    expect(after.pending).toBeNull();
    expect(after.html).toContain("Mount Sannine");
  });

  it("accepts a curator's edit at once", async () => {
    const fr = (await articles()).find((a) => a.language === "fr");
    const res = await edit(curator.token, fr.id, {
      title: "Zahlé",
      content: `Zahlé, la fiancée de la Békaa.\n\n${fr.stable.content}`,
      baseRevisionId: fr.baseRevisionId,
    });
    expect(res.data!.editRootpediaArticle.status).toBe("ACCEPTED");
    expect((await article(fr.id)).stable.content).toMatch(/^Zahlé, la fiancée de la Békaa\./);
  });
});

describe("edits on a stale base", () => {
  it("are merged when they touch other lines, and refused with EDIT_CONFLICT when they touch the same ones", async () => {
    const made = await create(curator.token, { language: "en", title: "Festivals", content: "Line one.\nLine two.\nLine three.\n" });
    const a = made.data!.createRootpediaArticle;
    const base = a.baseRevisionId;
    await edit(curator.token, a.id, { title: "Festivals", content: "Line one, changed.\nLine two.\nLine three.\n", baseRevisionId: base });
    const merged = await edit(curator.token, a.id, {
      title: "Festivals",
      content: "Line one.\nLine two.\nLine three, too.\n",
      baseRevisionId: base,
    });
    expect(merged.errors).toBeUndefined();
    expect((await article(a.id)).stable.content).toBe("Line one, changed.\nLine two.\nLine three, too.\n");
    const before = await count();
    const conflict = await edit(
      curator.token,
      a.id,
      { title: "Festivals", content: "Line one, mine.\nLine two.\nLine three.\n", baseRevisionId: base },
      "ar",
    );
    expect(conflict.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(conflict.errors?.[0].message).toMatch(/[\u0600-\u06FF]/);
    expect(await count()).toBe(before);
  });
});

describe("two tabs edit the same line", () => {
  const CONFLICT = `query ($id: ID!, $b: ID!) { rootpediaArticle(id: $id) { baseRevisionId
    editConflict(baseRevisionId: $b) { base { id content } latest { id status content } } } }`;
  const conflictOf = async (id: string, b: string, token: string) =>
    (await server.gql<{ rootpediaArticle: any }>(CONFLICT, { id, b }, { token })).data!.rootpediaArticle;

  it("refuses the stale save every time, shows the base and the other change, and keeps both once resolved on the new base", async () => {
    const a = (await create(curator.token, { language: "en", title: "Bridges", content: "The old bridge.\nThe river.\n" })).data!
      .createRootpediaArticle;
    const base = a.baseRevisionId;
    // Nothing to resolve while the base is the newest.
    expect((await conflictOf(a.id, base, curator.token)).editConflict).toBeNull();
    // Tab one saves.
    const first = await edit(curator.token, a.id, {
      title: "Bridges",
      content: "The old stone bridge.\nThe river.\n",
      baseRevisionId: base,
    });
    expect(first.data!.editRootpediaArticle.status).toBe("ACCEPTED");
    // Tab two, on the same line, is refused; and refused again on the second click.
    const before = await count();
    const mine = { title: "Bridges", content: "The old Roman bridge.\nThe river.\n", baseRevisionId: base };
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await edit(curator.token, a.id, mine)).errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(await count()).toBe(before);
    // The editor gets the base and the other change, and the revision to save the resolution on.
    const c = (await conflictOf(a.id, base, curator.token)).editConflict;
    expect(c.base).toEqual({ id: base, content: "The old bridge.\nThe river.\n" });
    expect(c.latest).toMatchObject({ id: first.data!.editRootpediaArticle.id, content: "The old stone bridge.\nThe river.\n" });
    // Resolved against the new base: both changes are kept.
    const resolved = await edit(curator.token, a.id, {
      title: "Bridges",
      content: "The old Roman stone bridge.\nThe river.\n",
      baseRevisionId: c.latest.id,
    });
    expect(resolved.errors).toBeUndefined();
    expect((await article(a.id)).stable.content).toBe("The old Roman stone bridge.\nThe river.\n");
  });

  it("does not show a member someone else's edit waiting for review, nor a base from another article", async () => {
    const a = (await create(curator.token, { language: "en", title: "Wells", content: "The well.\n" })).data!.createRootpediaArticle;
    const base = a.baseRevisionId;
    const waiting = await edit(member.token, a.id, { title: "Wells", content: "The deep well.\n", baseRevisionId: base });
    expect(waiting.data!.editRootpediaArticle.status).toBe("PENDING");
    const other = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
    const c = (await conflictOf(a.id, base, other.token)).editConflict;
    expect(c.base.content).toBe("The well.\n");
    expect(c.latest).toMatchObject({ status: "PENDING", content: null });
    expect((await conflictOf(a.id, base, curator.token)).editConflict.latest.content).toBe("The deep well.\n");
    const elsewhere = (await create(curator.token, { language: "en", title: "Mills", content: "The mill.\n" })).data!
      .createRootpediaArticle;
    const res = await server.gql(CONFLICT, { id: a.id, b: elsewhere.baseRevisionId }, { token: other.token });
    expect(res.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});

describe("bad input changes nothing", () => {
  let id: string;
  let base: string;
  beforeAll(async () => {
    const en = (await articles()).find((a) => a.language === "en");
    id = en.id;
    base = en.baseRevisionId;
  });
  const refusals: [string, () => Promise<string>, string][] = [
    ["a script", async () => "Hello <script>alert(1)</script>", "rootpedia.raw_html"],
    ["an event handler", async () => 'A picture: <img src="x" onerror="alert(1)">', "rootpedia.raw_html"],
    ["a javascript: link", async () => "[Click me](javascript:alert(document.cookie))", "rootpedia.bad_link"],
    ["an oversized article", async () => "word ".repeat(50_000), "rootpedia.too_long"],
    [
      "a citation of a living person",
      async () =>
        `Cited.[^1]\n\n[^1]: [Rania](roots:person/${await buildPerson(server, member, { fullName: "Rania Haddad", birthDate: "1990" })})`,
      "rootpedia.citation_living",
    ],
  ];
  it.each(refusals)("%s", async (_name, content, key) => {
    const before = await count();
    const res = await edit(member.token, id, { title: "Zahle", content: await content(), baseRevisionId: base }, "fr");
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].extensions?.key).toBe(key);
    // In the member's language (French here).
    expect(res.errors?.[0].message).toMatch(/[éèàç]|ne peut|n'est/);
    expect(await count()).toBe(before);
  });

  it("a citation of a person who has died is kept and linked", async () => {
    const dead = await buildPerson(server, member, { fullName: "Youssef Maalouf", birthDate: "1850", deathDate: "1920" });
    const now = await article(id);
    const res = await edit(curator.token, id, {
      title: "Zahle",
      content: `${now.stable.content}\n\nYoussef.[^1]\n\n[^1]: [Youssef Maalouf](roots:person/${dead})`,
      baseRevisionId: now.baseRevisionId,
    });
    expect(res.errors).toBeUndefined();
    expect((await article(id)).html).toContain(`href="/person/${dead}"`);
  });
});

describe("history", () => {
  it("diffs two revisions word by word; a curator hides vandalism (kept in the audit trail) and reverts", async () => {
    const made = (await create(curator.token, { language: "ar", title: "الهجرة", content: "هاجر كثيرون إلى البرازيل سنة ١٨٩٥." })).data!
      .createRootpediaArticle;
    const bad = await edit(
      member.token,
      made.id,
      { title: "الهجرة", content: "هاجر كثيرون إلى الأرجنتين سنة ١٨٩٥.", baseRevisionId: made.baseRevisionId },
      "ar",
    );
    const HISTORY = `query ($id: ID!) { rootpediaArticle(id: $id) { history { id status hidden content } } }`;
    const history = (await server.gql<any>(HISTORY, { id: made.id }, { token: curator.token })).data.rootpediaArticle.history;
    expect(history).toHaveLength(2);
    const diff = await server.gql<any>(
      `query ($a: ID!, $b: ID!) { rootpediaDiff(fromId: $a, toId: $b) { kind text moved } }`,
      { a: history[1].id, b: history[0].id },
      { token: curator.token },
    );
    expect(diff.data.rootpediaDiff.filter((p: any) => p.kind !== "SAME").map((p: any) => [p.kind, p.text])).toEqual([
      ["REMOVED", "البرازيل"],
      ["ADDED", "الأرجنتين"],
    ]);
    // A visitor may not read the pending text, nor diff it.
    expect(
      (
        await server.gql(`query ($a: ID!, $b: ID!) { rootpediaDiff(fromId: $a, toId: $b) { kind } }`, {
          a: history[1].id,
          b: history[0].id,
        })
      ).errors?.[0].extensions?.code,
    ).toBe("NOT_FOUND");

    const hidden = await server.gql<any>(
      `mutation ($id: ID!) { hideRootpediaRevision(id: $id, reason: "تخريب") { hidden } }`,
      { id: bad.data!.editRootpediaArticle.id },
      { token: curator.token },
    );
    expect(hidden.data).toEqual({ hideRootpediaRevision: { hidden: true } });
    const listed = (await server.gql<any>(HISTORY, { id: made.id }, { token: member.token })).data.rootpediaArticle.history;
    expect(listed[0]).toMatchObject({ hidden: true, content: null });
    const trail = await server.ds.query(`SELECT action FROM audit_logs WHERE record_id = $1`, [
      fromGlobalId(bad.data!.editRootpediaArticle.id)!.id,
    ]);
    expect(trail.map((t: any) => t.action)).toContain("hide");

    const reverted = await server.gql<any>(
      `mutation ($id: ID!) { revertRootpediaRevision(id: $id) { status content } }`,
      { id: history[1].id },
      { token: curator.token },
    );
    expect(reverted.data.revertRootpediaRevision).toMatchObject({ status: "ACCEPTED", content: "هاجر كثيرون إلى البرازيل سنة ١٨٩٥." });
    const refused = await server.gql(
      `mutation ($id: ID!) { revertRootpediaRevision(id: $id) { status } }`,
      { id: history[1].id },
      { token: member.token },
    );
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

describe("hiding", () => {
  it("is refused on the outline Roots wrote from the village's data, with the reason in the reviewer's language", async () => {
    const ar = (await articles()).find((a) => a.language === "ar");
    const HISTORY = `query ($id: ID!) { rootpediaArticle(id: $id) { history { id author hidden } } }`;
    const history = (await server.gql<any>(HISTORY, { id: ar.id }, { token: curator.token })).data.rootpediaArticle.history;
    const outline = history.find((r: any) => r.author === null);
    const res = await server.gql<any>(
      `mutation ($id: ID!) { hideRootpediaRevision(id: $id, reason: "vandalism") { hidden } }`,
      { id: outline.id },
      { token: curator.token, language: "fr" },
    );
    expect(res.errors?.[0].extensions?.key).toBe("rootpedia.hide_outline");
    expect(res.errors?.[0].message).toContain("ne peut pas être masqué");
    const after = (await server.gql<any>(HISTORY, { id: ar.id }, { token: curator.token })).data.rootpediaArticle.history;
    expect(after.find((r: any) => r.id === outline.id).hidden).toBe(false);
  });
});

describe("search, watching and translations", () => {
  it("finds articles in any script and spelling, with the words marked", async () => {
    await create(curator.token, { language: "ar", title: "عائلة الخوري", content: "عائلة الخوري من أقدم عائلات زحلة." });
    const SEARCH = `query ($q: String!) { rootpediaSearch(query: $q) { article { title } snippet { text match } } }`;
    const hits = (await server.gql<any>(SEARCH, { q: "خوري" })).data.rootpediaSearch;
    expect(hits.map((h: any) => h.article.title)).toContain("عائلة الخوري");
    const hit = hits.find((h: any) => h.article.title === "عائلة الخوري");
    expect(hit.snippet.filter((s: any) => s.match).map((s: any) => s.text)).toContain("الخوري");
    expect((await server.gql<any>(SEARCH, { q: "MAALOUF" })).data.rootpediaSearch.length).toBeGreaterThan(0);
  });

  it("tells watchers of a change, in their language; flags a translation out of date with the changed paragraphs", async () => {
    const made = (await create(curator.token, { language: "en", title: "Landmarks", content: "The church.\n\nThe bridge.\n" })).data!
      .createRootpediaArticle;
    const fr = (
      await create(curator.token, { language: "fr", title: "Lieux", content: "L'église.\n\nLe pont.\n", translationOfId: made.id })
    ).data!.createRootpediaArticle;
    expect(
      (await server.gql(`mutation ($id: ID!) { watchRootpedia(on: true, articleId: $id) }`, { id: fr.id }, { token: member.token })).data,
    ).toEqual({ watchRootpedia: true });
    await edit(curator.token, made.id, {
      title: "Landmarks",
      content: "The church.\n\nThe old stone bridge.\n\nThe mill.\n",
      baseRevisionId: made.baseRevisionId,
    });
    const out = (await server.gql<any>(`query ($id: ID!) { rootpediaArticle(id: $id) { outOfDate { language changed } } }`, { id: fr.id }))
      .data.rootpediaArticle.outOfDate;
    expect(out).toEqual([{ language: "en", changed: ["The old stone bridge.", "The mill."] }]);
    await edit(curator.token, fr.id, { title: "Lieux", content: "L'église.\n\nLe vieux pont.\n", baseRevisionId: fr.baseRevisionId });
    const n = await server.gql<any>(
      `{ notifications(first: 5) { edges { node { title } } } }`,
      {},
      { token: member.token, language: "fr" },
    );
    expect(n.data.notifications.edges.map((e: any) => e.node.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Lieux.*a une nouvelle version/)]),
    );
  });
});

describe("reviewers and the editor", () => {
  it("list the edits waiting in the villages they review, and only those", async () => {
    const made = (await create(curator.token, { language: "en", title: "Emigration", content: "Many left for Brazil." })).data!
      .createRootpediaArticle;
    const waiting = await edit(member.token, made.id, {
      title: "Emigration",
      content: "Many left for Brazil and Argentina.",
      baseRevisionId: made.baseRevisionId,
    });
    const QUEUE = `{ rootpediaReviewQueue { id article { title } } }`;
    const mine = (await server.gql<any>(QUEUE, {}, { token: curator.token })).data.rootpediaReviewQueue;
    expect(mine.map((r: any) => r.id)).toContain(waiting.data!.editRootpediaArticle.id);
    expect((await server.gql<any>(QUEUE, {}, { token: elsewhereCurator.token })).data.rootpediaReviewQueue).toEqual([]);
    expect((await server.gql<any>(QUEUE, {}, { token: member.token })).data.rootpediaReviewQueue).toEqual([]);
    expect((await server.gql(QUEUE)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("previews Markdown with the same checks as a save", async () => {
    const PREVIEW = `query ($c: String!) { rootpediaPreview(content: $c) }`;
    const token = member.token;
    expect((await server.gql<any>(PREVIEW, { c: "**زحلة**" }, { token })).data.rootpediaPreview).toContain("<strong>زحلة</strong>");
    expect((await server.gql(PREVIEW, { c: "<iframe src=x>" }, { token })).errors?.[0].extensions?.key).toBe("rootpedia.raw_html");
  });

  it("shows pictures from the media library that the reader may see", async () => {
    const up = await uploadMedia(server, curator.token, village.id, "photo", portraitWithGps());
    expect(up.status).toBe(201);
    await processAll(server);
    const made = (await create(curator.token, { language: "en", title: "Square", content: `![The square](roots:media/${up.body.id})` }))
      .data!.createRootpediaArticle;
    expect((await article(made.id)).html).toMatch(
      /<img src="\/media\/[0-9a-f]{64}\/w\d+\.webp\?e=\d+&#x26;x=v&#x26;m=[0-9a-f-]{36}&#x26;s=[^"]+" alt="The square">/,
    );
    // A picture the reader may not see (waiting for review) is not shown.
    const hidden = await uploadMedia(
      server,
      member.token,
      village.id,
      "photo",
      await (await import("sharp")).default(portraitWithGps()).rotate().jpeg().toBuffer(),
    );
    await processAll(server);
    const other = (await create(curator.token, { language: "en", title: "Square 2", content: `![Later](roots:media/${hidden.body.id})` }))
      .data!.createRootpediaArticle;
    expect((await article(other.id)).html).not.toContain("/media/");
  });
});
