import { KeyTable } from "../../../common/key-table.js";
import { fileStorage } from "../../../common/storage/index.js";
import { stagedId } from "../staging.js";
import { parseGenealogicalDate } from "../../genealogy/index.js";
import { GedcomError, readGedcom, readGedzip, walk, type GedcomEvent, type GedcomNode, type GedzipMedia } from "../gedcom/index.js";
import { UnreadableFileError, type Importer, type StageContext, type StageResult } from "../importer.js";
import { importMediaKey, openJobFile } from "../job-file.js";
import { personColumns } from "../person-record.js";
import { villageMatcher } from "../village-matcher.js";
import type { Names } from "../staged-names.js";
import { familyEvents, personEvents } from "./events.js";
import { cleanPlace, familyFromFam, keptJson, pedigreeKinds, personFromIndi } from "./indi.js";
import { MIN_PARENT_GAP_YEARS } from "../../genealogy/index.js";

const EVENT_TAGS = new Set([
  "BIRT",
  "CHR",
  "BAPM",
  "DEAT",
  "BURI",
  "CREM",
  "ADOP",
  "BARM",
  "BASM",
  "BLES",
  "CHRA",
  "CONF",
  "FCOM",
  "GRAD",
  "EMIG",
  "IMMI",
  "NATU",
  "CENS",
  "PROB",
  "WILL",
  "RETI",
  "ORDN",
  "EVEN",
  "MARR",
  "ENGA",
  "DIV",
  "DIVF",
  "ANUL",
  "MARB",
  "MARC",
  "MARL",
  "MARS",
  "RESI",
  "OCCU",
]);

/**
 * GEDCOM 5.5 / 5.5.1 / 5.5.5 / 7.0 and GEDZIP: streamed record by record, converted to 7.0,
 * mapped to people, unions and parent links, and every record kept whole for the export.
 */
export const gedcomImporter: Importer = {
  async stage(ctx: StageContext): Promise<StageResult> {
    const zipped = /\.(gdz|zip)$/i.test(ctx.job.fileName);
    const matchVillage = await villageMatcher(ctx.ds, ctx.job.rootspaceId);
    const places = new Set<string>();
    const counts = { parsed: 0, events: 0, sources: 0, media: 0, places: 0 };
    let version = "unknown";
    let source = "";
    let mediaIndex = 0;
    // The keys given so far, one per record (compact: a file of millions of records stays small).
    const seen = new KeyTable();
    const warn = (line: number | null, key: string, params: Record<string, unknown> = {}) => ctx.stager.warn({ line, key, params });
    // The bytes read against the file's size is how far the reading is (the progress bar).
    let bytesRead = 0;
    const stored = await openJobFile(ctx.config, ctx.job);
    const input = (async function* () {
      for await (const chunk of stored as AsyncIterable<Buffer>) {
        bytesRead += chunk.length;
        yield chunk;
      }
    })();
    const events: AsyncIterable<GedcomEvent | GedzipMedia> = zipped
      ? readGedzip(input, {
          toV7: true,
          onWarning: (w) => void warn(w.line || null, w.code),
          maxMediaBytes: ctx.config.IMPORT_MEDIA_MAX_BYTES,
          maxUnpackedBytes: ctx.config.IMPORT_UNPACKED_MAX_BYTES,
        })
      : readGedcom(input, { toV7: true, onWarning: (w) => void warn(w.line || null, w.code) });
    try {
      for await (const ev of events) {
        if (ev.type === "header") {
          version = ev.header.version;
          source = [ev.header.sourceSystem?.name ?? ev.header.sourceSystem?.id, ev.header.sourceSystem?.version].filter(Boolean).join(" ");
          continue;
        }
        if (ev.type === "media") {
          // Kept in the storage until the commit writes it (the commit may run on another server).
          const file = importMediaKey(ctx.job.id, mediaIndex++);
          await fileStorage(ctx.config).put(file, ev.data);
          counts.media++;
          await ctx.stager.add({ kind: "media", localKey: null, line: null, data: { path: ev.path, file } });
          continue;
        }
        if (ev.type !== "record") continue;
        const record = ev.record;
        counts.parsed++;
        walkPlaces(record, places);
        for (const c of record.children) if (EVENT_TAGS.has(c.tag)) counts.events++;
        // A second record with an xref already used keeps its own key (pointers go to the first).
        const key = record.xref ? uniqueKey(record.xref, seen) : null;
        if (record.tag === "INDI") await stagePerson(ctx, record, key, matchVillage);
        else if (record.tag === "FAM" && key) await stageFamily(ctx, record, key);
        else {
          if (record.tag === "SOUR") counts.sources++;
          if (record.tag === "OBJE") counts.media++;
          await keepOnly(ctx, record, key);
        }
        // Progress is saved at most every IMPORT_PROGRESS_MS anyway; asking every 256 records is enough.
        if ((counts.parsed & 255) === 0) await ctx.progress({ parsed: counts.parsed, read: bytesRead });
      }
    } catch (err) {
      if (err instanceof GedcomError) throw new UnreadableFileError(err.code);
      throw err;
    } finally {
      // A read that stopped early (a refused file, a cancel) lets the file or connection go.
      stored.destroy();
    }
    counts.places = places.size;
    return { counts, options: { version, source } };
  },
};

