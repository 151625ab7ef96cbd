import { describe, expect, it } from "@jest/globals";
import {
  readGedcomAll,
  readGedzip,
  writeGedcomString,
  writeGedzip,
  type GedcomHeader,
  type GedcomNode,
  type GedzipMedia,
} from "../../server/src/modules/ingestion/gedcom/index.js";
import { keptJson, plain } from "../../server/src/modules/ingestion/gedcom-io/indi.js";
import { bytesSource, corpusFile, fileSource, shape } from "./helpers.js";

const MAXIMAL = "familysearch-gedcom7/testfiles/gedcom70/maximal70";

async function readZip(source: AsyncIterable<Uint8Array>) {
  let header: GedcomHeader | undefined;
  const records: GedcomNode[] = [];
  const media: GedzipMedia[] = [];
  for await (const ev of readGedzip(source)) {
    if (ev.type === "header") header = ev.header;
    else if (ev.type === "record") records.push(ev.record);
    else if (ev.type === "media") media.push(ev);
  }
  return { header: header!, records, media };
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

describe("GEDCOM 7.0 round trip", () => {
  it("maximal70.ged: read → write 7.0 → read keeps every structure (HEAD included)", async () => {
    const first = await readGedcomAll(fileSource(corpusFile(`${MAXIMAL}.ged`)));
    const text = await writeGedcomString(first.header.head, first.records);
    const second = await readGedcomAll(bytesSource(text, 4096));
    expect(second.summary.warnings).toEqual([]);
    expect(second.records.map(shape)).toEqual(first.records.map(shape));
    expect(shape(second.header.head)).toEqual(shape(first.header.head));
    expect(first.records.length).toBeGreaterThan(15);
  });

  it("maximal70.gdz: read → write GEDZIP → read keeps every structure and media file byte for byte", async () => {
    const first = await readZip(fileSource(corpusFile(`${MAXIMAL}.gdz`)));
    expect(first.media).toHaveLength(5);
    const zip = await collect(writeGedzip(first.header.head, first.records, first.media));
    const second = await readZip(bytesSource(zip, 1000));
    expect(second.records.map(shape)).toEqual(first.records.map(shape));
    expect(second.media.map((m) => [m.path, Buffer.from(m.data).toString("base64")])).toEqual(
      first.media.map((m) => [m.path, Buffer.from(m.data).toString("base64")]),
    );
  });

  it("text with leading at-signs and newlines survives (escaped @@ and CONT)", async () => {
    const note: GedcomNode = { level: 0, xref: "@N1@", tag: "SNOTE", value: "@home\n@@twice\nplain @ inside", line: 0, children: [] };
    const text = await writeGedcomString(undefined, [note]);
    expect(text).toContain("0 @N1@ SNOTE @@home\n1 CONT @@@twice\n1 CONT plain @ inside\n");
    const back = await readGedcomAll(bytesSource(text));
    expect(back.records[0].value).toBe(note.value);
  });
});

describe("GEDCOM 5.5.1 output", () => {
  it("keeps lines within 255 characters with CONC, declares UTF-8, and reads back to the same text", async () => {
    const long = "Beirut, Mount Lebanon — وُلد في زحلة ".repeat(40);
    const person: GedcomNode = {
      level: 0,
      xref: "@I1@",
      tag: "INDI",
      line: 0,
      children: [
        { level: 1, tag: "NAME", value: "Yusuf /Haddad/", line: 0, children: [] },
        { level: 1, tag: "NOTE", value: `${long}\nemail: a@b.lb`, line: 0, children: [] },
        {
          level: 1,
          tag: "BIRT",
          line: 0,
          children: [
            {
              level: 2,
              tag: "DATE",
              value: "JULIAN 5 MAR 1850",
              line: 0,
              children: [{ level: 3, tag: "PHRASE", value: "Lent 1850", line: 0, children: [] }],
            },
          ],
        },
      ],
    };
    const text = await writeGedcomString(undefined, [person], { version: "5.5.1" });
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(255);
    expect(text).toContain("1 CHAR UTF-8");
    expect(text).toContain("2 VERS 5.5.1");
    expect(text).toContain("a@@b.lb");
    expect(text).toContain("2 DATE INT @#DJULIAN@ 5 MAR 1850 (Lent 1850)");
    expect(text.match(/CONC/g)!.length).toBeGreaterThanOrEqual(5);
    const back = await readGedcomAll(bytesSource(text, 100));
    expect(back.header.version).toBe("5.5.1");
    expect(back.records[0].children[1].value).toBe(`${long}\nemail: a@b.lb`);
  });

  it("maximal70.ged written as 5.5.1: shared notes become NOTE records, every line ≤ 255", async () => {
    const first = await readGedcomAll(fileSource(corpusFile(`${MAXIMAL}.ged`)));
    const text = await writeGedcomString(first.header.head, first.records, { version: "5.5.1" });
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(255);
    expect(text).not.toMatch(/^\d+ (@[^@]+@ )?SNOTE/m);
    const back = await readGedcomAll(bytesSource(text));
    expect(back.summary.counts.NOTE).toBe(first.summary.counts.SNOTE);
    expect(back.summary.counts.INDI).toBe(4);
  });
});

describe("5.5.1 → 7.0 → 5.5.1", () => {
  it("dates with phrases, calendars, B.C., ages, relations and shared notes come back as 5.5.1 wrote them", async () => {
    const source = [
      "0 HEAD",
      "1 GEDC",
      "2 VERS 5.5.1",
      "2 FORM LINEAGE-LINKED",
      "1 CHAR UTF-8",
      "0 @I1@ INDI",
      "1 BIRT",
      "2 DATE INT 1850 (Lent 1850)",
      "1 CHR",
      "2 DATE @#DJULIAN@ 5 MAR 1850",
      "1 DEAT",
      "2 DATE (after the war)",
      "2 AGE 5Y 3M",
      "1 BURI",
      "2 DATE 12 AUG 44 B.C.",
      "1 ASSO @I2@",
      "2 RELA Godfather",
      "1 NOTE @N1@",
      "0 @I2@ INDI",
      "0 @N1@ NOTE Shared @@ note",
      "0 TRLR",
      "",
    ].join("\n");
    const v7 = await readGedcomAll(bytesSource(source), { toV7: true });
    const back = await readGedcomAll(bytesSource(await writeGedcomString(v7.header.head, v7.records, { version: "5.5.1" })));
    const person = back.records.find((r) => r.xref === "@I1@")!;
    const date = (tag: string) => person.children.find((c) => c.tag === tag)!.children.find((c) => c.tag === "DATE")!.value;
    expect(date("BIRT")).toBe("INT 1850 (Lent 1850)");
    expect(date("CHR")).toBe("@#DJULIAN@ 5 MAR 1850");
    expect(date("DEAT")).toBe("(after the war)");
    expect(date("BURI")).toBe("12 AUG 44 B.C.");
    expect(person.children.find((c) => c.tag === "DEAT")!.children.find((c) => c.tag === "AGE")!.value).toBe("5Y 3M");
    expect(person.children.find((c) => c.tag === "ASSO")!.children[0]).toMatchObject({ tag: "RELA", value: "Godfather" });
    expect(person.children.find((c) => c.tag === "NOTE")).toMatchObject({ value: "@N1@", pointer: true });
    expect(back.records.find((r) => r.xref === "@N1@")).toMatchObject({ tag: "NOTE", value: "Shared @ note" });
  });
});

describe("GEDZIP refusals", () => {
  it("a ZIP without gedcom.ged and a file that is not a ZIP are refused with a reason", async () => {
    const zip = await collect(writeGedzip(undefined, [], []));
    // Rename the entry inside the archive bytes: same length, so the ZIP stays valid.
    const renamed = Buffer.from(Buffer.from(zip).toString("latin1").replaceAll("gedcom.ged", "family.ged"), "latin1");
    await expect(readZip(bytesSource(renamed, 64))).rejects.toMatchObject({ code: "gedcom.gedzip_no_gedcom" });
    await expect(readZip(bytesSource("0 HEAD\n0 TRLR\n"))).rejects.toMatchObject({ code: "gedcom.gedzip_invalid" });
  });
});

describe("5.x files converted while reading", () => {
  it("royal92.ged (ANSEL, 5.5) converted to 7.0, written and read again keeps its people", async () => {
    const first = await readGedcomAll(fileSource(corpusFile("public-gedcoms/royal92.ged")), { toV7: true });
    expect(first.header.head.children.find((c) => c.tag === "GEDC")!.children[0].value).toBe("7.0");
    const text = await writeGedcomString(first.header.head, first.records);
    const second = await readGedcomAll(bytesSource(text, 65536));
    expect(second.header.version).toBe("7.0");
    expect(second.summary.counts.INDI).toBe(3010);
    expect(second.records.map(shape)).toEqual(first.records.map(shape));
  });
});

describe("kept records", () => {
  it("keptJson writes what JSON.stringify(plain(record)) writes, for every record of maximal70 and royal92", async () => {
    for (const file of [`${MAXIMAL}.ged`, "public-gedcoms/royal92.ged"]) {
      const { records } = await readGedcomAll(fileSource(corpusFile(file)), { toV7: true });
      expect(records.length).toBeGreaterThan(10);
      for (const r of records) expect(keptJson(r)).toBe(JSON.stringify(plain(r)));
    }
  });
});
