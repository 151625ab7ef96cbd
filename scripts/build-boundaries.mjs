#!/usr/bin/env node
// Builds the map's boundaries (client/src/ui/map/data/lebanon.topo.json) once, from Who's On
// First's Lebanon outline, mohafazat and cazas (see that folder's SOURCES.md). Run it again only
// when the source changes; its output is committed, and nothing reads the source at run or test time.
//
//   node scripts/build-boundaries.mjs path/to/lebanon-admin.geojson
//
// What it does: adds the Saida caza, which Who's On First lacks (South Lebanon minus Sour and
// Jezzine), takes the cazas' Arabic names from the village gazetteer where Who's On First has
// none, joins shared borders into a TopoJSON topology, simplifies it and quantises it.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import polygonClipping from "polygon-clipping";
import { quantize } from "topojson-client";
import { topology } from "topojson-server";
import { presimplify, quantile, simplify, sphericalRingArea } from "topojson-simplify";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// The source is given on the command line (a copy of Who's On First's export, wherever the maintainer
// keeps it): nothing in the repository reads outside it.
if (!process.argv[2]) {
  console.error("usage: node scripts/build-boundaries.mjs path/to/lebanon-admin.geojson");
  process.exit(2);
}
const source = resolve(process.argv[2]);
const OUT = resolve(ROOT, "client/src/ui/map/data/lebanon.topo.json");
const GAZETTEER = resolve(ROOT, "server/seed-data/villages/lb-localities.csv");
/** Share of the points kept (the heaviest by Visvalingam weight; quantile sorts weights high to low): borders stay recognisable at the largest zoom. */
const KEEP = 0.2;

const input = JSON.parse(readFileSync(source, "utf8"));
const byType = (t) => input.features.filter((f) => f.properties.placetype === t);

/** Caza name (Latin, as Who's On First and the gazetteer spell it) → Arabic, from the gazetteer. */
function gazetteerArabicCazas() {
  const [header, ...rows] = readFileSync(GAZETTEER, "utf8").trim().split("\n");
  const cols = header.split(",");
  const [iName, iAr] = [cols.indexOf("county_name"), cols.indexOf("county_name_ara")];
  const map = new Map();
  for (const row of rows) {
    // The two columns hold no commas or quotes; other quoted columns come after them.
    const cells = row.split(",");
    if (cells[iName] && cells[iAr]) map.set(cells[iName], cells[iAr].replace(/^قضاء\s+/, "").trim());
  }
  return map;
}
const cazaAr = gazetteerArabicCazas();
const stripCaza = (s) => (s ? s.replace(/^قضاء\s+/, "").trim() : null);
const stripDistrict = (s) => (s ? s.replace(/^District (du |de |d')/, "").trim() : null);

const props = (f, kind) => ({
  id: String(f.properties.wof_id),
  kind,
  name: f.properties.name,
  nameAr: kind === "caza" ? (cazaAr.get(f.properties.name) ?? stripCaza(f.properties.name_ar)) : f.properties.name_ar,
  nameFr: kind === "caza" ? stripDistrict(f.properties.name_fr) : f.properties.name_fr,
  ...(kind === "caza" ? { region: String(f.properties.parent_wof_id) } : {}),
});

const asMulti = (g) => (g.type === "Polygon" ? [g.coordinates] : g.coordinates);
const south = byType("region").find((f) => f.properties.name === "South Lebanon");
const cazas = byType("county");
const sour = cazas.find((f) => f.properties.name === "Sour");
const jezzine = cazas.find((f) => f.properties.name === "Jezzine");
if (!south || !sour || !jezzine) throw new Error("South Lebanon, Sour or Jezzine is missing from the source");

// Saida = South Lebanon − Sour − Jezzine. The sources' borders do not match to the metre, so the
// difference leaves slivers along them: keep only the pieces larger than 1 km².
const EARTH_KM2 = 6371 * 6371;
const saidaParts = polygonClipping.difference(asMulti(south.geometry), asMulti(sour.geometry), asMulti(jezzine.geometry)).filter(
  (poly) =>
    sphericalRingArea(
      poly[0].map(([x, y]) => [x, y]),
      false,
    ) *
      EARTH_KM2 >
    1,
);
if (saidaParts.length === 0) throw new Error("Saida came out empty");
// polygon-clipping winds outer rings counter-clockwise (RFC 7946); d3-geo, like the Who's On
// First source, reads a counter-clockwise ring as "everything but this", so wind outer rings
// clockwise and holes counter-clockwise.
const signedArea = (ring) =>
  ring.reduce((a, [x, y], i) => {
    const [x2, y2] = ring[(i + 1) % ring.length];
    return a + (x * y2 - x2 * y);
  }, 0) / 2;
const windForD3 = (poly) => poly.map((ring, i) => ((i === 0) === signedArea(ring) > 0 ? [...ring].reverse() : ring));
saidaParts.splice(0, saidaParts.length, ...saidaParts.map(windForD3));
const saida = {
  type: "Feature",
  properties: {
    id: "saida",
    kind: "caza",
    name: "Saida",
    nameAr: "صيدا",
    nameFr: "Saïda",
    region: String(south.properties.wof_id),
    derived: true,
  },
  geometry: saidaParts.length === 1 ? { type: "Polygon", coordinates: saidaParts[0] } : { type: "MultiPolygon", coordinates: saidaParts },
};

const collection = (features) => ({ type: "FeatureCollection", features });
const objects = {
  country: collection(byType("country").map((f) => ({ ...f, properties: props(f, "country") }))),
  regions: collection(byType("region").map((f) => ({ ...f, properties: props(f, "region") }))),
  cazas: collection(
    [...cazas.map((f) => ({ ...f, properties: props(f, "caza") })), saida].sort((a, b) =>
      a.properties.name.localeCompare(b.properties.name),
    ),
  ),
};

// Shared borders become one arc each; presimplify weighs every point (on plain degrees), simplify
// drops the lighter ones, and quantize rounds to a 10,000-step grid (about 20 m here) with deltas.
const simple = presimplify(topology(objects));
const kept = simplify(simple, quantile(simple, KEEP));
kept.arcs = kept.arcs.map((arc) => arc.map(([x, y]) => [x, y]));
const out = quantize(kept, 1e4);
writeFileSync(OUT, JSON.stringify(out) + "\n");
console.log(
  `wrote ${OUT}: ${objects.cazas.features.length} cazas (Saida in ${saidaParts.length} part(s)), ${out.arcs.length} arcs, ${out.arcs.reduce((n, a) => n + a.length, 0)} points`,
);