/** The record's xref, or (for a second record with the same xref) `@I1_2@`, `@I1_3@`… */
function uniqueKey(xref: string, seen: KeyTable): string {
  let key = xref;
  for (let n = 2; seen.has(key); n++) key = `${xref.slice(0, -1)}_${n}@`;
  seen.add(key);
  return key;
}

/** An INDI becomes a person, with or without an xref (7.0 allows a person nobody points to). */
async function stagePerson(ctx: StageContext, indi: GedcomNode, key: string | null, matchVillage: (n: string) => string | null) {
  const { person, externalIds, birthLocalities } = personFromIndi(indi);
  // Adopted, foster…: the child's FAMC.PEDI, which may come before or after the FAM. Staged
  // with the child (only when not birth) and given to its links by the review: nothing about
  // the file's families is held in memory while it is read.
  const pedigrees = key ? [...pedigreeKinds(indi)].filter(([, kind]) => kind !== "birth") : [];
  const events = personEvents(indi);
  const villageId = birthLocalities.map(matchVillage).find(Boolean) ?? null;
  const { columns, errors } = personColumns({ ...person, villageId }, ctx.today);
  const nameless = !columns.full_name || (columns.full_name === "?" && !columns.full_name_ar);
  // Warnings about the person name them as the file does (a nameless one by its key).
  const latin = columns.full_name === "?" ? null : (columns.full_name as string);
  const record: Names = nameless ? [key, null] : [latin, columns.full_name_ar as string | null];
  // A family file is the member's record of the past: an unreadable or odd date is a warning,
  // never a reason to leave a person out (the original text is kept with the record).
  for (const e of errors) await ctx.stager.warn({ line: indi.line, key: e, params: { years: MIN_PARENT_GAP_YEARS }, record });
  if (errors.includes("errors.death_before_birth") || errors.includes("errors.date_in_future")) {
    for (const k of ["death_date_text", "death_date_qualifier", "death_date_from", "death_date_to"]) columns[k] = null;
  }
  if (nameless) {
    columns.full_name = "?";
    await ctx.stager.warn({ line: indi.line, key: "ingestion.warn.no_name", record });
  }
  const targetId = stagedId();
  await ctx.stager.add(
    {
      kind: "person",
      localKey: key,
      line: indi.line,
      targetId,
      columns,
      data: {
        externalIds,
        ...(pedigrees.length ? { pedigrees: Object.fromEntries(pedigrees) } : {}),
        ...(events.length ? { events } : {}),
      },
    },
    { xref: key, tag: indi.tag, recordTable: "people", recordId: targetId, json: keptJson(indi) },
  );
}

async function stageFamily(ctx: StageContext, fam: GedcomNode, key: string) {
  const f = familyFromFam(fam);
  // Birth links unless the child's record says otherwise (see stagePerson).
  for (const child of f.children) {
    for (const parent of f.partners) {
      // The CHIL line: the review points to the child the link is about.
      await ctx.stager.add({
        kind: "link",
        localKey: null,
        line: child.line || fam.line,
        targetId: stagedId(),
        ends: [parent, child.xref],
        data: { kind: "birth", fam: key },
      });
    }
  }
  if (f.partners.length === 2 && f.partners[0] !== f.partners[1]) {
    const date = f.date ? parseGenealogicalDate(f.date) : null;
    const events = familyEvents(fam);
    const targetId = stagedId();
    await ctx.stager.add(
      {
        kind: "union",
        localKey: key,
        line: fam.line,
        targetId,
        ends: [f.partners[0], f.partners[1]],
        data: {
          kind: f.married ? "marriage" : "unknown",
          dateText: date?.text ?? null,
          dateQualifier: date?.qualifier ?? null,
          dateFrom: date?.from ?? null,
          dateTo: date?.to ?? null,
          place: f.place,
          ...(events.length ? { events } : {}),
        },
      },
      { xref: key, tag: fam.tag, recordTable: "unions", recordId: targetId, json: keptJson(fam) },
    );
  } else {
    await keepOnly(ctx, fam, key);
  }
}

/** A record Roots does not model (sources, notes, media, a family without a couple…): kept whole, for the export. */
async function keepOnly(ctx: StageContext, record: GedcomNode, key: string | null) {
  await ctx.stager.add(
    { kind: "record", localKey: key, line: record.line, data: {} },
    { xref: key, tag: record.tag, recordTable: null, recordId: null, json: keptJson(record) },
  );
}

function walkPlaces(record: GedcomNode, places: Set<string>) {
  walk(record, (n) => {
    const place = n.tag === "PLAC" ? cleanPlace(n.value) : null;
    if (place && places.size < 1_000_000) places.add(place);
  });
}
