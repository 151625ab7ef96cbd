/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { TRUSTED_AFTER_ACCEPTED } from "../../server/src/modules/rootpedia/revision.service.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * An edit that empties an article, or removes more than half of it, needs a summary (refused in
 * the member's language without one, nothing saved) and waits for review whoever wrote it: a
 * curator's or a trusted member's edit is otherwise accepted at once. A reviewer bringing back a
 * shorter revision decides, and it stands.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let otherCurator: BuiltUser;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  village = await buildVillage(server, "Zahle");
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  otherCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  await assignCurator(server.ds, curator.id, [village.raw]);
  await assignCurator(server.ds, otherCurator.id, [village.raw]);
  member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
});
afterAll(() => server.stop());

const TEXT = ["Zahle lies at the foot of Mount Sannine.", "The Berdawni river runs through it.", "Its cafés line the river."].join("\n\n");

const create = async (title: string, content = TEXT) => {
  const res = await server.gql<any>(
    `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
    { input: { summary: "", villageSlug: village.slug, language: "en", title, content } },
    { token: curator.token },
  );
  return res.data.createRootpediaArticle as { id: string; baseRevisionId: string };
};
const EDIT = `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id status } }`;
const edit = (token: string, id: string, input: Record<string, unknown>, language = "en") =>
  server.gql<any>(EDIT, { id, input: { summary: "", ...input } }, { token, language });
const stable = async (id: string) =>
  (await server.gql<any>(`query ($id: ID!) { rootpediaArticle(id: $id) { baseRevisionId stable { content } pending { id } } }`, { id }))
    .data.rootpediaArticle;
const count = async () => (await server.ds.query(`SELECT count(*)::int AS n FROM rootpedia_revisions`))[0].n as number;

describe("an edit that removes most of an article", () => {
  it("is refused without a summary, in the editor's language, with nothing saved", async () => {
    const a = await create("Rivers");
    const before = await count();
    for (const [content, language, words] of [
      ["", "fr", /retire l'essentiel.*résumé/],
      ["Zahle lies at the foot of Mount Sannine.", "ar", /يحذف هذا التعديل معظم المقالة.*الملخّص/],
      ["   \n\n  ", "en", /removes most of the article.*summary/],
    ] as const) {
      const res = await edit(curator.token, a.id, { title: "Rivers", content, baseRevisionId: a.baseRevisionId }, language);
      expect(res.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", key: "rootpedia.removal_needs_summary" });
      expect(res.errors?.[0].extensions?.fields).toEqual([expect.objectContaining({ field: "summary" })]);
      expect(res.errors?.[0].message).toMatch(words);
    }
    expect(await count()).toBe(before);
    expect((await stable(a.id)).stable.content).toBe(TEXT);
  });

  it("waits for review with a summary, even a curator's; readers keep the whole article until a reviewer accepts", async () => {
    const a = await create("Cafés");
    const res = await edit(curator.token, a.id, {
      title: "Cafés",
      content: "",
      summary: "Copied from a guide book",
      baseRevisionId: a.baseRevisionId,
    });
    expect(res.data.editRootpediaArticle.status).toBe("PENDING");
    const now = await stable(a.id);
    expect(now.stable.content).toBe(TEXT);
    expect(now.pending.id).toBe(res.data.editRootpediaArticle.id);
    const review = await server.gql<any>(
      `mutation ($id: ID!) { reviewRootpediaRevision(id: $id, accept: true) { status } }`,
      { id: res.data.editRootpediaArticle.id },
      { token: otherCurator.token },
    );
    expect(review.data.reviewRootpediaRevision.status).toBe("ACCEPTED");
    expect((await stable(a.id)).stable.content).toBe("");
  });

  it("waits for review from a trusted member too, while a smaller cut of theirs is accepted at once", async () => {
    const trusted = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
    // A member becomes trusted in the village by edits a reviewer accepted.
    for (let i = 0; i < TRUSTED_AFTER_ACCEPTED; i++) {
      const a = await create(`Trust ${i}`);
      const mine = await edit(trusted.token, a.id, {
        title: `Trust ${i}`,
        content: `${TEXT}\n\nMore ${i}.`,
        baseRevisionId: a.baseRevisionId,
      });
      await server.gql(
        `mutation ($id: ID!) { reviewRootpediaRevision(id: $id, accept: true) { status } }`,
        { id: mine.data.editRootpediaArticle.id },
        { token: curator.token },
      );
    }
    const a = await create("Bridges");
    const small = await edit(trusted.token, a.id, {
      title: "Bridges",
      content: TEXT.replace("\n\nIts cafés line the river.", ""),
      baseRevisionId: a.baseRevisionId,
    });
    expect(small.data.editRootpediaArticle.status).toBe("ACCEPTED");
    const base = (await stable(a.id)).baseRevisionId;
    const large = await edit(trusted.token, a.id, {
      title: "Bridges",
      content: "The Berdawni river.",
      summary: "Kept what the sources say",
      baseRevisionId: base,
    });
    expect(large.data.editRootpediaArticle.status).toBe("PENDING");
    // An untrusted member's removal waits as any of their edits.
    const other = await edit(member.token, a.id, {
      title: "Bridges",
      content: "",
      summary: "Vandalism?",
      baseRevisionId: large.data.editRootpediaArticle.id,
    });
    expect(other.data.editRootpediaArticle.status).toBe("PENDING");
  });

  it("stands at once when a reviewer brings back a much shorter revision", async () => {
    const a = await create("Mills", "The mill.");
    const longer = await edit(curator.token, a.id, { title: "Mills", content: TEXT, baseRevisionId: a.baseRevisionId });
    expect(longer.data.editRootpediaArticle.status).toBe("ACCEPTED");
    const reverted = await server.gql<any>(
      `mutation ($id: ID!) { revertRootpediaRevision(id: $id) { status content } }`,
      { id: a.baseRevisionId },
      { token: curator.token },
    );
    expect(reverted.data.revertRootpediaRevision).toEqual({ status: "ACCEPTED", content: "The mill." });
  });
});
