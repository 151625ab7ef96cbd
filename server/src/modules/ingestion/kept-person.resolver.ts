import { Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from "type-graphql";
import type { Context } from "../../common/context.js";
import { PersonView } from "../genealogy/index.js";

@ObjectType("PersonFileRecords", {
  description: "What the member's imported files said of a person beyond Roots' own fields, from the records kept whole.",
})
export class PersonFileRecordsView {
  @Field(() => [String], {
    description:
      "Shared notes the person's record points to (GEDCOM SNOTE, 5.5.1 `NOTE @N1@`), in file order. A note written on the person itself is their bio.",
  })
  notes: string[];

  @Field(() => [String], {
    description:
      "Sources cited anywhere in the person's record (GEDCOM SOUR), by title (else abbreviation, name, author or text; never the file's key), each once, in file order.",
  })
  sources: string[];
}

/** Notes and sources at most, per person (a record may cite a source hundreds of times). */
const MAX_ITEMS = 100;

/** A source's part by tag (first one, blank ignored, at most 300 characters). */
const sourcePart = (tag: string) =>
  `left(nullif(btrim(jsonb_path_query_first(k.data::jsonb, 'lax $.children[*] ? (@.tag == "${tag}").value') #>> '{}'), ''), 300)`;

/**
 * The person's kept GEDCOM records (one per import that wrote them) and the shared notes and
 * sources they point to, in the same file. Through the (job, xref) index of shared records.
 */
const FILE_RECORDS_SQL = `
  WITH r AS (
    SELECT k.job_id, k.data::jsonb AS d FROM kept_records k
     WHERE k.owner_id = (SELECT created_by FROM people WHERE id = $1) AND k.record_table = 'people' AND k.record_id = $1),
  refs AS (
    SELECT r.job_id, 'SNOTE' AS tag, p #>> '{}' AS xref FROM r, jsonb_path_query(r.d, 'lax $.children[*] ? (@.tag == "SNOTE" && @.pointer == true).value') p
    UNION
    SELECT r.job_id, 'SOUR', p #>> '{}' FROM r, jsonb_path_query(r.d, 'lax $.** ? (@.tag == "SOUR" && @.pointer == true).value') p)
  SELECT refs.tag,
         CASE refs.tag WHEN 'SNOTE' THEN k.data->>'value'
           ELSE coalesce(${["TITL", "ABBR", "NAME", "AUTH", "TEXT"].map(sourcePart).join(", ")}) END AS text
    FROM refs JOIN kept_records k ON k.job_id = refs.job_id AND k.xref = refs.xref AND k.tag = refs.tag
   ORDER BY k.seq
   LIMIT ${2 * MAX_ITEMS}`;

@Resolver(() => PersonView)
export class PersonFileRecordsResolver {
  @FieldResolver(() => PersonFileRecordsView, {
    description:
      "Shared notes and sources from the member's imported files (full access only: a living person's life is not shown to relatives or curators).",
  })
  async fromFiles(@Root() person: PersonView, @Ctx() ctx: Context): Promise<PersonFileRecordsView> {
    const out = Object.assign(new PersonFileRecordsView(), { notes: [], sources: [] });
    if (!person.fullAccess) return out;
    const rows: { tag: string; text: string | null }[] = await ctx.ds.query(FILE_RECORDS_SQL, [person.rawId]);
    for (const r of rows) {
      const text = r.text?.trim();
      const list = r.tag === "SNOTE" ? out.notes : out.sources;
      if (text && !list.includes(text) && list.length < MAX_ITEMS) list.push(text);
    }
    return out;
  }
}
