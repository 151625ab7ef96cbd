import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import type { DataSource, EntityManager } from "typeorm";
import { logger } from "../../../common/logger.js";
import { newId } from "../../../common/uuid.js";
import { nameKeys, normalizeLatin } from "../names/normalize.js";
import { mergeVillagesTx } from "./village-merge.service.js";
import { refreshVillageKeys } from "./village.keys.js";

/** Who's On First localities, one per place, with GeoNames Arabic names (see seed-data/villages/SOURCES.md). */
export const GAZETTEER_CSV = fileURLToPath(new URL("../../../../seed-data/villages/lb-localities.csv", import.meta.url));

interface GazetteerRow {
  wof_id: string;
  name: string;
  name_local: string;
  name_fra: string;
  name_ara: string;
  name_ara_geonames2019: string;
  name_ara_filled: string;
  merged_wof_ids: string;
  latitude: string;
  longitude: string;
  county_name: string;
  county_name_ara: string;
  county_name_fra: string;
  region_name: string;
  region_name_ara: string;
  region_name_fra: string;
  wikidata_id: string;
  population: string;
}

const stripQada = (s: string) => s.replace(/^قضاء\s+/, "").trim() || null;
/**
 * A place name as the gazetteer writes it, for reading: its backtick for the letter ʿayn ("`Ayn
 * Ahilah", "Al Mazra`ah") is dropped where a word starts and is an apostrophe within one ("Ayn
 * Ahilah", "Al Mazra’ah"), as the other names spell it. (A leading backtick also sorted those
 * names first.) Keys are the same either way. The migration VillageNameMarks does the same in SQL.
 */
export const placeName = (name: string): string =>
  name
    .trim()
    .replace(/(^|[\s-])`/g, "$1")
    .replace(/`/g, "’");

const slugBase = (name: string, fallback: string) => normalizeLatin(name).replace(/\s+/g, "-") || fallback;

/**
 * Imports (or updates) the gazetteer into a rootspace. Re-runnable: rows are matched on
 * their source id; names, places and search keys are refreshed, while slugs and anything
 * curators wrote (descriptions, flags, counts, an Arabic name) are kept. A locality merged
 * away (by a curator, or folded into its twin by the gazetteer's build: `merged_wof_ids`)
 * does not come back; a database's existing copy of a folded one is merged into the kept
 * village. One transaction.
 */
