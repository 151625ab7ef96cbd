import { describe, expect, it } from "@jest/globals";
import iconv from "iconv-lite";
import {
  AnselDecoder,
  GedcomError,
  readGedcomAll,
  writeGedcomString,
  type GedcomNode,
} from "../../server/src/modules/ingestion/gedcom/index.js";
import { bytesSource, corpusFile, fileSource, shape } from "./helpers.js";

const HEAD = "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n";
const read = (input: string | Uint8Array, chunk = 7) => readGedcomAll(bytesSource(input, chunk));
const indi = (records: GedcomNode[]) => records.filter((r) => r.tag === "INDI");
const name = (r: GedcomNode) => r.children.find((c) => c.tag === "NAME")?.value;

describe("ANSEL", () => {
  it("moves each combining mark after its letter and composes (NFC), even across chunk boundaries", () => {
    const d = new AnselDecoder();
    // ANSEL: acute (E2) BEFORE e; diaeresis (E8) before o; cedilla (F0) before c.
    const text = d.decode(Uint8Array.of(0x52, 0xe2)) + d.decode(Uint8Array.of(0x65, 0x6e, 0xe8, 0x6f, 0xf0, 0x63), true);
    expect(text).toBe("Rénöç");
    expect(text).toBe(text.normalize("NFC"));
  });

  it("keeps several marks on one letter in their order", () => {
    const text = new AnselDecoder().decode(Uint8Array.of(0xe2, 0xe8, 0x75), true); // acute + diaeresis + u
    expect(text).toBe("u\u0301\u0308".normalize("NFC"));
  });

  it("decodes the self-describing ANSEL.GED sample: every mark on A–Z and a–z as Unicode says", async () => {
    const { records, header } = await readGedcomAll(fileSource(corpusFile("gedcom4j-samples/ANSEL.GED")));
    expect(header.encoding).toBe("ansel");
    let checked = 0;
    for (const r of indi(records)) {
      const code = /Unicode: [^,]+, ([0-9A-F]{4})\)/.exec(name(r) ?? "");
      if (!code) continue;
      const mark = String.fromCodePoint(parseInt(code[1], 16));
      const plac = (tag: string) => r.children.find((c) => c.tag === tag)!.children.find((c) => c.tag === "PLAC")!.value;
      const expected = (letters: string) => [...letters].map((l) => (l + mark).normalize("NFC")).join("");
      expect(plac("BIRT")).toBe(expected("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
      expect(plac("DEAT")).toBe(expected("abcdefghijklmnopqrstuvwxyz"));
      checked++;
    }
    expect(checked).toBe(29);
    const special = indi(records).find((r) => r.xref === "@CHILD0@")!;
    expect(special.children.find((c) => c.tag === "BIRT")!.children[0].value).toBe(
      "slash l - uppercase (Ł), slash o - uppercase (Ø), slash d - uppercase (Đ), thorn - uppercase (Þ)",
    );
  });
});

describe("declared 8-bit character sets and UTF-16", () => {
  const body = "0 @I1@ INDI\n1 NAME Zoé /Ḩaddād/\n0 TRLR\n";
  it.each([
    ["ANSI", "windows-1252", "Zoé /Müller/"],
    ["IBMPC", "cp437", "Zoé /Müller/"],
    ["MACINTOSH", "macintosh", "Zoé /Müller/"],
  ])("CHAR %s decodes as %s", async (declared, enc, text) => {
    const bytes = iconv.encode(`0 HEAD\n1 CHAR ${declared}\n0 @I1@ INDI\n1 NAME ${text}\n0 TRLR\n`, enc);
    const { records, header } = await read(bytes);
    expect(header.encoding).toBe(enc);
    expect(name(indi(records)[0])).toBe(text);
  });

  it.each([
    ["utf-16le", true],
    ["utf-16le", false],
    ["utf-16be", true],
    ["utf-16be", false],
  ])("%s (BOM: %s) is detected from its bytes", async (enc, bom) => {
    const text = (bom ? "\ufeff" : "") + HEAD.replace("UTF-8", "UNICODE") + body;
    const le = Buffer.from(text, "utf16le");
    const bytes = enc === "utf-16le" ? le : Buffer.from(le).swap16();
    const { records } = await read(bytes, 5);
    expect(name(indi(records)[0])).toBe("Zoé /Ḩaddād/");
  });

  it("UTF-8 with and without BOM, decomposed input composed to NFC is not forced (kept as written)", async () => {
    const a = await read("\ufeff" + HEAD + body);
    const b = await read(HEAD + body);
    expect(name(indi(a.records)[0])).toBe("Zoé /Ḩaddād/");
    expect(indi(b.records)).toEqual(indi(a.records));
  });
});

describe("lines", () => {
  const text = HEAD + "0 @I1@ INDI\n1 NAME Ann /Lee/\n1 NOTE first\n2 CONT second\n2 CONC  half\n0 TRLR\n";
  it.each([
    ["LF", "\n"],
    ["CR", "\r"],
    ["CRLF", "\r\n"],
    ["LFCR", "\n\r"],
  ])("%s line endings give the same records", async (_n, eol) => {
    for (const chunk of [1, 2, 3, 64]) {
      const { records, summary } = await read(text.replace(/\n/g, eol), chunk);
      expect(summary.warnings).toEqual([]);
      expect(indi(records)[0].children.find((c) => c.tag === "NOTE")!.value).toBe("first\nsecond half");
    }
  });

  it("reads a 2 MB line and cuts lines above the configured maximum with a warning", async () => {
    const long = "x".repeat(2_000_000);
    const ok = await read(`${HEAD}0 @I1@ INDI\n1 NOTE ${long}\n0 TRLR\n`, 65536);
    expect(indi(ok.records)[0].children[0].value).toHaveLength(2_000_000);
    const cut = await readGedcomAll(bytesSource(`${HEAD}0 @I1@ INDI\n1 NOTE ${long}\n1 SEX F\n0 TRLR\n`, 65536), { maxLineLength: 10_000 });
    expect(cut.summary.warnings.map((w) => [w.code, w.line])).toContainEqual(["gedcom.line_too_long", 6]);
    expect(indi(cut.records)[0].children.map((c) => c.tag)).toEqual(["NOTE", "SEX"]);
  });

  it("handles 1000 levels of nesting without recursion (read and write)", async () => {
    let deep = `${HEAD}0 @I1@ INDI\n`;
    for (let l = 1; l <= 1000; l++) deep += `${l} _DEEP level ${l}\n`;
    deep += "0 TRLR\n";
    const { records, header } = await read(deep, 4096);
    let n: GedcomNode = indi(records)[0];
    let depth = 0;
    while (n.children.length) [n, depth] = [n.children[0], depth + 1];
    expect(depth).toBe(1000);
    expect(n.value).toBe("level 1000");
    const again = await read(await writeGedcomString(header.head, records), 4096);
    expect(indi(again.records).map(shape)).toEqual(indi(records).map(shape));
  });
});

describe("malformed input gives warnings with line numbers, never a crash", () => {
  it("binary junk lines are dropped, wrapped text is kept, bad levels are repaired", async () => {
    const junk = String.fromCharCode(0, 1, 2, 3, 0xfffd, 7, 8);
    const text = `${HEAD}0 @I1@ INDI\n1 NAME Ann /Lee/\n${junk}\n1 NOTE wrapped\nby an editor\n3 DATE 1900\n1 FAMS @F9@\n0 TRLR\n`;
    const { records, summary } = await read(text);
    const codes = summary.warnings.map((w) => [w.code, w.line]);
    expect(codes).toContainEqual(["gedcom.junk_dropped", 7]);
    expect(codes).toContainEqual(["gedcom.line_continued", 9]);
    expect(codes).toContainEqual(["gedcom.level_jump", 10]);
    expect(codes).toContainEqual(["gedcom.broken_pointer", 11]);
    const note = indi(records)[0].children.find((c) => c.tag === "NOTE")!;
    expect(note.value).toBe("wrapped\nby an editor");
    expect(note.children[0]).toMatchObject({ tag: "DATE", level: 2 });
  });

  it("the broken-pointer check stays within its memory bound", async () => {
    let text = HEAD;
    for (let i = 1; i <= 50; i++) text += `0 @I${i}@ INDI\n1 FAMS @F${i}@\n`;
    const { summary } = await readGedcomAll(bytesSource(text + "0 TRLR\n", 512), { maxXrefs: 20 });
    expect(summary.warnings.map((w) => w.code)).toContain("gedcom.pointer_check_skipped");
    expect(summary.brokenPointers).toEqual([]);
    const full = await read(text + "0 TRLR\n", 512);
    expect(full.summary.brokenPointers).toHaveLength(50);
  });

  it("a truncated file keeps what was read and says the trailer is missing", async () => {
    const full = `${HEAD}0 @I1@ INDI\n1 NAME Ann /Lee/\n0 @I2@ INDI\n1 NAME Bob /Lee/\n0 TRLR\n`;
    const { records, summary } = await read(full.slice(0, full.indexOf("Bob") + 2));
    expect(indi(records).map(name)).toEqual(["Ann /Lee/", "Bo"]);
    expect(summary.warnings.map((w) => w.code)).toContain("gedcom.missing_trlr");
  });

  it("a file without HEAD is read with a warning", async () => {
    const { records, summary, header } = await read("0 @I1@ INDI\n1 NAME Ann\n0 TRLR\n");
    expect(indi(records)).toHaveLength(1);
    expect(header.version).toBe("unknown");
    expect(summary.warnings[0]).toMatchObject({ code: "gedcom.missing_head", line: 1 });
  });

  it.each([
    ["an empty file", new Uint8Array(0), "gedcom.empty"],
    ["only blank lines", "\n\n  \r\n", "gedcom.empty"],
    [
      "a PNG image",
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 400 }, (_, i) => i % 32)]),
      "gedcom.binary",
    ],
    ["a CSV file", "name,born\nAnn,1900\n", "gedcom.not_gedcom"],
  ])("%s is refused with a clear reason", async (_n, input, code) => {
    await expect(read(input as string | Uint8Array)).rejects.toMatchObject({ code });
    await expect(read(input as string | Uint8Array)).rejects.toBeInstanceOf(GedcomError);
  });
});
