import { OpenToApps } from "../../common/auth/app-scope.js";
import { Arg, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { toGlobalId } from "../../common/global-id.js";
import { listSize } from "../../common/pagination.js";
import { Village } from "../genealogy/index.js";
import { viewerCan } from "../../common/auth/policy.js";
import { articlePolicy, mayRead } from "./rootpedia.policy.js";
import * as articles from "./article.service.js";
import { compareRevisions } from "./comparison.service.js";
import { ComparisonView, comparisonView } from "./comparison.types.js";
import {
  ArticleView,
  DiffPartView,
  diffPartViews,
  EditConflictView,
  EditInputView,
  HeadingView,
  NewArticleInput,
  OutOfDateView,
  RevisionView,
  RootpediaViewerCan,
  SearchHitView,
} from "./rootpedia.types.js";
import * as revisions from "./revision.service.js";
import { charCount } from "./words.js";

/**
 * A render is priced as a fifth of the longest article: it is cached by content, and every
 * stored text was checked within the time limit when it was saved (a diff or a preview is
 * priced in full).
 */
const TYPICAL_ARTICLE = 0.2;

const revisionView = async (ctx: Context, r: revisions.RevisionRow) =>
  new RevisionView(r, mayRead(ctx.principal, await revisions.loadArticle(ctx, r.article_id), r));

@Resolver(() => ArticleView)
export class RootpediaResolver {
  @OpenToApps("public:read")
  @Query(() => [ArticleView], {
    description: "A village's encyclopedia: its articles in every language (an outline made from its data the first time).",
  })
  async rootpediaArticles(@Arg("villageSlug", () => String) slug: string, @Ctx() ctx: Context): Promise<ArticleView[]> {
    const village = await articles.villageBySlug(ctx, slug);
    return (await articles.articlesOf(ctx, village)).map((a) => new ArticleView(a));
  }

  @OpenToApps("public:read")
  @Query(() => ArticleView, { description: "An article by id." })
  async rootpediaArticle(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ArticleView> {
    const row = await revisions.loadArticle(ctx, revisions.rawIdOf(id, "RootpediaArticle"));
    // An outline opened by its address follows the village's recorded history too.
    if (row.kind === "outline" && (await articles.refreshOutlines(ctx, row.village_id)))
      return new ArticleView(await revisions.loadArticle(ctx, row.id));
    return new ArticleView(row);
  }

  @Extensions({ storedTexts: 2 })
  @Query(() => [DiffPartView], {
    description: "Word-level difference between two revisions of an article (paragraphs moved shown as moved).",
  })
  async rootpediaDiff(
    @Arg("fromId", () => ID) from: string,
    @Arg("toId", () => ID) to: string,
    @Ctx() ctx: Context,
  ): Promise<DiffPartView[]> {
    const parts = await articles.diffRevisions(
      ctx,
      revisions.rawIdOf(from, "RootpediaRevision"),
      revisions.rawIdOf(to, "RootpediaRevision"),
    );
    return diffPartViews(parts);
  }

  @Extensions({ storedTexts: 2 })
  @Query(() => ComparisonView, {
    description:
      "Two revisions of an article side by side, as Markdown reads (headings, links, bold): unchanged paragraphs collapsed around one of context, changed words marked, a sentence mostly rewritten shown whole, moved paragraphs paired.",
  })
  async rootpediaComparison(
    @Arg("fromId", () => ID) from: string,
    @Arg("toId", () => ID) to: string,
    @Ctx() ctx: Context,
  ): Promise<ComparisonView> {
    return comparisonView(
      await compareRevisions(ctx, revisions.rawIdOf(from, "RootpediaRevision"), revisions.rawIdOf(to, "RootpediaRevision")),
    );
  }

  @Query(() => [SearchHitView], {
    description: "Articles whose stable version holds the words, in any script or spelling, with the matches marked.",
  })
  async rootpediaSearch(
    @Arg("query", () => String) query: string,
    @Arg("villageSlug", () => String, { nullable: true }) slug: string | null,
    @Arg("first", () => Int, { defaultValue: 20, description: "1 to 50." }) first: number,
    @Ctx() ctx: Context,
  ): Promise<SearchHitView[]> {
    const village = slug ? await articles.villageBySlug(ctx, slug) : null;
    const hits = await articles.search(ctx, query.slice(0, 200), village?.id ?? null, listSize(first, "first", 50, 1));
    return hits.map((h) => Object.assign(new SearchHitView(), { article: new ArticleView(h.article), snippet: h.snippet }));
  }

  @RequireRoles()
  @Query(() => [RevisionView], {
    description: "Edits waiting for review in the villages the viewer reviews (all of them for editors and admins), oldest first.",
  })
  async rootpediaReviewQueue(@Arg("first", () => Int, { defaultValue: 50, description: "1 to 200." }) first: number, @Ctx() ctx: Context) {
    return (await articles.reviewQueue(ctx, listSize(first, "first", 200, 1))).map((r) => new RevisionView(r, true));
  }

  @RequireRoles()
  @Extensions({ costFromText: ["content"] })
  @Query(() => String, {
    description: `Markdown as an article shows it (safe HTML), checked as a save checks it: the editor's preview. Members only, a few a minute; priced by the text's length.`,
  })
  async rootpediaPreview(
    @Arg("content", () => String) content: string,
    @Arg("language", () => String, { nullable: true, description: "The article's language (ar, en or fr); the reader's by default." })
    language: string | null,
    @Ctx() ctx: Context,
  ): Promise<string> {
    await articles.countPreview(ctx);
    await revisions.checkEdit(ctx, { title: "-", content, summary: "", baseRevisionId: null });
    return articles.render(ctx, content, language ? revisions.articleLanguage(language) : ctx.language);
  }

  @FieldResolver(() => Village)
  async village(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<Village> {
    const [v] = await ctx.ds.getRepository(Village).findBy({ id: a.row.village_id });
    return v;
  }

  @FieldResolver(() => RevisionView, { nullable: true, description: "What readers see: the last reviewed revision." })
  async stable(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<RevisionView | null> {
    return a.row.stable_revision_id ? revisionView(ctx, await revisions.loadRevision(ctx, a.row.stable_revision_id)) : null;
  }

  @FieldResolver(() => RevisionView, {
    nullable: true,
    description: "The newest revision, when it waits for review (its text for its author and the reviewers).",
  })
  async pending(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<RevisionView | null> {
    if (!a.row.latest_revision_id || a.row.latest_revision_id === a.row.stable_revision_id) return null;
    return revisionView(ctx, await revisions.loadRevision(ctx, a.row.latest_revision_id));
  }

  @FieldResolver(() => ID, { nullable: true, description: "The revision an edit builds on (give it back as `baseRevisionId`)." })
  baseRevisionId(@Root() a: ArticleView): string | null {
    return a.row.latest_revision_id ? toGlobalId("RootpediaRevision", a.row.latest_revision_id) : null;
  }

  @FieldResolver(() => EditConflictView, {
    nullable: true,
    description:
      "For an edit made on `baseRevisionId`: the base and the newest revision to resolve against; null when the base is the newest.",
  })
  async editConflict(
    @Root() a: ArticleView,
    @Arg("baseRevisionId", () => ID) baseId: string,
    @Ctx() ctx: Context,
  ): Promise<EditConflictView | null> {
    const c = await revisions.editConflict(ctx, a.row, revisions.rawIdOf(baseId, "RootpediaRevision"));
    return (
      c &&
      Object.assign(new EditConflictView(), { base: new RevisionView(c.base, true), latest: new RevisionView(c.latest, c.latestReadable) })
    );
  }

  @FieldResolver(() => [RevisionView], {
    description: "Every revision, newest first (hidden ones stay listed, their text for reviewers only).",
  })
  async history(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<RevisionView[]> {
    return (await articles.historyOf(ctx, a.row.id)).map((r) => new RevisionView(r, mayRead(ctx.principal, a.row, r)));
  }

  @FieldResolver(() => [ArticleView], { description: "The article's other language versions." })
  async translations(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<ArticleView[]> {
    const rows: revisions.ArticleRow[] = await ctx.ds.query(
      `SELECT * FROM rootpedia_articles WHERE translation_group = $1 AND id <> $2 ORDER BY language`,
      [a.row.translation_group, a.row.id],
    );
    return rows.map((r) => new ArticleView(r));
  }

  @Extensions({ storedTexts: 4 })
  @FieldResolver(() => [OutOfDateView], {
    description: "Language versions that changed since this one last followed them, with their changed paragraphs.",
  })
  async outOfDate(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<OutOfDateView[]> {
    return (await articles.outOfDate(ctx, a.row)).map((o) =>
      Object.assign(new OutOfDateView(), { ...o, articleId: toGlobalId("RootpediaArticle", o.articleId) }),
    );
  }

  @Extensions({ storedTexts: TYPICAL_ARTICLE })
  @FieldResolver(() => String, { nullable: true, description: "The stable version as safe HTML (citations linked for this reader)." })
  async html(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<string | null> {
    if (!a.row.stable_revision_id) return null;
    const r = await revisions.loadRevision(ctx, a.row.stable_revision_id);
    return articles.render(ctx, r.content, a.row.language);
  }

  @Extensions({ storedTexts: TYPICAL_ARTICLE })
  @FieldResolver(() => [HeadingView], {
    description: "The stable version's headings in order, each with its anchor in `html`: the table of contents.",
  })
  async contents(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<HeadingView[]> {
    if (!a.row.stable_revision_id) return [];
    const r = await revisions.loadRevision(ctx, a.row.stable_revision_id);
    return (await articles.rendered(ctx, r.content, a.row.language)).headings;
  }

  @FieldResolver(() => Boolean)
  watching(@Root() a: ArticleView, @Ctx() ctx: Context): Promise<boolean> {
    return articles.watching(ctx, { articleId: a.row.id });
  }

  @FieldResolver(() => RootpediaViewerCan)
  viewerCan(@Root() a: ArticleView, @Ctx() ctx: Context): RootpediaViewerCan {
    return viewerCan(articlePolicy, ctx.principal, a.row);
  }

  @RequireRoles()
  @Mutation(() => ArticleView, { description: "Writes a new article, or a language version of one (`translationOfId`)." })
  async createRootpediaArticle(@Arg("input", () => NewArticleInput) input: NewArticleInput, @Ctx() ctx: Context): Promise<ArticleView> {
    const village = await articles.villageBySlug(ctx, input.villageSlug);
    const source = input.translationOfId
      ? await revisions.loadArticle(ctx, revisions.rawIdOf(input.translationOfId, "RootpediaArticle"))
      : null;
    const { article } = await articles.createArticle(
      ctx,
      village,
      revisions.articleLanguage(input.language),
      { ...input, baseRevisionId: null },
      source,
    );
    return new ArticleView(article);
  }

  @RequireRoles()
  @Mutation(() => RevisionView, {
    description:
      "Saves an edit as a new revision: merged when the article changed elsewhere meanwhile, EDIT_CONFLICT when on the same lines.",
  })
  async editRootpediaArticle(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => EditInputView) input: EditInputView,
    @Ctx() ctx: Context,
  ): Promise<RevisionView> {
    const article = await revisions.loadArticle(ctx, revisions.rawIdOf(id, "RootpediaArticle"));
    const base = input.baseRevisionId ? revisions.rawIdOf(input.baseRevisionId, "RootpediaRevision") : null;
    return new RevisionView(await revisions.saveRevision(ctx, article, { ...input, baseRevisionId: base }), true);
  }

  @RequireRoles()
  @Mutation(() => RevisionView, {
    description: "Accepts (the new stable version) or rejects an edit waiting for review (the village's curators, editors, admins).",
  })
  async reviewRootpediaRevision(@Arg("id", () => ID) id: string, @Arg("accept", () => Boolean) accept: boolean, @Ctx() ctx: Context) {
    return new RevisionView(await revisions.review(ctx, revisions.rawIdOf(id, "RootpediaRevision"), accept), true);
  }

  @RequireRoles()
  @Mutation(() => RevisionView, { description: "Brings an earlier revision's text back as a new revision (reviewers)." })
  async revertRootpediaRevision(@Arg("id", () => ID) id: string, @Ctx() ctx: Context) {
    return new RevisionView(await revisions.revert(ctx, revisions.rawIdOf(id, "RootpediaRevision")), true);
  }

  @RequireRoles()
  @Mutation(() => RevisionView, {
    description: "Hides a revision's text (vandalism); it stays in the history and the audit trail (reviewers).",
  })
  async hideRootpediaRevision(@Arg("id", () => ID) id: string, @Arg("reason", () => String) reason: string, @Ctx() ctx: Context) {
    return new RevisionView(await revisions.hide(ctx, revisions.rawIdOf(id, "RootpediaRevision"), reason), true);
  }

  @RequireRoles()
  @Mutation(() => Boolean, {
    description: "Starts or stops watching an article (`articleId`) or a village's whole encyclopedia (`villageSlug`).",
  })
  async watchRootpedia(
    @Arg("on", () => Boolean) on: boolean,
    @Arg("articleId", () => ID, { nullable: true }) articleId: string | null,
    @Arg("villageSlug", () => String, { nullable: true }) slug: string | null,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    if (articleId)
      return articles.setWatch(
        ctx,
        { articleId: (await revisions.loadArticle(ctx, revisions.rawIdOf(articleId, "RootpediaArticle"))).id },
        on,
      );
    if (slug) return articles.setWatch(ctx, { villageId: (await articles.villageBySlug(ctx, slug)).id }, on);
    throw notFound();
  }
}

@Resolver(() => RevisionView)
export class RootpediaRevisionResolver {
  @FieldResolver(() => ArticleView)
  async article(@Root() r: RevisionView, @Ctx() ctx: Context): Promise<ArticleView> {
    return new ArticleView(await revisions.loadArticle(ctx, r.row.article_id));
  }

  @Extensions({ storedTexts: TYPICAL_ARTICLE })
  @FieldResolver(() => String, { nullable: true, description: "The revision as safe HTML; null when the viewer may not read it." })
  async html(@Root() r: RevisionView, @Ctx() ctx: Context): Promise<string | null> {
    return r.readable ? articles.render(ctx, r.row.content, (await revisions.loadArticle(ctx, r.row.article_id)).language) : null;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description:
      "Characters added (positive) or removed (negative) since the revision it was made on (its whole size for the first); null when the viewer may not read it.",
  })
  async sizeChange(@Root() r: RevisionView, @Ctx() ctx: Context): Promise<number | null> {
    if (!r.readable) return null;
    const size = r.row.size ?? charCount(r.row.content);
    if (!r.row.parent_id) return size;
    // The history measured the parent already; a revision shown alone (an edit waiting) reads its parent.
    const parent =
      r.row.parent_size !== undefined ? r.row.parent_size : charCount((await revisions.loadRevision(ctx, r.row.parent_id)).content);
    return size - (parent ?? 0);
  }

  @FieldResolver(() => String, { nullable: true, description: "Why a curator hid it (reviewers only)." })
  async hiddenReason(@Root() r: RevisionView, @Ctx() ctx: Context): Promise<string | null> {
    const a = await revisions.loadArticle(ctx, r.row.article_id);
    return articlePolicy.can(ctx.principal, "review", a) ? r.row.hidden_reason : null;
  }
}
