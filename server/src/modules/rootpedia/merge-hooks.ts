import type { EntityManager } from "typeorm";
import { moveVillageUnique, referencedOutside } from "../../common/area-hooks.js";
import type { AreaHooks, MergedVillages } from "../../common/area.js";

export const ROOTPEDIA_TABLES = ["rootpedia_articles", "rootpedia_revisions", "rootpedia_watches"] as const;

/**
 * Articles of a merged-away village: the kept village keeps one outline per language, so the
 * merged-away village's generated outline goes when nobody changed it (one revision, and nothing
 * outside Rootpedia, such as a ballot's proposal, names it), and otherwise stays as an ordinary
 * article; an article whose slug the kept village already uses in that language is renamed
 * `<slug>-<old village slug>`.
 */
async function moveArticles(tx: EntityManager, { from, into }: MergedVillages): Promise<number> {
  const articles: { id: string; language: string; slug: string; kind: string; revisions: number }[] = await tx.query(
    `SELECT a.id, a.language, a.slug, a.kind, (SELECT count(*)::int FROM rootpedia_revisions r WHERE r.article_id = a.id) AS revisions
       FROM rootpedia_articles a WHERE a.village_id = $1 ORDER BY a.created_at`,
    [from.id],
  );
  const kept: { language: string; slug: string; kind: string }[] = await tx.query(
    `SELECT language, slug, kind FROM rootpedia_articles WHERE village_id = $1`,
    [into.id],
  );
  const taken = new Set(kept.map((a) => `${a.language}:${a.slug}`));
  const hasOutline = new Set(kept.filter((a) => a.kind === "outline").map((a) => a.language));
  let moved = 0;
  for (const a of articles) {
    let kind = a.kind;
    if (a.kind === "outline" && hasOutline.has(a.language)) {
      if (a.revisions <= 1 && !(await referencedOutside(tx, "rootpedia_articles", a.id, ROOTPEDIA_TABLES))) {
        await tx.query(`DELETE FROM rootpedia_articles WHERE id = $1`, [a.id]);
        continue;
      }
      kind = "article";
    }
    let slug = a.slug;
    for (let n = 2; taken.has(`${a.language}:${slug}`); n++) slug = n === 2 ? `${a.slug}-${from.slug}` : `${a.slug}-${from.slug}-${n}`;
    taken.add(`${a.language}:${slug}`);
    await tx.query(`UPDATE rootpedia_articles SET village_id = $2, slug = $3, kind = $4, updated_at = now() WHERE id = $1`, [
      a.id,
      into.id,
      slug,
      kind,
    ]);
    moved++;
  }
  return moved;
}

export const rootpediaHooks: AreaHooks = {
  onVillageMerge: {
    "rootpedia_articles.village_id": moveArticles,
    "rootpedia_watches.village_id": moveVillageUnique("rootpedia_watches", "user_id"),
  },
};