export async function importVillages(
  ds: DataSource,
  rootspaceId = "lb",
  csvPath = GAZETTEER_CSV,
): Promise<{ inserted: number; updated: number }> {
  const { data } = Papa.parse<GazetteerRow>(readFileSync(csvPath, "utf8"), { header: true, skipEmptyLines: true });
  return ds.transaction(async (tx) => {
    const mergedAway = new Set(
      (
        (await tx.query(`SELECT from_source_ref FROM village_merges WHERE rootspace_id = $1 AND from_source_ref IS NOT NULL`, [
          rootspaceId,
        ])) as {
          from_source_ref: string;
        }[]
      ).map((r) => r.from_source_ref),
    );
    const rows = data
      .filter((r) => r.wof_id && r.name && r.county_name && !mergedAway.has(`wof:${r.wof_id}`))
      .sort((a, b) => Number(a.wof_id) - Number(b.wof_id));
    const taken = new Set<string>(
      (
        (await tx.query(`SELECT slug FROM villages WHERE rootspace_id = $1 AND (source_ref IS NULL OR NOT source_ref = ANY($2))`, [
          rootspaceId,
          rows.map((r) => `wof:${r.wof_id}`),
        ])) as { slug: string }[]
      ).map((r) => r.slug),
    );
    const records = rows.map((r) => {
      const arabic = [r.name_ara, ...r.name_ara_geonames2019.split("|"), r.name_ara_filled ?? ""].map((s) => s.trim()).filter(Boolean);
      const nameAr = arabic[0] ?? null;
      const latin = [r.name_local, r.name_fra].filter((n): n is string => !!n && n !== r.name).map(placeName);
      const alternates = [...new Set([...arabic.slice(1), ...latin])].filter((n) => n !== nameAr);
      const keys = nameKeys([r.name, ...latin], arabic);
      let slug = slugBase(r.name, `village-${r.wof_id}`);
      for (let n = 2; taken.has(slug); n++) slug = `${slugBase(r.name, `village-${r.wof_id}`)}-${n}`;
      taken.add(slug);
      return {
        id: newId(),
        sourceRef: `wof:${r.wof_id}`,
        name: placeName(r.name),
        nameFr: placeName(r.name_fra || r.name),
        nameAr,
        alternates,
        slug,
        lat: r.latitude ? Number(r.latitude) : null,
        lng: r.longitude ? Number(r.longitude) : null,
        district: r.county_name.trim(),
        districtAr: stripQada(r.county_name_ara),
        districtFr: r.county_name_fra.trim() || r.county_name.trim(),
        governorate: r.region_name.trim() || null,
        governorateAr: r.region_name_ara.trim() || null,
        governorateFr: r.region_name_fra.trim() || r.region_name.trim() || null,
        wikidata: r.wikidata_id.trim() || null,
        population: r.population && Number(r.population) > 0 ? Number(r.population) : null,
        keys,
      };
    });
    const col = <T>(f: (x: (typeof records)[number]) => T) => records.map(f);
    const result: { inserted: boolean }[] = await tx.query(
      `INSERT INTO villages (id, rootspace_id, source_ref, name, name_fr, name_ar, alternate_names, slug, latitude, longitude,
         district, district_ar, district_fr, governorate, governorate_ar, governorate_fr, wikidata_id, population_current,
         key_latin, key_arabic, key_skeleton)
       SELECT u.id, $1, u.source_ref, u.name, u.name_fr, u.name_ar, string_to_array(u.alternates, '|'), u.slug, u.lat, u.lng,
              u.district, u.district_ar, u.district_fr, u.governorate, u.governorate_ar, u.governorate_fr, u.wikidata, u.population,
              u.key_latin, u.key_arabic, u.key_skeleton
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::float8[], $10::float8[],
                     $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::int[], $19::text[],
                     $20::text[], $21::text[])
           AS u(id, source_ref, name, name_fr, name_ar, alternates, slug, lat, lng, district, district_ar, district_fr, governorate,
                governorate_ar, governorate_fr, wikidata, population, key_latin, key_arabic, key_skeleton)
       ON CONFLICT (source_ref) WHERE source_ref IS NOT NULL DO UPDATE SET
         name = EXCLUDED.name, name_fr = EXCLUDED.name_fr,
         name_ar = CASE WHEN villages.name_ar_curated THEN villages.name_ar ELSE EXCLUDED.name_ar END,
         alternate_names = ARRAY(SELECT DISTINCT x FROM unnest(villages.alternate_names || EXCLUDED.alternate_names) x),
         latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, district = EXCLUDED.district, district_ar = EXCLUDED.district_ar,
         district_fr = EXCLUDED.district_fr, governorate = EXCLUDED.governorate, governorate_ar = EXCLUDED.governorate_ar,
         governorate_fr = EXCLUDED.governorate_fr, wikidata_id = EXCLUDED.wikidata_id,
         key_latin = EXCLUDED.key_latin, key_arabic = EXCLUDED.key_arabic, key_skeleton = EXCLUDED.key_skeleton, updated_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [
        rootspaceId,
        col((x) => x.id),
        col((x) => x.sourceRef),
        col((x) => x.name),
        col((x) => x.nameFr),
        col((x) => x.nameAr),
        col((x) => x.alternates.join("|")),
        col((x) => x.slug),
        col((x) => x.lat),
        col((x) => x.lng),
        col((x) => x.district),
        col((x) => x.districtAr),
        col((x) => x.districtFr),
        col((x) => x.governorate),
        col((x) => x.governorateAr),
        col((x) => x.governorateFr),
        col((x) => x.wikidata),
        col((x) => x.population),
        col((x) => x.keys.latin),
        col((x) => x.keys.arabic),
        col((x) => x.keys.skeleton),
      ],
    );
    await foldTwins(tx, rootspaceId, rows);
    // Names a curator or a merge added stay searchable.
    const kept: { id: string }[] = await tx.query(
      `SELECT id FROM villages v WHERE rootspace_id = $1 AND (name_ar_curated OR EXISTS (SELECT 1 FROM village_merges m WHERE m.into_village_id = v.id))`,
      [rootspaceId],
    );
    for (const { id } of kept) await refreshVillageKeys(tx, id);
    const inserted = result.filter((r) => r.inserted).length;
    logger.info("Villages imported", { rootspaceId, inserted, updated: result.length - inserted });
    return { inserted, updated: result.length - inserted };
  });
}

/**
 * Merges a database's copies of localities the gazetteer folded into their twin (Zahle into
 * Zahlé); the kept village takes the folded one's slug when it only had a numbered one (zahle-2).
 */
async function foldTwins(tx: EntityManager, rootspaceId: string, rows: GazetteerRow[]): Promise<void> {
  const pairs = rows.flatMap((r) =>
    (r.merged_wof_ids ?? "")
      .split("|")
      .filter(Boolean)
      .map((m) => [`wof:${r.wof_id}`, `wof:${m}`]),
  );
  if (!pairs.length) return;
  const found: { kept: string; kept_slug: string; twin: string; twin_slug: string }[] = await tx.query(
    `SELECT k.id AS kept, k.slug AS kept_slug, t.id AS twin, t.slug AS twin_slug
       FROM unnest($2::text[], $3::text[]) AS p(kept_ref, twin_ref)
       JOIN villages k ON k.rootspace_id = $1 AND k.source_ref = p.kept_ref
       JOIN villages t ON t.rootspace_id = $1 AND t.source_ref = p.twin_ref`,
    [rootspaceId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  for (const f of found) {
    if (f.kept_slug.startsWith(`${f.twin_slug}-`)) {
      await tx.query(`UPDATE villages SET slug = 'merging-' || id WHERE id = $1`, [f.twin]);
      await tx.query(`UPDATE villages SET slug = $2 WHERE id = $1`, [f.kept, f.twin_slug]);
      await tx.query(`UPDATE villages SET slug = $2 WHERE id = $1`, [f.twin, f.kept_slug]);
    }
    await mergeVillagesTx(tx, rootspaceId, f.kept, f.twin, null);
  }
  if (found.length) logger.info("Gazetteer twins merged", { rootspaceId, merged: found.length });
}

/** Imports the gazetteer when a rootspace has none of its villages yet (first start). */
export async function ensureVillages(ds: DataSource, rootspaceId = "lb"): Promise<void> {
  const rows: unknown[] = await ds.query(`SELECT 1 FROM villages WHERE rootspace_id = $1 AND source_ref LIKE 'wof:%' LIMIT 1`, [
    rootspaceId,
  ]);
  if (rows.length === 0) await importVillages(ds, rootspaceId);
}
