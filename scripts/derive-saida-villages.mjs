#!/usr/bin/env node
// Adds the Saida caza's villages to the village gazetteer (server/seed-data/villages/lb-localities.csv),
// once; its output is committed. Who's On First has no Saida caza, so its localities there carry no
// caza and were left out of the gazetteer. This finds them by point-in-polygon against the map's
// derived Saida caza (client/src/ui/map/data/lebanon.topo.json, made by build-boundaries.mjs) and
// appends them with caza "Saida" and mohafaza "South Lebanon". Re-running adds nothing new.
//
//   node scripts/derive-saida-villages.mjs path/to/wof_lb_localities.csv
import { appendFileSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { geoContains } from "d3-geo";
import Papa from "papaparse";
import { feature } from "topojson-client";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// The source (Who's On First's Lebanon localities CSV) is given on the command line.
if (!process.argv[2]) {
  console.error("usage: node scripts/derive-saida-villages.mjs path/to/wof_lb_localities.csv");
  process.exit(2);
}
const source = resolve(process.argv[2]);
const GAZETTEER = resolve(ROOT, "server/seed-data/villages/lb-localities.csv");
const topo = JSON.parse(readFileSync(resolve(ROOT, "client/src/ui/map/data/lebanon.topo.json"), "utf8"));
const saida = feature(topo, topo.objects.cazas).features.find((f) => f.properties.id === "saida");
if (!saida) throw new Error("the boundaries have no Saida caza: run scripts/build-boundaries.mjs first");

const gazetteer = Papa.parse(readFileSync(GAZETTEER, "utf8"), { header: true, skipEmptyLines: true });
const columns = gazetteer.meta.fields;
const have = new Set(gazetteer.data.map((r) => r.wof_id));
const localities = Papa.parse(readFileSync(source, "utf8"), { header: true, skipEmptyLines: true }).data;

const added = localities
  .filter((r) => !r.county_name && !have.has(r.wof_id) && r.latitude && r.longitude)
  .filter((r) => geoContains(saida, [Number(r.longitude), Number(r.latitude)]))
  .sort((a, b) => Number(a.wof_id) - Number(b.wof_id))
  .map((r) => ({ ...r, county_name: "Saida", county_name_ara: "قضاء صيدا", region_name: "South Lebanon", region_name_ara: "الجنوب" }));

if (added.length) appendFileSync(GAZETTEER, Papa.unparse(added, { columns, header: false, newline: "\n" }) + "\n");
console.log(`added ${added.length} Saida localities to ${GAZETTEER}`);
