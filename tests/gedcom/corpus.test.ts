import { describe, expect, it } from "@jest/globals";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  readGedcom,
  readGedzip,
  type GedcomEvent,
  type GedcomNode,
  type GedcomSummary,
  type GedzipMedia,
} from "../../server/src/modules/ingestion/gedcom/index.js";
import { CORPUS, corpusFile, corpusFiles, fileSource } from "./helpers.js";

/** Reads a corpus file (GEDCOM or GEDZIP) fully; returns records, summary and media paths. */
async function readAny(file: string) {
  const records: GedcomNode[] = [];
  const media: string[] = [];
  let summary: GedcomSummary | undefined;
  const events: AsyncIterable<GedcomEvent | GedzipMedia> = file.endsWith(".gdz")
    ? readGedzip(fileSource(file))
    : readGedcom(fileSource(file));
  for await (const ev of events) {
    if (ev.type === "record") records.push(ev.record);
    else if (ev.type === "media") media.push(ev.path);
    else if (ev.type === "end") summary = ev.summary;
  }
  return { records, media, summary: summary! };
}

describe("the GEDCOM conformance corpus", () => {
  const files = corpusFiles();

  it("is vendored whole in tests/conformance/gedcom", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(path.relative(process.cwd(), CORPUS).split(path.sep)).toEqual(["tests", "conformance", "gedcom", ""].filter(Boolean));
  });

  it("fails loudly when missing or partial, so no suite passes on an empty table", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "roots-no-corpus-"));
    expect(() => corpusFiles(empty)).toThrow(/corpus is missing/);
    writeFileSync(path.join(empty, "SOURCES.md"), "");
    writeFileSync(path.join(empty, "one.ged"), "0 HEAD\n0 TRLR\n");
    expect(() => corpusFiles(empty)).toThrow(/holds 1 files/);
  });

  it.each(files.map((f) => [path.relative(CORPUS, f), f]))("%s reads without a crash", async (_name, file) => {
    const { summary } = await readAny(file);
    expect(summary.lines).toBeGreaterThan(0);
    for (const w of summary.warnings) expect(w.code).toMatch(/^gedcom\./);
  });

  // Counts checked independently with `grep -ac '^0 @[^@]*@ INDI'` (and FAM) on each file (after
  // `tr '\r' '\n'` for the files with CR line ends); royal92's 3,010 individuals is also what
  // SOURCES.md declares.
  const COUNTS: [string, number, number][] = [
    ["public-gedcoms/royal92.ged", 3010, 1422],
    ["familysearch-gedcom7/testfiles/gedcom70/maximal70.ged", 4, 2],
    ["familysearch-gedcom7/testfiles/gedcom70/maximal70.gdz", 4, 2],
    ["gedcom4j-samples/willis.ged", 761, 293],
    ["gedcom4j-samples/willis-ansel.ged", 761, 293],
    ["gedcom4j-samples/willis-ascii.ged", 761, 293],
    ["gedcom4j-samples/willis-unicode-bigendian.ged", 761, 293],
    ["gedcom4j-samples/willis-unicode-littleendian.ged", 761, 293],
    ["gedcom4j-samples/5.5.1 sample 1.ged", 845, 271],
    ["d-jeffrey-gedcom-samples/IvarKingOfDublin.ged", 1288, 495],
    ["d-jeffrey-gedcom-samples/washington.ged", 529, 114],
    ["d-jeffrey-gedcom-samples/Irish+Kings.ged", 178, 113],
    ["roots-written/tag-torture-55.ged", 15, 7],
    ["roots-written/tag-torture-55-crlf.ged", 15, 7],
    ["roots-written/tag-torture-55-one-name.ged", 15, 7],
    ["roots-written/tag-torture-55-one-name-crlf.ged", 15, 7],
    ["roots-written/every-tag-55.ged", 8, 4],
  ];
  it.each(COUNTS)("%s has %i INDI and %i FAM records", async (rel, indi, fam) => {
    const { summary } = await readAny(corpusFile(rel));
    expect(summary.counts.INDI).toBe(indi);
    expect(summary.counts.FAM).toBe(fam);
  });

  it("maximal70.gdz hands over its media files", async () => {
    const { media } = await readAny(corpusFile("familysearch-gedcom7/testfiles/gedcom70/maximal70.gdz"));
    expect(media.sort()).toEqual([
      "media/CharlotteBrontë.jpg",
      "media/derived.oga",
      "media/original.mp3",
      "media/transcript.vtt",
      "path/to/file1",
    ]);
  });
});

describe("the tag torture variants (ANSEL; CR or CRLF; one or two NAME structures)", () => {
  const records = async (name: string) => (await readAny(corpusFile(`roots-written/${name}`))).records;

  it("give the same records whatever their line ends", async () => {
    expect(await records("tag-torture-55-crlf.ged")).toEqual(await records("tag-torture-55.ged"));
    expect(await records("tag-torture-55-one-name-crlf.ged")).toEqual(await records("tag-torture-55-one-name.ged"));
  });

  it("differ only by the second NAME structure and the two notes it points to", async () => {
    const two = await records("tag-torture-55.ged");
    const one = await records("tag-torture-55-one-name.ged");
    const names = (rs: GedcomNode[]) => rs.find((r) => r.xref === "@P1@")!.children.filter((c) => c.tag === "NAME");
    expect(names(two).map((n) => n.value)).toEqual(["Youssef Every-Tag /Sfeir/", "Joseph /Sfeir/"]);
    expect(names(one)).toEqual(names(two).slice(0, 1));
    const key = (r: GedcomNode) => r.xref ?? r.tag;
    expect(two.map(key).filter((k) => !one.map(key).includes(k))).toEqual(["@N_CITE@", "@N_CARD@"]);
  });
});

describe("the willis.ged variants (ASCII, ANSEL, UTF-8, UTF-16 LE/BE)", () => {
  const VARIANTS = [
    "willis.ged",
    "willis-ansel.ged",
    "willis-ascii.ged",
    "willis-unicode-littleendian.ged",
    "willis-unicode-bigendian.ged",
  ];

  async function names(file: string): Promise<Map<string, string[]>> {
    const { records } = await readAny(corpusFile(`gedcom4j-samples/${file}`));
    const out = new Map<string, string[]>();
    for (const r of records)
      if (r.tag === "INDI")
        out.set(
          r.xref!,
          r.children.filter((c) => c.tag === "NAME").map((c) => c.value ?? ""),
        );
    return out;
  }

  it("give the same people with the same names, diacritics decoded the same way", async () => {
    const all = await Promise.all(VARIANTS.map(names));
    const [reference, ...others] = all;
    expect(reference.size).toBe(761);
    for (const other of others) expect(other).toEqual(reference);
    const flat = [...reference.values()].flat().join(" ");
    expect(flat).not.toContain("\ufffd");
  });
});
