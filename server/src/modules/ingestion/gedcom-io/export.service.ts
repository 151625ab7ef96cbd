import type { DataSource } from "typeorm";
import type { Viewer } from "../../../common/auth/viewer.js";
import type { Context } from "../../../common/context.js";
import { withRelatives } from "../../genealogy/index.js";
import { picturesForExport, type ExportedPicture } from "../../media/index.js";
import { accessTo, hiddenParts, POLICY_COLUMNS, type Access } from "../../genealogy/index.js";
import { PERSON_COLUMNS, type PersonRow } from "../../genealogy/index.js";
import { walk, type GedcomNode } from "../gedcom/index.js";
import { dateNode } from "./export-dates.js";
import { personalName } from "./indi.js";
import { eventNode, eventsOfPeople, isCoupleEvent, type ExportedEventRow } from "./export-events.js";

export interface ExportScope {
  /** The viewer's own tree (everything they recorded). */
  mine?: boolean;
  /** A person with their ancestors and descendants (ten generations each way). */
  personId?: string;
}

type Row = PersonRow & { access: Access };
type KeptRow = { job_id: string; xref: string | null; tag: string; record_table: string | null; record_id: string | null; data: Plain };
type Plain = { tag: string; value?: string; pointer?: boolean; xref?: string; children?: Plain[] };

const node = (tag: string, value?: string | null, children: GedcomNode[] = [], level = 1): GedcomNode => ({
  level,
  tag,
  ...(value ? { value } : {}),
  line: 0,
  children,
});
/** A level-1 pointer structure (FAMC, FAMS, HUSB, WIFE, CHIL) to an exported record. */
const pointerTo = (tag: string, xref: string | undefined): GedcomNode => ({ ...node(tag, xref), pointer: true });
const toNode = (p: Plain, level = 0): GedcomNode => ({
  level,
  tag: p.tag,
  ...(p.xref ? { xref: p.xref } : {}),
  ...(p.value !== undefined ? { value: p.value } : {}),
  ...(p.pointer ? { pointer: true } : {}),
  line: 0,
  children: (p.children ?? []).map((c) => toNode(c, level + 1)),
});

/** Every pointer in a kept record, renamed to its export xref (or @VOID@ when it was left out). */
function remap(n: GedcomNode, xrefOf: (x: string) => string | undefined): void {
  walk(n, (c) => {
    if (c.pointer && c.value && c.value !== "@VOID@") c.value = xrefOf(c.value) ?? "@VOID@";
  });
}

/**
 * The people of a scope as the viewer may see them, their couples and children as FAM
 * records, and — for the member's own records — every record their files held (sources,
 * notes, media, events, vendor extensions). Living people the viewer may not see are
 * reduced to "Private": no name, dates or places leave the server.
 */
