// Builds the village gazetteer (server/seed-data/villages/lb-localities.csv) from the source files
// copied into server/seed-data/villages/sources (see its SOURCES.md) and the map's boundaries. Reads
// only files in the repository; its output is committed. Run:
//
//   SWC_NODE_PROJECT=server/tsconfig.json node --import @swc-node/register/esm-register scripts/build-gazetteer.ts
//
// 1. Caza from the point (and the caza's Arabic name where Who's On First has none): every locality is placed in a caza by point-in-polygon against the shipped
//    boundaries (client/src/ui/map/data/lebanon.topo.json, with the derived Saida caza). Who's On First
//    gives no caza for Saida's localities and for some border points; those get the caza their point
//    lies in. Where Who's On First names a caza and the point lies in another, its caza is kept (the
//    map's borders are simplified) and the disagreement is printed.
// 2. One entry per place: Who's On First holds some towns twice, once from Quattroshapes (no GeoNames
//    id) and once from GeoNames (Zahle and Zahlé, Jbail and Jbaïl …). A Quattroshapes point is folded
//    into a GeoNames locality of the same caza with the same name skeleton or Arabic name within 3 km;
//    its id goes to `merged_wof_ids`, so the import merges a database's existing copy into the kept one.
// 3. Arabic names from GeoNames: a locality with none gets the Arabic alternate names of a GeoNames
//    feature of the same name within 3 km, else the Arabic name of a homonymous locality (a sibling);
//    among several forms, the one siblings use wins, then forms without Persian letters or comments.
// 4. French caza and mohafaza names from the map's boundaries (Who's On First's `name_fr`), joined on
//    Who's On First's ids; where there is no French name, the English one stands.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { geoContains } from "d3-geo";
import Papa from "papaparse";
import { feature } from "topojson-client";
import type { Feature, FeatureCollection, Geometry } from "geojson";
import type { Topology } from "topojson-specification";
import { hasArabic, normalizeArabic, normalizeLatin, skeleton } from "../server/src/modules/genealogy/names/normalize.js";

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: Iterable<T>, key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const t of items) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return out;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DIR = resolve(ROOT, "server/seed-data/villages");
const WOF = resolve(DIR, "sources/wof_lb_localities.csv");
const GEONAMES = resolve(DIR, "sources/geonames-lb-2019-arabic.tsv");
const TOPO = resolve(ROOT, "client/src/ui/map/data/lebanon.topo.json");
const OUT = resolve(DIR, "lb-localities.csv");

/** Within this distance, two same-named points of one caza are one place. */
const SAME_PLACE_KM = 3;

const COLUMNS = [
  "wof_id",
  "name",
  "name_local",
  "name_fra",
  "name_ara",
  "name_ara_geonames2019",
  "name_ara_filled",
  "name_ara_filled_from",
  "latitude",
  "longitude",
  "county_name",
  "county_name_ara",
  "county_name_fra",
  "region_name",
  "region_name_ara",
  "region_name_fra",
  "geonames_id",
  "wikidata_id",
  "population",
  "merged_wof_ids",
] as const;
type Row = Record<(typeof COLUMNS)[number] | "src_geom" | "name_eng" | "county_wof_id" | "region_wof_id", string>;

interface Props {
  id: string;
  name: string;
  nameAr: string;
  nameFr: string | null;
  region?: string;
}

const topo = JSON.parse(readFileSync(TOPO, "utf8")) as Topology;
const collection = (key: string) => feature(topo, topo.objects[key]) as unknown as FeatureCollection<Geometry, Props>;
const cazas = collection("cazas").features;
const regions = new Map(collection("regions").features.map((f) => [f.properties.id, f.properties]));
const cazaAt = (lng: number, lat: number): Feature<Geometry, Props> | undefined => cazas.find((c) => geoContains(c, [lng, lat]));

