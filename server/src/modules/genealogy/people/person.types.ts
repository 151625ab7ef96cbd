import { Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { toGlobalId } from "../../../common/global-id.js";
import { Node } from "../../../common/node.js";
import { MatchKind, MatchReason } from "../names/name-search.js";
import { EntryMethod, Provenance } from "../provenance.js";

registerEnumType(MatchKind, {
  name: "NameMatchKind",
  description: "How a search matched a name.",
  valuesConfig: {
    EXACT: { description: "The same spelling (ignoring case, accents, diacritics and articles)." },
    VARIANT: { description: "An equivalent name in another language (Joseph for Youssef, Pierre for Boutros)." },
    PHONETIC: { description: "The same sound in another spelling or script (Khouri, خوري for Khoury)." },
    TYPO: { description: "A near spelling (trigram similarity)." },
  },
});

registerEnumType(MatchReason, {
  name: "NameMatchReason",
  description: "Why one searched word matched a word of a person's name.",
  valuesConfig: {
    SCRIPT: { description: "The same name in the other script (Khoury ↔ خوري)." },
    SPELLING: { description: "Another spelling of the same sounds (Khoury ↔ Khouri)." },
    FUSED_ARTICLE: { description: "An article written into the word (Elhage ↔ El Hage, Abdelnour ↔ عبد النور)." },
    LATIN_AMERICAN: { description: "A Spanish or Portuguese rendering (Jalil ↔ Khalil, Xaia ↔ Chaia)." },
    EQUIVALENT: { description: "The same given name in another language (Juan ↔ Hanna), from the curated list." },
  },
});

@ObjectType("NameMatchStep", { simpleResolvers: true, description: "How one searched word matched a word of the person's name." })
export class NameMatchStep {
  @Field(() => MatchReason)
  reason: MatchReason;

  @Field(() => String, { description: "The word as searched." })
  searched: string;

  @Field(() => String, { description: "The person's word it matched." })
  matched: string;
}

@ObjectType("PersonSearchMatch", { simpleResolvers: true, description: "Why a person matched a name search." })
export class PersonSearchMatch {
  @Field(() => MatchKind)
  kind: MatchKind;

  @Field(() => String, { description: "The person's stored name or spelling that matched." })
  matchedVariant: string;

  @Field(() => Float, { description: "0 to 1; results are ordered by it." })
  score: number;

  @Field(() => [NameMatchStep], { description: "Each searched word that did not match as spelt, and why it matched." })
  via: NameMatchStep[];
}

@ObjectType("GenealogicalDate", {
  simpleResolvers: true,
  description:
    "A date as typed or as records give it: exact, about, before, after or between. `from` and `to` are Gregorian days, whatever the calendar written (a Hijri date keeps its text).",
})
export class GenealogicalDateView {
  @Field(() => String, { description: "The original text, e.g. `ABT 1890`, `حوالي ١٨٩٠` or `12 رجب 1310 هـ`." })
  text: string;

  @Field(() => String, { description: "exact, about, before, after or between." })
  qualifier: string;

  @Field(() => String, { nullable: true, description: "Earliest day it can mean (yyyy-mm-dd)." })
  from: string | null;

  @Field(() => String, { nullable: true, description: "Latest day it can mean." })
  to: string | null;

  @Field(() => Int, { nullable: true, description: "The year as written (ABT 1915 → 1915)." })
  year: number | null;
}

@ObjectType("PersonViewerCan", { simpleResolvers: true, description: "What the viewer may do with this person." })
export class PersonViewerCan {
  @Field(() => Boolean)
  edit: boolean;

  @Field(() => Boolean, { description: "The viewer may mark this record as themself (they created it and no member holds it)." })
  claimAsSelf: boolean;
}

// Plain properties resolve without type-graphql's per-field wrapper (no field here has a
// role rule); `id` keeps its resolver (see Node). Ancestors return hundreds of people.
@ObjectType("Person", {
  implements: Node,
  simpleResolvers: true,
  description: "A person. Living people appear to most viewers only as Private.",
})
export class PersonView implements Node {
  rawId: string;
  /** The viewer may see everything the record says (not a GraphQL field): what other areas attach to a person follows it. */
  fullAccess: boolean;
  familyId: string | null;
  villageId: string | null;

  get globalId(): string {
    return toGlobalId("Person", this.rawId);
  }

  @Field(() => Boolean, { description: "True when the viewer may not see this living person's details." })
  isPrivate: boolean;

  @Field(() => String, { description: 'The name to show: "Private" (translated) for a private person.' })
  displayName: string;

  @Field(() => String, { nullable: true })
  fullName: string | null;

  @Field(() => String, { nullable: true })
  fullNameAr: string | null;

  @Field(() => String, { nullable: true })
  givenName: string | null;

  @Field(() => String, { nullable: true, description: "Father's name (patronymic chain)." })
  fatherName: string | null;

  @Field(() => String, { nullable: true })
  grandfatherName: string | null;

  @Field(() => String, { nullable: true })
  motherName: string | null;

  @Field(() => [String])
  nameVariants: string[];

  @Field(() => String, { nullable: true, description: "M, F or U." })
  gender: string | null;

  @Field(() => GenealogicalDateView, { nullable: true })
  birth: GenealogicalDateView | null;

  @Field(() => String, { nullable: true })
  birthPlace: string | null;

  @Field(() => GenealogicalDateView, { nullable: true })
  death: GenealogicalDateView | null;

  @Field(() => String, { nullable: true })
  deathPlace: string | null;

  @Field(() => Boolean, { nullable: true, description: "Null when private." })
  isLiving: boolean | null;

  @Field(() => String, { nullable: true })
  occupation: string | null;

  @Field(() => String, { nullable: true })
  bio: string | null;

  @Field(() => String, { nullable: true })
  currentLocation: string | null;

  @Field(() => String, { nullable: true })
  currentCountry: string | null;

  @Field(() => String, { nullable: true, description: "Civil registry record number." })
  registrationNumber: string | null;

  @Field(() => String, { nullable: true })
  sources: string | null;

  @Field(() => Provenance, { nullable: true })
  provenance: Provenance | null;

  @Field(() => Float, { nullable: true, description: "0 to 1." })
  confidence: number | null;

  @Field(() => EntryMethod, {
    nullable: true,
    description: "How the record was entered; confidence means something only for AI-inferred records.",
  })
  entry: EntryMethod | null;

  @Field(() => PersonViewerCan)
  viewerCan: PersonViewerCan;

  @Field(() => Boolean, { description: 'True on the viewer\'s own record ("this is me").' })
  isViewer: boolean;
}

@ObjectType("AncestorEntry", { simpleResolvers: true, description: "A person and how many generations away they are." })
export class LineageEntry {
  @Field(() => Int, { description: "1 = parent (or child), 2 = grandparent (or grandchild) …" })
  generation: number;

  @Field(() => PersonView)
  person: PersonView;

  @Field(() => ID, { description: "Global id of the person one generation closer." })
  viaId: string;
}

@ObjectType("PersonEdge", { simpleResolvers: true })
export class PersonEdge {
  @Field(() => String)
  cursor: string;

  @Field(() => PersonView)
  node: PersonView;

  @Field(() => PersonSearchMatch, { nullable: true, description: "Set when the list was searched by name (never for a private person)." })
  match?: PersonSearchMatch | null;
}