export async function exportRecords(
  ctx: Context,
  scope: ExportScope,
  privateLabel: string,
  /** Filled with the Roots-uploaded pictures the records name (a GEDZIP writes their files). */
  pictures: ExportedPicture[] = [],
): Promise<GedcomNode[]> {
  const { ds, viewer } = ctx;
  await withRelatives(ctx);
  const ids = await scopeIds(ds, viewer, scope);
  // Only people of the request's rootspace (links never leave it, so neither does a line).
  const rows: PersonRow[] = ids.length
    ? await ds.query(
        `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = ANY($1) AND p.rootspace_id = $2 ORDER BY p.created_at, p.id`,
        [ids, ctx.rootspace.id],
      )
    : [];
  const people: Row[] = rows.map((r) => ({ ...r, access: accessTo(ctx.principal, r) })).filter((r) => r.access !== "none");
  const personIds = people.map((p) => p.id);
  const links: { parent_id: string; child_id: string; kind: string }[] = await ds.query(
    `SELECT parent_id, child_id, kind FROM parent_links WHERE parent_id = ANY($1) AND child_id = ANY($1) ORDER BY created_at, id`,
    [personIds],
  );
  const unions: {
    id: string;
    partner1_id: string;
    partner2_id: string;
    kind: string;
    start_date_text: string | null;
    place: string | null;
  }[] = await ds.query(
    `SELECT id, partner1_id, partner2_id, kind, start_date_text, place FROM unions WHERE partner1_id = ANY($1) AND partner2_id = ANY($1) ORDER BY created_at, id`,
    [personIds],
  );
  // The member's own kept records (of finished imports): whole for their people and unions, and the rest of their files.
  const kept: KeptRow[] = viewer.userId
    ? await ds.query(
        `SELECT k.job_id, k.xref, k.tag, k.record_table, k.record_id, k.data FROM kept_records k JOIN import_jobs j ON j.id = k.job_id AND j.status = 'done' AND j.rootspace_id = $5
          WHERE k.owner_id = $1 AND (k.record_id = ANY($2) OR k.record_id = ANY($3) OR (k.record_id IS NULL AND $4))
          ORDER BY k.job_id, k.seq`,
        [viewer.userId, personIds, unions.map((u) => u.id), Boolean(scope.mine), ctx.rootspace.id],
      )
    : [];
  const jobTag = new Map<string, string>();
  const keptXref = (job: string, xref: string) =>
    `@${jobTag.get(job) ?? (jobTag.set(job, `J${jobTag.size + 1}`), jobTag.get(job))}_${xref.replace(/@/g, "")}@`;
  // A person merged from two imports has two kept records: the first (the earlier import's) is theirs.
  const keptByRecord = new Map<string, KeptRow>();
  for (const k of kept) if (k.record_id && !keptByRecord.has(k.record_id)) keptByRecord.set(k.record_id, k);
  const xrefOfPerson = new Map(people.map((p, i) => [p.id, `@I${i + 1}@`]));
  const keptPointer = new Map<string, string>(); // `${job} ${xref}` → export xref
  for (const k of kept)
    if (k.xref)
      keptPointer.set(
        `${k.job_id} ${k.xref}`,
        k.record_table === "people" ? (xrefOfPerson.get(k.record_id!) ?? "@VOID@") : keptXref(k.job_id, k.xref),
      );

  // Families: each kept FAM (with its own substructures), each union, and the parents of each
  // child grouped as a couple.
  type Fam = { xref: string; partners: string[]; children: string[]; union?: (typeof unions)[number]; kept?: KeptRow };
  const personOfXref = new Map([...xrefOfPerson].map(([id, x]) => [x, id]));
  const fams = new Map<string, Fam>();
  const byCouple = new Map<string, Fam>();
  // Every kept FAM stays its own family (a couple may have several: remarriage); unions and
  // links join the first family of their couple, or start one.
  const famOf = (partners: string[], k?: KeptRow) => {
    const couple = [...partners].sort().join(" ");
    let f = k ? undefined : byCouple.get(couple);
    if (!f) {
      f = { xref: k?.xref ? keptXref(k.job_id, k.xref) : `@F${fams.size + 1}@`, partners: [...partners].sort(), children: [], kept: k };
      fams.set(k ? `kept ${fams.size}` : `couple ${couple}`, f);
      if (!byCouple.has(couple)) byCouple.set(couple, f);
    }
    return f;
  };
  // Parent links a kept FAM already states (its HUSB/WIFE and CHIL): the child stays in that
  // family. A child whose link to the family's parents was deleted in Roots since the import
  // leaves it (one the import refused stays: the file said so, and the member was told), and so
  // does a partner who is then neither in a couple nor a parent there (`left`, also for their
  // FAMC/FAMS); a family left with no one and nothing else is not written (`unwritten`).
  const stated = new Set<string>();
  const left = new Set<string>(); // `${family xref} ${person id}`
  const unwritten = new Set<string>();
  const linked = new Set(links.map((l) => `${l.parent_id} ${l.child_id}`));
  const coupled = new Set(unions.map((u) => [u.partner1_id, u.partner2_id].sort().join(" ")));
  const refused = await refusedChildren(ds, kept);
  const personOf = (k: KeptRow, x: string | undefined) => personOfXref.get(keptPointer.get(`${k.job_id} ${x}`) ?? "");
  for (const k of kept) {
    if (k.tag !== "FAM") continue;
    const nodes = k.data.children ?? [];
    const partners = nodes
      .filter((c) => (c.tag === "HUSB" || c.tag === "WIFE") && c.value)
      .map((c) => personOf(k, c.value))
      .filter((id): id is string => Boolean(id));
    const chil = nodes
      .filter((c) => c.tag === "CHIL" && c.value)
      .map((c) => ({ id: personOf(k, c.value), refused: refused.has(`${k.job_id} ${k.xref} ${c.value}`) }));
    const parentOf = (p: string, c: { id?: string; refused: boolean }) => c.refused || linked.has(`${p} ${c.id}`);
    const kids = chil.filter((c) => c.id && (!partners.length || partners.some((p) => parentOf(p, c))));
    const couple = partners.length === 2 && coupled.has([...partners].sort().join(" "));
    const f = famOf(
      partners.filter((p) => couple || !chil.length || kids.some((c) => parentOf(p, c))),
      k,
    );
    for (const child of kids) {
      f.children.push(child.id!);
      for (const parent of f.partners) stated.add(`${parent} ${child.id}`);
    }
    for (const id of [...partners, ...chil.map((c) => c.id)])
      if (id && !f.partners.includes(id) && !f.children.includes(id)) left.add(`${f.xref} ${id}`);
    if (!f.partners.length && !f.children.length && nodes.every((c) => ["HUSB", "WIFE", "CHIL"].includes(c.tag))) unwritten.add(f.xref);
  }
  for (const u of unions) famOf([u.partner1_id, u.partner2_id]).union = u;
  const parentsOf = new Map<string, string[]>();
  for (const l of links)
    if (!stated.has(`${l.parent_id} ${l.child_id}`)) parentsOf.set(l.child_id, [...(parentsOf.get(l.child_id) ?? []), l.parent_id]);
  for (const [child, parents] of parentsOf) famOf(parents.slice(0, 2)).children.push(child);
  // Events recorded in Roots (and, for records not kept whole, imported ones): a couple's
  // marriage or engagement goes to the couple's family, the others to the person.
  const byId = new Map(people.map((p) => [p.id, p]));
  const events = await eventsOfPeople(ds, personIds);
  const eventsOf = new Map<string, ExportedEventRow[]>();
  for (const e of events) {
    const couple = isCoupleEvent(e) && byId.has(e.secondary_person_id!);
    const key = couple ? famOf([e.primary_person_id, e.secondary_person_id!]).xref : e.primary_person_id;
    eventsOf.set(key, [...(eventsOf.get(key) ?? []), e]);
  }
  /** Adds the events of a record, leaving out those its kept record holds and a second BIRT, DEAT or MARR. */
  const addEvents = (record: GedcomNode, key: string, kept: boolean) => {
    for (const e of eventsOf.get(key) ?? []) {
      if (kept && e.import_job_id) continue;
      const ev = eventNode(e, byId);
      if (ev && !(["BIRT", "DEAT", "MARR"].includes(ev.tag) && record.children.some((c) => c.tag === ev.tag))) record.children.push(ev);
    }
  };
  const famsOfPerson = new Map<string, string[]>();
  const famcOfPerson = new Map<string, string[]>();
  for (const f of fams.values()) {
    for (const p of f.partners) famsOfPerson.set(p, [...(famsOfPerson.get(p) ?? []), f.xref]);
    for (const c of f.children) famcOfPerson.set(c, [...(famcOfPerson.get(c) ?? []), f.xref]);
  }
  const famXrefs = new Set([...fams.values()].map((f) => f.xref).filter((x) => !unwritten.has(x)));
  // Pictures uploaded in Roots: an OBJE record each, linked from the person (portrait first).
  pictures.push(...(await picturesForExport(ds, ctx.principal, people, ctx.language)));
  const objeOf = new Map<string, string[]>();
  for (const [i, pic] of pictures.entries()) objeOf.set(pic.personId, [...(objeOf.get(pic.personId) ?? []), `@M${i + 1}@`]);
  const out: GedcomNode[] = [];
  for (const p of people) {
    const k = keptByRecord.get(p.id);
    const indi =
      p.access === "private"
        ? privateIndi(privateLabel)
        : k
          ? fromKept(k, p, (x) => keptPointer.get(`${k.job_id} ${x}`))
          : modelled(p, p.access);
    if (p.access !== "private") addEvents(indi, p.id, Boolean(k));
    indi.xref = xrefOfPerson.get(p.id);
    if (p.access === "full" && !indi.children.some((c) => c.tag === "UID")) indi.children.push(node("UID", p.id));
    // Kept FAMC/FAMS keep their own details (PEDI, STAT, notes) when the family is exported and the person has not left it.
    const stays = (c: GedcomNode) => c.value === "@VOID@" || (famXrefs.has(c.value ?? "") && !left.has(`${c.value} ${p.id}`));
    indi.children = indi.children.filter((c) => !(c.tag === "FAMC" || c.tag === "FAMS") || stays(c));
    const has = (tag: string, x: string) => indi.children.some((c) => c.tag === tag && c.value === x);
    for (const f of famcOfPerson.get(p.id) ?? []) if (!has("FAMC", f)) indi.children.push(pointerTo("FAMC", f));
    for (const f of famsOfPerson.get(p.id) ?? []) if (!has("FAMS", f)) indi.children.push(pointerTo("FAMS", f));
    for (const m of objeOf.get(p.id) ?? []) indi.children.push(pointerTo("OBJE", m));
    out.push(indi);
  }
  for (const f of fams.values()) {
    const k = f.kept;
    const fam = k ? toNode(k.data) : node("FAM", null, [], 0);
    if (k) remap(fam, (x) => keptPointer.get(`${k.job_id} ${x}`));
    const hidden = f.partners.some((id) => byId.get(id)!.access === "private");
    // Kept HUSB/WIFE/CHIL stay (with their phrases) when they point to the family's exported people.
    const member = (c: GedcomNode) => (c.tag === "CHIL" ? f.children : f.partners).includes(personOfXref.get(c.value ?? "") ?? "");
    fam.children = fam.children.filter((c) => !["HUSB", "WIFE", "CHIL"].includes(c.tag) || member(c));
    if (unwritten.has(f.xref)) continue;
    const has = (tag: string, x: string) => fam.children.some((c) => c.tag === tag && c.value === x);
    const [a, b] = f.partners.map((id) => byId.get(id)!);
    const roles = !b || a.gender !== "F" ? [a, b] : [b, a];
    const head: GedcomNode[] = [];
    if (roles[0] && !fam.children.some((c) => c.tag === "HUSB" || (c.tag === "WIFE" && c.value === xrefOfPerson.get(roles[0].id))))
      head.push(pointerTo("HUSB", xrefOfPerson.get(roles[0].id)));
    if (roles[1] && !fam.children.some((c) => c.tag === "WIFE" || (c.tag === "HUSB" && c.value === xrefOfPerson.get(roles[1].id))))
      head.push(pointerTo("WIFE", xrefOfPerson.get(roles[1].id)));
    fam.children = [
      ...head,
      ...fam.children,
      ...f.children.filter((c) => !has("CHIL", xrefOfPerson.get(c)!)).map((c) => pointerTo("CHIL", xrefOfPerson.get(c))),
    ];
    if (!k && f.union?.kind === "marriage" && !hidden) {
      // The marriage's date and place follow both partners' privacy (hiddenParts), as on their pages.
      const parts = f.partners.map((id) => byId.get(id)!).map((p) => hiddenParts(p.access, p.privacy_settings));
      const date = parts.some((h) => h.dates) ? null : f.union.start_date_text;
      const place = parts.some((h) => h.places) ? null : f.union.place;
      const sub = [date ? dateNode(date) : null, place ? node("PLAC", place, [], 2) : null].filter((x): x is GedcomNode => x !== null);
      fam.children.push(node("MARR", sub.length ? undefined : "Y", sub));
    }
    addEvents(fam, f.xref, Boolean(k));
    // A couple with a living partner the viewer may not see shows only who belongs to it.
    if (hidden) fam.children = fam.children.filter((c) => ["HUSB", "WIFE", "CHIL"].includes(c.tag)).map((c) => ({ ...c, children: [] }));
    fam.xref = f.xref;
    out.push(fam);
  }
  for (const [i, pic] of pictures.entries()) {
    const file = node("FILE", pic.path, [node("FORM", "image/jpeg", [], 2), ...(pic.title ? [node("TITL", pic.title, [], 2)] : [])]);
    out.push({ ...node("OBJE", null, [file], 0), xref: `@M${i + 1}@` });
  }
  for (const k of kept) {
    if (k.record_id || k.tag === "FAM") continue;
    const rec = toNode(k.data);
    // Records without an xref (7.0 allows them; vendors write definitions that way) stay without.
    if (k.xref) rec.xref = keptXref(k.job_id, k.xref);
    else delete rec.xref;
    remap(rec, (x) => keptPointer.get(`${k.job_id} ${x}`));
    out.push(rec);
  }
  return out;
}

