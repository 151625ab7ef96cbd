import type { DataSource } from "typeorm";
import { hiddenParts, type Access } from "../../genealogy/index.js";
import type { GedcomNode } from "../gedcom/index.js";
import { dateNode } from "./export-dates.js";

/** GEDCOM tags of the events Roots records (the others are written as EVEN with their TYPE). */
const PERSON_TAGS: Record<string, string> = {
  birth: "BIRT",
  baptism: "BAPM",
  death: "DEAT",
  burial: "BURI",
  emigration: "EMIG",
  immigration: "IMMI",
};
const COUPLE_TAGS: Record<string, string> = { marriage: "MARR", engagement: "ENGA" };

export interface ExportedEventRow {
  primary_person_id: string;
  secondary_person_id: string | null;
  type: string;
  date_text: string | null;
  place: string | null;
  title: string | null;
  description: string | null;
  /** Set when the event came from an imported file (its record, kept whole, already holds it). */
  import_job_id: string | null;
}

/** What the viewer may see of a person an event concerns. */
export interface EventPerson {
  access: Access;
  privacy_settings: { showBirthDate?: boolean; showLocation?: boolean } | null;
}

/** The events of the exported people, oldest first. */
export async function eventsOfPeople(ds: DataSource, personIds: string[]): Promise<ExportedEventRow[]> {
  if (!personIds.length) return [];
  return ds.query(
    `SELECT primary_person_id, secondary_person_id, type, date_text, place, title, description, import_job_id
       FROM events WHERE primary_person_id = ANY($1) ORDER BY date_from NULLS LAST, created_at, id`,
    [personIds],
  );
}

/** Whether the event belongs to the couple's family record (a marriage, an engagement) rather than to the person. */
export const isCoupleEvent = (e: ExportedEventRow): boolean => Boolean(COUPLE_TAGS[e.type] && e.secondary_person_id);

/**
 * An event as a level-1 GEDCOM structure, with what the viewer may see of it: nothing when
 * someone it concerns is Private to them (its title could name them), and for a partial view
 * (curators) the date and place as that person's privacy settings allow.
 */
export function eventNode(e: ExportedEventRow, people: Map<string, EventPerson>): GedcomNode | null {
  const concerned = [e.primary_person_id, e.secondary_person_id].filter((id): id is string => Boolean(id)).map((id) => people.get(id));
  if (concerned.some((p) => !p || p.access === "none" || p.access === "private")) return null;
  // What each concerned person's access hides (hiddenParts), as the site shows the event.
  const parts = concerned.map((p) => hiddenParts(p!.access, p!.privacy_settings));
  const showDate = !parts.some((h) => h.dates);
  const showPlace = !parts.some((h) => h.places);
  const showLife = !parts.some((h) => h.life);
  const tag = PERSON_TAGS[e.type] ?? COUPLE_TAGS[e.type] ?? "EVEN";
  const sub = (t: string, value: string | null): GedcomNode[] => (value ? [{ level: 2, tag: t, value, line: 0, children: [] }] : []);
  const children = [
    ...(tag === "EVEN" ? sub("TYPE", showLife ? (e.title ?? e.type) : e.type) : []),
    ...(showDate && e.date_text ? [dateNode(e.date_text)] : []),
    ...(showPlace ? sub("PLAC", e.place) : []),
    ...(tag !== "EVEN" && showLife ? sub("NOTE", e.title) : []),
    ...(showLife ? sub("NOTE", e.description) : []),
  ];
  // An event with nothing more to say still says it happened.
  return { level: 1, tag, ...(children.length || tag === "EVEN" ? {} : { value: "Y" }), line: 0, children };
}