const km = (a: Row, b: { latitude: string; longitude: string }) => {
  const [la1, lo1, la2, lo2] = [a.latitude, a.longitude, b.latitude, b.longitude].map((x) => (Number(x) * Math.PI) / 180);
  const h = Math.sin((la2 - la1) / 2) ** 2 + Math.cos(la1) * Math.cos(la2) * Math.sin((lo2 - lo1) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
};
const arabicOf = (r: Row) => [r.name_ara, ...r.name_ara_geonames2019.split("|"), r.name_ara_filled].map((s) => s.trim()).filter(Boolean);
/** Cross-script: Saida, Sayda and صيدا share one. */
const skeletons = (r: Row) => new Set([r.name, r.name_local, r.name_fra, ...arabicOf(r)].filter(Boolean).map(skeleton));

const wof = Papa.parse<Row>(readFileSync(WOF, "utf8"), { header: true, skipEmptyLines: true }).data.map((r) => ({
  ...r,
  // The Latin name is the English one where Who's On First has it (Zahle, not Zahlé); the
  // GeoNames form stays beside it (`name_local`), for search and the other names.
  name: r.name_eng || r.name,
  name_local: r.name_eng && r.name_eng !== r.name ? r.name : "",
  name_ara_filled: "",
  name_ara_filled_from: "",
  county_name_fra: "",
  region_name_fra: "",
  merged_wof_ids: "",
}));

// 1. Caza from the point.
const withCaza = wof.filter((r) => r.county_name).length;
const disagree: string[] = [];
const placed = wof.filter((r) => {
  if (!r.latitude || !r.longitude) return Boolean(r.county_name);
  const caza = cazaAt(Number(r.longitude), Number(r.latitude));
  if (r.county_name) {
    // Who's On First lacks the Arabic names of nine cazas; the map's boundaries have them.
    const named = cazas.find((c) => c.properties.name === r.county_name);
    if (!r.county_name_ara && named) r.county_name_ara = `قضاء ${named.properties.nameAr}`;
    if (caza && caza.properties.name !== r.county_name)
      disagree.push(`${r.wof_id} ${r.name}: ${r.county_name} (map: ${caza.properties.name})`);
    return true;
  }
  if (!caza) return false;
  const region = regions.get(caza.properties.region ?? "");
  r.county_name = caza.properties.name;
  r.county_name_ara = `قضاء ${caza.properties.nameAr}`;
  r.region_name = region?.name ?? r.region_name;
  r.region_name_ara = region?.nameAr ?? r.region_name_ara;
  // Their ids too, for the French names (4).
  r.region_wof_id = region?.id ?? r.region_wof_id;
  r.county_wof_id = caza.properties.id;
  return true;
});

// 2. One entry per place.
const folded = new Set<string>();
const fold = (gone: Row, kept: Row) => {
  folded.add(gone.wof_id);
  kept.merged_wof_ids = [...kept.merged_wof_ids.split("|"), gone.wof_id, ...gone.merged_wof_ids.split("|")].filter(Boolean).join("|");
  if (!kept.name_ara && gone.name_ara) kept.name_ara = gone.name_ara;
};
const byCaza = groupBy(placed, (r) => r.county_name);
for (const rows of byCaza.values()) {
  const kept = rows.filter((r) => r.geonames_id);
  for (const q of rows.filter((r) => !r.geonames_id && r.latitude)) {
    const qs = skeletons(q);
    const qa = new Set(arabicOf(q).map(normalizeArabic));
    const twin = kept
      .filter(
        (k) =>
          km(q, k) < SAME_PLACE_KM && ([...skeletons(k)].some((s) => qs.has(s)) || arabicOf(k).some((a) => qa.has(normalizeArabic(a)))),
      )
      .sort((a, b) => km(q, a) - km(q, b))[0];
    if (twin) fold(q, twin);
  }
}
// Two records on one spot (under 250 m) whose names are one spelled twice (Tebnine and Tibnine,
// Bzoummar and Bzommar) are one place too, whatever their source: the better-documented one stays.
const SAME_SPOT_KM = 0.25;
const richness = (r: Row) =>
  (r.geonames_id ? 8 : 0) + (r.wikidata_id ? 4 : 0) + (Number(r.population) > 0 ? 2 : 0) + (arabicOf(r).length ? 1 : 0);
for (const rows of byCaza.values()) {
  const live = rows.filter((r) => !folded.has(r.wof_id) && r.latitude);
  for (const [i, a] of live.entries()) {
    for (const b of live.slice(i + 1)) {
      if (folded.has(a.wof_id) || folded.has(b.wof_id) || km(a, b) >= SAME_SPOT_KM) continue;
      const sameName =
        skeleton(a.name) === skeleton(b.name) ||
        (Boolean(a.name_ara) && normalizeArabic(a.name_ara) === normalizeArabic(b.name_ara || "-"));
      if (!sameName) continue;
      const [kept, gone] =
        richness(a) > richness(b) || (richness(a) === richness(b) && Number(a.wof_id) < Number(b.wof_id)) ? [a, b] : [b, a];
      fold(gone, kept);
    }
  }
}
const gazetteer = placed.filter((r) => !folded.has(r.wof_id));

// 3. Arabic names from GeoNames.
interface GeoName {
  name: string;
  asciiname: string;
  latitude: string;
  longitude: string;
  arabic_names: string;
}
const geonames = Papa.parse<GeoName>(readFileSync(GEONAMES, "utf8"), {
  header: true,
  delimiter: "\t",
  quoteChar: "\u0000",
  skipEmptyLines: true,
}).data;
const geonamesByName = groupBy(
  geonames.flatMap((g) => [...new Set([normalizeLatin(g.name), normalizeLatin(g.asciiname)])].map((n) => [n, g] as const)),
  ([n]) => n,
);
/** Arabic script without Persian or Urdu letters, and no comment ("زحله، لبنان"). */
const plainArabic = (s: string) => hasArabic(s) && !/[a-zA-Zیکۀہپچگژ،,()]/.test(s);
const siblings = groupBy(
  gazetteer.flatMap((r) =>
    arabicOf(r)
      .filter(plainArabic)
      .slice(0, 1)
      .map((a) => [normalizeLatin(r.name), a] as const),
  ),
  ([n]) => n,
);
let filled = 0;
for (const r of gazetteer.filter((x) => !arabicOf(x).length)) {
  const key = normalizeLatin(r.name);
  const siblingForms = (siblings.get(key) ?? []).map(([, a]) => a);
  const near = (geonamesByName.get(key) ?? []).map(([, g]) => g).filter((g) => km(r, g) < SAME_PLACE_KM);
  const candidates = near.flatMap((g) => g.arabic_names.split("|")).filter(plainArabic);
  const pick =
    candidates.find((c) => siblingForms.includes(c)) ??
    candidates[0] ??
    siblingForms.sort((a, b) => siblingForms.filter((x) => x === b).length - siblingForms.filter((x) => x === a).length)[0];
  if (!pick) continue;
  r.name_ara_filled = pick;
  r.name_ara_filled_from = candidates.includes(pick) ? "geonames-nearby" : "sibling";
  filled++;
}

// 4. French names. Who's On First's older North Lebanon and Beqaa (before Akkar and Baalbek-Hermel
// were split off) are not on the map: those go by the current mohafaza of the same name.
const cazasById = new Map(cazas.map((c) => [c.properties.id, c.properties]));
const regionsByName = new Map([...regions.values()].map((p) => [p.name, p]));
for (const r of gazetteer) {
  r.county_name_fra = cazasById.get(r.county_wof_id)?.nameFr || r.county_name;
  r.region_name_fra = (regions.get(r.region_wof_id) ?? regionsByName.get(r.region_name))?.nameFr || r.region_name;
}

gazetteer.sort((a, b) => Number(a.wof_id) - Number(b.wof_id));
writeFileSync(OUT, Papa.unparse(gazetteer, { columns: [...COLUMNS], newline: "\n" }) + "\n");
console.log(
  `${gazetteer.length} localities (${placed.length - withCaza} placed by their point, ${folded.size} duplicates folded, ${filled} Arabic names filled) → ${OUT}`,
);
if (disagree.length) console.log(`Who's On First's caza kept where the map's simplified borders disagree:\n  ${disagree.join("\n  ")}`);