async function scopeIds(ds: DataSource, viewer: Viewer, scope: ExportScope): Promise<string[]> {
  if (scope.mine && viewer.userId) {
    const rows: { id: string }[] = await ds.query(`SELECT id FROM people WHERE created_by = $1`, [viewer.userId]);
    return rows.map((r) => r.id);
  }
  if (!scope.personId) return [];
  // The person, ancestors and descendants: one recursive statement each way.
  const rows: { id: string }[] = await ds.query(
    `WITH RECURSIVE up(id, g) AS (SELECT $1::uuid, 0 UNION SELECT pl.parent_id, up.g + 1 FROM parent_links pl JOIN up ON pl.child_id = up.id WHERE up.g < 10),
                   down(id, g) AS (SELECT $1::uuid, 0 UNION SELECT pl.child_id, down.g + 1 FROM parent_links pl JOIN down ON pl.parent_id = down.id WHERE down.g < 10)
     SELECT id FROM up UNION SELECT id FROM down`,
    [scope.personId],
  );
  return rows.map((r) => r.id);
}

function privateIndi(label: string): GedcomNode {
  return node("INDI", null, [node("NAME", label)], 0);
}

/** An INDI from what Roots holds (people added in Roots, or seen by someone else). */
function modelled(p: PersonRow, access: Access): GedcomNode {
  const partial = access === "partial";
  const showBirth = !partial || p.privacy_settings?.showBirthDate;
  const showPlace = !partial || p.privacy_settings?.showLocation;
  const name = node(
    "NAME",
    p.full_name,
    p.full_name_ar && p.full_name_ar !== p.full_name ? [node("TRAN", p.full_name_ar, [node("LANG", "ar", [], 3)], 2)] : [],
  );
  const kids: GedcomNode[] = [name];
  if (p.gender && p.gender !== "U") kids.push(node("SEX", p.gender));
  else kids.push(node("SEX", "U"));
  const event = (tag: string, date: string | null, place: string | null, happened: boolean) => {
    const sub = [date ? dateNode(date) : null, place ? node("PLAC", place, [], 2) : null].filter((x): x is GedcomNode => x !== null);
    if (sub.length || happened) kids.push(node(tag, sub.length ? undefined : "Y", sub));
  };
  if (showBirth) event("BIRT", p.birth_date_text, showPlace ? p.birth_place : null, false);
  event("DEAT", p.death_date_text, showPlace ? p.death_place : null, Boolean(p.is_deceased));
  if (!partial && p.occupation) kids.push(node("OCCU", p.occupation));
  if (!partial && p.bio) kids.push(node("NOTE", p.bio));
  return node("INDI", null, kids, 0);
}

