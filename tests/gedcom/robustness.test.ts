import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import { GedcomError, readGedcomAll, walk, writeGedcomString, type GedcomNode } from "../../server/src/modules/ingestion/gedcom/index.js";
import { bytesSource, corpusFile, fileSource } from "./helpers.js";

/** Small deterministic PRNG (mulberry32) so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(input: Uint8Array, random: () => number): Uint8Array {
  const bytes = Array.from(input);
  const edits = 1 + Math.floor(random() * 20);
  for (let e = 0; e < edits && bytes.length > 0; e++) {
    const at = Math.floor(random() * bytes.length);
    const kind = random();
    if (kind < 0.4)
      bytes[at] = Math.floor(random() * 256); // random byte
    else if (kind < 0.6)
      bytes.splice(at, Math.floor(random() * 200)); // lost range
    else if (kind < 0.8)
      bytes.splice(at, 0, ...Array.from({ length: 1 + Math.floor(random() * 50) }, () => Math.floor(random() * 256))); // junk
    else bytes.length = at; // truncated
  }
  return Uint8Array.from(bytes);
}

describe("damaged files never crash the reader or the writer", () => {
  const FILES = [
    "roots-written/tag-torture-55.ged",
    "gedcom4j-samples/unicode-littleendian-crlf.ged",
    "familysearch-gedcom7/testfiles/gedcom70/maximal70.ged",
    "gedcom7code-test-files/5/atsign.ged",
  ];
  it.each(FILES)("%s with 40 random corruptions", async (rel) => {
    const original = readFileSync(corpusFile(rel));
    const random = rng(rel.length * 7919);
    for (let i = 0; i < 40; i++) {
      const damaged = mutate(original, random);
      for (const toV7 of [false, true]) {
        try {
          const { header, records, summary } = await readGedcomAll(bytesSource(damaged, 1 + Math.floor(random() * 5000)), { toV7 });
          expect(summary.lines).toBeGreaterThan(0);
          await writeGedcomString(header.head, records);
          await writeGedcomString(header.head, records, { version: "5.5.1" });
        } catch (e) {
          // The only acceptable failure is a clear refusal.
          if (!(e instanceof GedcomError)) throw e;
        }
      }
    }
  });

  it("junk before HEAD (e.g. a pasted mail header) is dropped with a warning", async () => {
    const { records, summary } = await readGedcomAll(bytesSource("From: someone\n\n0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n0 TRLR\n"));
    expect(records).toHaveLength(1);
    expect(summary.warnings[0]).toMatchObject({ code: "gedcom.junk_dropped", line: 1 });
  });

  it("extension tags keep their spelling; standard tags are upper-cased", async () => {
    const { records } = await readGedcomAll(bytesSource("0 HEAD\n0 @I1@ indi\n1 _MarNm Ann\n0 TRLR\n"));
    expect(records[0].tag).toBe("INDI");
    expect(records[0].children[0].tag).toBe("_MarNm");
  });
});

describe("GEDCOM 5.5 multimedia converted to 7.0", () => {
  it("tag-torture-55.ged: FORM and TITL beside FILE move under FILE, embedded BLOB is kept as _BLOB", async () => {
    const { records } = await readGedcomAll(fileSource(corpusFile("roots-written/tag-torture-55.ged")), { toV7: true });
    let files = 0;
    const tags = new Set<string>();
    for (const r of records)
      walk(r, (n: GedcomNode, parent) => {
        tags.add(n.tag);
        if (n.tag === "OBJE" && !n.pointer && n.children.some((c) => c.tag === "FILE"))
          expect(n.children.filter((c) => c.tag === "FORM")).toEqual([]);
        if (n.tag === "FILE" && parent?.tag === "OBJE") {
          files++;
          const form = n.children.find((c) => c.tag === "FORM");
          if (form) expect(form.value).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
        }
      });
    expect(files).toBeGreaterThan(5);
    expect(tags.has("BLOB")).toBe(false);
    expect(tags.has("_BLOB")).toBe(true);
  });
});
