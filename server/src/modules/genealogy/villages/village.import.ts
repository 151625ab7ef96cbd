import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import type { DataSource } from "typeorm";
import { logger } from "../../../common/logger.js";
import { newId } from "../../../common/uuid.js";
import { nameKeys, normalizeLatin } from "../names/normalize.js";

/** Who's On First localities joined with GeoNames Arabic names (see seed-data/villages/SOURCES.md). */
export const GAZETTEER_CSV = fileURLToPath(new URL("../../../../seed-data/villages/lb-localities.csv", import.meta.url));

interface GazetteerRow {
  wof_id: string;
  name: string;
  name_fra: string;
  name_ara: string;
  name_ara_geonames2019: string;
  latitude: string;
  longitude: string;
  county_name: string;
  county_name_ara: string;
  region_name: string;
  region_name_ara: string;
  wikidata_id: string;
  population: string;
}

const stripQada = (s: string) => s.replace(/^قضاء\s+/, "").trim() || null;
const slugBase = (name: string, fallback: string) => normalizeLatin(name).replace(/\s+/g, "-") || fallback;

/**
 * Imports (or updates) the gazetteer into a rootspace. Re-runnable: rows are matched on
 * their source id; names, places and search keys are refreshed, while slugs and anything
 * curators wrote (descriptions, flags, counts) are kept. One transaction.
 */
export async function importVillages(
  ds: DataSource,
  rootspaceId = "lb",
  csvPath = GAZETTEER_CSV,
): Promise<{ inserted: number; updated: number }> {
  const { data } = Papa.parse<GazetteerRow>(readFileSync(csvPath, "utf8"), { header: true, skipEmptyLines: true });
  const rows = data.filter((r) => r.wof_id && r.name && r.county_name).sort((a, b) => Number(a.wof_id) - Number(b.wof_id));
  return ds.transaction(async (tx) => {
    const taken = new Set<string>(
      (
        (await tx.query(`SELECT slug FROM villages WHERE rootspace_id = $1 AND (source_ref IS NULL OR NOT source_ref = ANY($2))`, [
          rootspaceId,
          rows.map((r) => `wof:${r.wof_id}`),
        ])) as { slug: string }[]
      ).map((r) => r.slug),
    );
    const records = rows.map((r) => {
      const arabic = [r.name_ara, ...r.name_ara_geonames2019.split("|")].map((s) => s.trim()).filter(Boolean);
      const nameAr = arabic[0] ?? null;
      const alternates = [...new Set([...arabic.slice(1), ...(r.name_fra && r.name_fra !== r.name ? [r.name_fra] : [])])];
      const keys = nameKeys([r.name, r.name_fra], arabic);
      let slug = slugBase(r.name, `village-${r.wof_id}`);
      for (let n = 2; taken.has(slug); n++) slug = `${slugBase(r.name, `village-${r.wof_id}`)}-${n}`;
      taken.add(slug);
      return {
        id: newId(),
        sourceRef: `wof:${r.wof_id}`,
        name: r.name.trim(),
        nameFr: (r.name_fra || r.name).trim(),
        nameAr,
        alternates,
        slug,
        lat: r.latitude ? Number(r.latitude) : null,
        lng: r.longitude ? Number(r.longitude) : null,
        district: r.county_name.trim(),
        districtAr: stripQada(r.county_name_ara),
        governorate: r.region_name.trim() || null,
        governorateAr: r.region_name_ara.trim() || null,
        wikidata: r.wikidata_id.trim() || null,
        population: r.population && Number(r.population) > 0 ? Number(r.population) : null,
        keys,
      };
    });
    const col = <T>(f: (x: (typeof records)[number]) => T) => records.map(f);
    const result: { inserted: boolean }[] = await tx.query(
      `INSERT INTO villages (id, rootspace_id, source_ref, name, name_fr, name_ar, alternate_names, slug, latitude, longitude,
         district, district_ar, governorate, governorate_ar, wikidata_id, population_current, key_latin, key_arabic, key_skeleton)
       SELECT u.id, $1, u.source_ref, u.name, u.name_fr, u.name_ar, string_to_array(u.alternates, '|'), u.slug, u.lat, u.lng,
              u.district, u.district_ar, u.governorate, u.governorate_ar, u.wikidata, u.population, u.key_latin, u.key_arabic, u.key_skeleton
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::float8[], $10::float8[],
                     $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::int[], $17::text[], $18::text[], $19::text[])
           AS u(id, source_ref, name, name_fr, name_ar, alternates, slug, lat, lng, district, district_ar, governorate, governorate_ar,
                wikidata, population, key_latin, key_arabic, key_skeleton)
       ON CONFLICT (source_ref) WHERE source_ref IS NOT NULL DO UPDATE SET
         name = EXCLUDED.name, name_fr = EXCLUDED.name_fr, name_ar = EXCLUDED.name_ar, alternate_names = EXCLUDED.alternate_names,
         latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, district = EXCLUDED.district, district_ar = EXCLUDED.district_ar,
         governorate = EXCLUDED.governorate, governorate_ar = EXCLUDED.governorate_ar, wikidata_id = EXCLUDED.wikidata_id,
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
        col((x) => x.governorate),
        col((x) => x.governorateAr),
        col((x) => x.wikidata),
        col((x) => x.population),
        col((x) => x.keys.latin),
        col((x) => x.keys.arabic),
        col((x) => x.keys.skeleton),
      ],
    );
    const inserted = result.filter((r) => r.inserted).length;
    logger.info("Villages imported", { rootspaceId, inserted, updated: result.length - inserted });
    return { inserted, updated: result.length - inserted };
  });
}

/** Imports the gazetteer when a rootspace has none of its villages yet (first start). */
export async function ensureVillages(ds: DataSource, rootspaceId = "lb"): Promise<void> {
  const rows: unknown[] = await ds.query(`SELECT 1 FROM villages WHERE rootspace_id = $1 AND source_ref LIKE 'wof:%' LIMIT 1`, [
    rootspaceId,
  ]);
  if (rows.length === 0) await importVillages(ds, rootspaceId);
}
