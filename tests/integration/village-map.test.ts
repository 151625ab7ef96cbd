import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { gzipSync } from "node:zlib";
import { importVillages } from "../../server/src/modules/genealogy/index.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

// Issue #44: the maps fetched every village's names and coordinates (`villagePoints`, about 400 KB
// of JSON) before drawing a dot. `villageMap` groups the villages by caza, compactly: a count and a
// centre per caza (the clusters a map draws at low zoom), then slugs and offsets from that centre.
type MapCaza = { district: string | null; count: number; latitude: number; longitude: number; slugs: string[]; offsets: number[] };
const MAP = `query ($district: String) { villageMap(district: $district) { district count latitude longitude slugs offsets } }`;
const POINTS = `{ villagePoints { slug lat lng name nameAr nameFr district } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await importVillages(server.ds);
}, 60_000);
afterAll(() => server.stop());

/** The response body as the browser gets it: its JSON, and that JSON gzipped (the server compresses it). */
async function body(query: string, variables: Record<string, unknown> = {}): Promise<{ json: string; gzip: number }> {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const json = await res.text();
  return { json, gzip: gzipSync(json).length };
}

const decode = (c: MapCaza) =>
  c.slugs.map((slug, i) => ({ slug, lat: c.latitude + c.offsets[2 * i] / 1e4, lng: c.longitude + c.offsets[2 * i + 1] / 1e4 }));

describe("the map's villages, by caza", () => {
  it("bad input: an over-long caza name", async () => {
    const res = await server.gql(MAP, { district: "x".repeat(101) });
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("holds every public village once, by caza, each within 11 m of where villagePoints puts it", async () => {
    const map = await server.gql<{ villageMap: MapCaza[] }>(MAP);
    const points = await server.gql<{ villagePoints: { slug: string; lat: number; lng: number; district: string | null }[] }>(POINTS);
    expect(map.errors).toBeUndefined();
    const cazas = map.data!.villageMap;
    expect(cazas).toHaveLength(25);
    expect(cazas.reduce((n, c) => n + c.count, 0)).toBe(3198);
    const zgharta = cazas.find((c) => c.district === "Zgharta")!;
    expect(zgharta.count).toBe(82);
    for (const c of cazas) {
      expect(c.slugs).toHaveLength(c.count);
      expect(c.offsets).toHaveLength(2 * c.count);
      expect(c.offsets.every(Number.isInteger)).toBe(true);
    }
    const where = new Map(cazas.flatMap((c) => decode(c).map((p) => [p.slug, { ...p, district: c.district }])));
    expect(where.size).toBe(points.data!.villagePoints.length);
    for (const p of points.data!.villagePoints) {
      const q = where.get(p.slug)!;
      expect(q.district).toBe(p.district);
      expect(Math.abs(q.lat - p.lat)).toBeLessThanOrEqual(0.00006);
      expect(Math.abs(q.lng - p.lng)).toBeLessThanOrEqual(0.00006);
    }
  });

  it("is a fraction of villagePoints' size: under a third of its JSON, under 40 % gzipped", async () => {
    const map = await body(MAP);
    const points = await body(POINTS);
    // The whole country: about 400 KB of points (90 KB gzipped) against about 70 KB (30 KB gzipped).
    expect(points.json.length).toBeGreaterThan(300_000);
    expect(map.json.length).toBeLessThan(points.json.length / 3);
    expect(map.gzip).toBeLessThan(points.gzip * 0.4);
    expect(map.json.length).toBeLessThan(100_000);
    // The clusters alone (what a map at low zoom draws) are a few kilobytes.
    const clusters = await body(`{ villageMap { district count latitude longitude } }`);
    expect(clusters.json.length).toBeLessThan(3_000);
  });

  it("lists only public villages with coordinates, and one caza's when asked", async () => {
    const hidden = await buildVillage(server, "Hidden map");
    await server.ds.query(`UPDATE villages SET is_public = false, latitude = 34.3, longitude = 35.9, district = 'Zgharta' WHERE id = $1`, [
      hidden.raw,
    ]);
    const nowhere = await buildVillage(server, "Nowhere map");
    await server.ds.query(`UPDATE villages SET district = 'Zgharta' WHERE id = $1`, [nowhere.raw]);
    const shown = await buildVillage(server, "Shown map");
    await server.ds.query(`UPDATE villages SET latitude = 34.31, longitude = 35.91, district = 'Zgharta' WHERE id = $1`, [shown.raw]);

    const res = await server.gql<{ villageMap: MapCaza[] }>(MAP, { district: "Zgharta" });
    expect(res.errors).toBeUndefined();
    expect(res.data!.villageMap.map((c) => c.district)).toEqual(["Zgharta"]);
    const [zgharta] = res.data!.villageMap;
    expect(zgharta.count).toBe(83);
    expect(zgharta.slugs).toContain(shown.slug);
    expect(zgharta.slugs).not.toContain(hidden.slug);
    expect(zgharta.slugs).not.toContain(nowhere.slug);
    const placed = decode(zgharta).find((p) => p.slug === shown.slug)!;
    expect(placed.lat).toBeCloseTo(34.31, 4);
    expect(placed.lng).toBeCloseTo(35.91, 4);
    expect((await server.gql<{ villageMap: MapCaza[] }>(MAP, { district: "No such caza" })).data!.villageMap).toEqual([]);
  });

  it("is priced by what it sends: the whole map costs about what villagePoints does, and fifteen aliased copies are refused", async () => {
    const aliased = `{ ${Array.from({ length: 15 }, (_, i) => `m${i}: villageMap { slugs offsets }`).join(" ")} }`;
    expect((await server.gql(aliased)).errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});
