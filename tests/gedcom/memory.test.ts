import { describe, expect, it } from "@jest/globals";
import { createRequire } from "node:module";
import { readGedcom } from "../../server/src/modules/ingestion/gedcom/index.js";
import { syntheticGedcom } from "./synthetic.js";

/**
 * Streaming behaviour: a ~60 MB file of 200,000 people is read while heap use stays bounded (a
 * file held in memory as strings and trees would take well over 500 MB). Timing is printed, not asserted.
 */
const PEOPLE = 200_000;
const MB = 1024 * 1024;

describe("streaming a large GEDCOM", () => {
  it("reads 200,000 people with bounded memory", async () => {
    // The heap and the typed arrays outside it (the reader's tables of xrefs live there).
    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const baseline = used();
    let peak = 0;
    let bytes = 0;
    let records = 0;
    let people = 0;
    const started = performance.now();
    const counted = (async function* () {
      for await (const c of syntheticGedcom(PEOPLE)) {
        bytes += c.length;
        yield c;
      }
    })();
    for await (const ev of readGedcom(counted)) {
      if (ev.type !== "record") continue;
      records++;
      if (ev.record.tag === "INDI") people++;
      if (records % 5000 === 0) peak = Math.max(peak, used() - baseline);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `GEDCOM streaming: ${(bytes / MB).toFixed(1)} MB, ${records} records in ${seconds.toFixed(1)} s ` +
        `(${Math.round(records / seconds)} records/s, ${(bytes / MB / seconds).toFixed(1)} MB/s); peak growth of heap and typed arrays ${(peak / MB).toFixed(0)} MB`,
    );
    expect(people).toBe(PEOPLE);
    expect(bytes).toBeGreaterThan(50 * MB);
    // Only the current record and the xref tables (≈300,000 records' xrefs, about 40 bytes each) are kept.
    expect(peak).toBeLessThan(160 * MB);
  }, 300_000);

  it("read-gedcom (benchmark reference, whole-buffer API) parses the same synthetic file", async () => {
    const { readGedcom: readGedcomLib } = createRequire(import.meta.url)("read-gedcom") as typeof import("read-gedcom");
    const count = 10_000; // read-gedcom needs the whole file in memory; a smaller size keeps the test light
    const parts: Uint8Array[] = [];
    for await (const c of syntheticGedcom(count)) parts.push(c);
    const buffer = Buffer.concat(parts);
    const started = performance.now();
    const gedcom = readGedcomLib(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
    const seconds = (performance.now() - started) / 1000;
    const indi = gedcom.getIndividualRecord();
    console.log(`read-gedcom: ${count} people (${(buffer.length / MB).toFixed(1)} MB) in ${seconds.toFixed(2)} s`);
    expect(indi.length).toBe(count);
    expect(gedcom.getFamilyRecord().length).toBe(count / 2);
    expect(indi.getName().valueAsParts()[0]).toEqual(["Yusuf", "Khoury", undefined]); // person @I1@
  }, 120_000);
});