/**
 * The children of kept families whose links the import refused (`${job} ${family xref} ${child
 * xref}`), from the jobs' outcomes: the export still writes them in their family, as the file did.
 */
async function refusedChildren(ds: DataSource, kept: KeptRow[]): Promise<Set<string>> {
  const jobs = [...new Set(kept.filter((k) => k.tag === "FAM").map((k) => k.job_id))];
  if (!jobs.length) return new Set();
  const rows: { job_id: string; fam: string; child: string }[] = await ds.query(
    `SELECT job_id, data->>'fam' AS fam, to_key AS child FROM import_outcomes WHERE job_id = ANY($1) AND kind = 'link' AND error_keys <> '{}' AND data ? 'fam'`,
    [jobs],
  );
  return new Set(rows.map((r) => `${r.job_id} ${r.fam} ${r.child}`));
}

/** A kept INDI with what was changed in Roots since the import written over it. */
function fromKept(k: { data: Plain }, p: PersonRow, pointer: (x: string) => string | undefined): GedcomNode {
  const indi = toNode(k.data);
  remap(indi, pointer);
  const name = indi.children.find((c) => c.tag === "NAME");
  const current = p.full_name && p.full_name !== "?" ? p.full_name : null;
  if (name && current && personalName(name.value) !== current && personalName(name.value) !== p.full_name_ar) name.value = current;
  const sex = indi.children.find((c) => c.tag === "SEX");
  if (sex && p.gender && sex.value !== p.gender && p.gender !== "U") sex.value = p.gender;
  return indi;
}
