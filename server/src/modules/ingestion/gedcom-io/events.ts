import type { Queryable } from "../phases.js";
import { parseGenealogicalDate, treeBulkWrites } from "../../genealogy/index.js";
import type { GedcomNode } from "../gedcom/index.js";
import { dateText, placeOf } from "./indi.js";

/**
 * GEDCOM events that Roots models as rows of `events` (birth, death and marriage live on the
 * person and the union themselves). The whole structure stays in the kept record, which is what
 * the export writes: these rows are for Roots' own pages and searches, never written twice.
 */
const PERSON_EVENTS: Record<string, string> = { CHR: "baptism", BAPM: "baptism", BURI: "burial", EMIG: "emigration", IMMI: "immigration" };
const FAMILY_EVENTS: Record<string, string> = { ENGA: "engagement" };

/** An event as staged (JSON in import_staged.data.events, present when there is one), ready for one INSERT … SELECT. */
export interface StagedEvent {
  type: string;
  dateText: string | null;
  dateQualifier: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  place: string | null;
}

function eventsOf(record: GedcomNode, types: Record<string, string>): StagedEvent[] {
  return record.children
    .filter((c) => types[c.tag])
    .map((c) => {
      const text = dateText(c);
      // An unreadable date keeps its text (the range stays unknown).
      const date = text ? parseGenealogicalDate(text) : null;
      return {
        type: types[c.tag],
        dateText: text,
        dateQualifier: date?.qualifier ?? null,
        dateFrom: date?.from ?? null,
        dateTo: date?.to ?? null,
        place: placeOf(c).full,
      };
    });
}

/** Baptisms, burials, emigrations and immigrations of an INDI. */
export const personEvents = (indi: GedcomNode): StagedEvent[] => eventsOf(indi, PERSON_EVENTS);
/** Engagements of a FAM (a couple's marriage is the union itself). */
export const familyEvents = (fam: GedcomNode): StagedEvent[] => eventsOf(fam, FAMILY_EVENTS);

/**
 * Writes the staged events of a job's committed people and unions (inside the commit's
 * transaction), replacing those an earlier import wrote of the people it updates
 * (`reimported`). Set-based.
 */
export async function commitImportedEvents(tx: Queryable, jobId: string, userId: string, reimported: string[]): Promise<void> {
  if (reimported.length) {
    await tx.query(`/* events */ ${treeBulkWrites.deleteImportedEvents}`, [reimported, userId]);
  }
  const values = `gen_random_uuid(), e->>'type', e->>'dateText', e->>'dateQualifier', (e->>'dateFrom')::date, (e->>'dateTo')::date, e->>'place'`;
  await tx.query(
    `/* events */ ${treeBulkWrites.insertEvents}
     SELECT ${values}, p.id, NULL, CASE WHEN p.village_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[p.village_id] END, $2, $1
       FROM import_staged s JOIN people p ON p.id = s.target_id
       CROSS JOIN LATERAL jsonb_array_elements(s.data->'events') e
      WHERE s.job_id = $1 AND s.kind = 'person' AND s.data ? 'events' AND s.error_keys = '{}' AND s.action <> 'skip'`,
    [jobId, userId],
  );
  await tx.query(
    `/* events */ ${treeBulkWrites.insertEvents}
     SELECT ${values}, u.partner1_id, u.partner2_id, '{}'::uuid[], $2, $1
       FROM import_staged s JOIN unions u ON u.id = s.target_id
       CROSS JOIN LATERAL jsonb_array_elements(s.data->'events') e
      WHERE s.job_id = $1 AND s.kind = 'union' AND s.data ? 'events' AND s.error_keys = '{}'`,
    [jobId, userId],
  );
}
