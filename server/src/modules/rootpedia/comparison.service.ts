import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { resolver } from "./article.service.js";
import type { ComparedLine, Comparison } from "./compare.js";
import { Mark } from "./diff-reading.js";
import { linkOf, type Citation } from "./markdown.js";
import { loadArticle, loadRevision } from "./revision.service.js";
import { mayRead } from "./rootpedia.policy.js";
import { compareRevisionTexts } from "./text.js";

/**
 * Two revisions of one article side by side (compare.ts), for a reader who may read both: a title
 * changed comes first as a heading; links lead where this reader may follow them (a citation of a
 * record they may not see, or an address an article may not hold, has none). Pictures show as
 * their captions, so a comparison fetches no picture.
 */
export async function compareRevisions(ctx: Context, fromId: string, toId: string): Promise<Comparison> {
  const [from, to] = await Promise.all([loadRevision(ctx, fromId), loadRevision(ctx, toId)]);
  if (from.article_id !== to.article_id) throw notFound();
  const article = await loadArticle(ctx, from.article_id);
  if (!mayRead(ctx.principal, article, from) || !mayRead(ctx.principal, article, to)) throw notFound();
  return compareVersions(ctx, from, to, article.language);
}

/**
 * Two versions of a text side by side, as the history compares revisions (a proposal against the
 * revision it was written on, or against nothing for a new article). The caller checked the
 * reader may read both.
 */
export async function compareVersions(
  ctx: Context,
  from: { title: string; content: string },
  to: { title: string; content: string },
  language: string,
): Promise<Comparison> {
  const [title, text] = await Promise.all([
    from.title === to.title ? null : compareRevisionTexts(ctx.config, from.title ? `# ${from.title}` : "", `# ${to.title}`, language),
    compareRevisionTexts(ctx.config, from.content, to.content, language),
  ]);
  const rows = [...(title?.rows.filter((r) => r.kind !== "skipped") ?? []), ...text.rows];
  return { rows: await withLinks(ctx, rows), coarse: Boolean(title?.coarse) || text.coarse };
}

/** The rows with each link's address for this reader. New objects: the rows may be the work pool's cached ones. */
async function withLinks(ctx: Context, rows: Comparison["rows"]): Promise<Comparison["rows"]> {
  const targets = new Map<string, Citation | string | null>();
  for (const r of rows)
    for (const l of [...r.before, ...r.after])
      for (const s of l.spans) if (s.href !== null && s.marks & Mark.LINK && !targets.has(s.href)) targets.set(s.href, linkOf(s.href));
  const citations = [...targets.values()].filter((t): t is Citation => typeof t === "object" && t !== null);
  const resolve = citations.length ? await resolver(ctx, citations) : () => null;
  const hrefOf = (href: string | null, marks: number): string | null => {
    if (href === null || !(marks & Mark.LINK)) return null;
    const t = targets.get(href);
    return typeof t === "string" ? t : t ? resolve(t) : null;
  };
  const lines = (ls: ComparedLine[]) => ls.map((l) => ({ ...l, spans: l.spans.map((s) => ({ ...s, href: hrefOf(s.href, s.marks) })) }));
  return rows.map((r) => ({ ...r, before: lines(r.before), after: lines(r.after) }));
}
