import type { Queryable } from "../../common/sql.js";
import { runtimeKey, translate, type Language } from "../../common/i18n.js";
import { markdownText } from "./markdown.js";

export interface Named {
  name: string;
  name_ar: string | null;
  name_fr: string | null;
}

/** A name in the reader's language: its Arabic or French form where it has one. */
export const inLanguage = (n: Named, lang: Language) =>
  lang === "ar" ? (n.name_ar ?? n.name) : lang === "fr" ? (n.name_fr ?? n.name) : n.name;

/** What an outline's history says while the village has none recorded. */
export const emptyHistory = (lang: Language): string => `_${translate(runtimeKey("rootpedia.outline.write_here"), lang)}_`;

/**
 * The outline a village's encyclopedia starts with, in one language: its recorded history (as the
 * village's page shows it), then section headings and lists made only from the village's records
 * (its landmarks, festivals, families and emigrant registers), linked to them; sections with
 * nothing recorded say so. No sentence is invented:
 * everything else is for the village's people to write. The infobox comes from the village's data
 * when the article is shown, not from this text.
 */
export async function outlineMarkdown(db: Queryable, villageId: string, lang: Language): Promise<string> {
  const [village]: (Named & { slug: string; description: string | null; description_ar: string | null; description_fr: string | null })[] =
    await db.query(`SELECT name, name_ar, name_fr, slug, description, description_ar, description_fr FROM villages WHERE id = $1`, [
      villageId,
    ]);
  // The history the village's page shows, in this language or else in English as the page falls back.
  const history = (
    (lang === "ar" ? village.description_ar : lang === "fr" ? village.description_fr : null) ||
    village.description ||
    ""
  ).trim();
  const landmarks: Named[] = await db.query(`SELECT name, name_ar, name_fr FROM assets WHERE village_id = $1 ORDER BY name LIMIT 100`, [
    villageId,
  ]);
  const festivals: Named[] = await db.query(
    `SELECT title AS name, title_ar AS name_ar, title_fr AS name_fr FROM events WHERE $1 = ANY(village_ids) AND type = 'festival' ORDER BY date_from NULLS LAST, title LIMIT 100`,
    [villageId],
  );
  const families: Named[] = await db.query(
    `SELECT family_name AS name, family_name_ar AS name_ar, family_name_fr AS name_fr FROM families WHERE village_id = $1 AND is_public ORDER BY family_name LIMIT 200`,
    [villageId],
  );
  const registries: { id: string; name: string; name_ar: string | null; name_fr: string | null }[] = await db.query(
    `SELECT id, title AS name, title_ar AS name_ar, title_fr AS name_fr FROM registries WHERE village_id = $1 ORDER BY title LIMIT 100`,
    [villageId],
  );
  const t = (key: string) => translate(runtimeKey(`rootpedia.outline.${key}`), lang);
  const section = (key: string, items: string[]) => [
    `## ${t(key)}`,
    "",
    ...(items.length ? items.map((i) => `- ${i}`) : [`_${t("nothing_yet")}_`]),
    "",
  ];
  return [
    `${t("intro")} [${markdownText(inLanguage(village, lang), false)}](roots:village/${village.slug}).`,
    "",
    `## ${t("history")}`,
    "",
    history ? markdownText(history, true) : emptyHistory(lang),
    "",
    ...section(
      "families",
      families.map((f) => markdownText(inLanguage(f, lang), true)),
    ),
    ...section(
      "landmarks",
      landmarks.map((l) => markdownText(inLanguage(l, lang), true)),
    ),
    ...section(
      "festivals",
      festivals.map((f) => markdownText(inLanguage(f, lang), true)),
    ),
    ...section(
      "registries",
      registries.map((r) => `[${markdownText(inLanguage(r, lang), false)}](roots:registry/${r.id})`),
    ),
  ].join("\n");
}
