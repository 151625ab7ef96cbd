import type { Hidden } from "./person.policy.js";

/**
 * THE ACCESS POLICY TABLE for people data: for every GraphQL type that carries data about a
 * person, what governs each of its fields, and for every path that leads to such a type (a
 * root operation, or a field of a village or register), what each of its arguments may
 * reveal. Who gets which access level is `accessTo` (person.policy.ts); what each level hides
 * of a person is `hiddenParts`; this table says which of those parts each field follows.
 *
 * The presenters read it (`maskFields`, `auditColumnHidden`), docs/access-policy.md is rendered
 * from it (`renderPolicyMarkdown`), and tests/integration/policy-walk.test.ts walks the
 * schema against it: a new field or operation that carries person data fails that test until
 * it is written here.
 */

export type Part = keyof Hidden;

/**
 * - `shown`: shown whenever the object is (ids, kinds, the viewer's own rights, the record's provenance);
 * - a part, or parts: empty (null, [] or "Private") when any of them is hidden for the person(s) the object is about;
 * - `person`: a person (or people), each shaped by this table from their own row;
 * - `visible`: a list or count of only what the viewer may see, or a value worked out from it alone: a hidden
 *   person is neither listed nor counted, nor a hidden part of them compared;
 * - `own`: what the viewer's own import file says (only its importer reads it).
 */
export type Rule = "shown" | Part | readonly Part[] | "person" | "visible" | "own";

export interface TypePolicy {
  /** Whom the object is about, and what becomes of it when that person is hidden altogether. */
  about: string;
  fields: Readonly<Record<string, Rule>>;
}

/**
 * - `id`: looks a record up by id: NOT_FOUND (or null) when its person is hidden, as if absent;
 * - a part: filters or matches only on what that part shows of each person;
 * - `page`: paging; `shown`: not about a person (a village, a type); `input`: what the viewer writes.
 */
export type ArgRule = "id" | Part | "page" | "shown" | "input";

export interface PathPolicy {
  /** What the path gives of someone the viewer may not see. */
  hidden: string;
  args: Readonly<Record<string, ArgRule>>;
}

const DATES_AND_PLACES = ["dates", "places"] as const;
const CONNECTION = { edges: "visible", totalCount: "visible", pageInfo: "shown" } as const;
const EDGE = { cursor: "shown", node: "visible" } as const;
const PAGE = { first: "page", after: "page" } as const;

export const POLICY_TYPES: Readonly<Record<string, TypePolicy>> = {
  Person: {
    about:
      'The person. Private access: shown as "Private" (no name, dates, places). No access (not public): NOT_FOUND, null or left out of lists.',
    fields: {
      id: "shown",
      isPrivate: "shown",
      isViewer: "shown",
      viewerCan: "shown",
      displayName: "all",
      fullName: "all",
      fullNameAr: "all",
      givenName: "all",
      fatherName: "all",
      grandfatherName: "all",
      motherName: "all",
      nameVariants: "all",
      gender: "all",
      isLiving: "all",
      provenance: "all",
      confidence: "all",
      entry: "all",
      family: "all",
      village: "all",
      birth: "dates",
      birthPlace: DATES_AND_PLACES,
      death: "dates",
      deathPlace: DATES_AND_PLACES,
      currentLocation: "places",
      currentCountry: "places",
      occupation: "life",
      bio: "life",
      sources: "life",
      registrationNumber: "life",
      fromFiles: "life",
      events: "visible",
      unions: "visible",
      // Only to an editor of the person: the genders of the parents they may see (not to offer a second father).
      parentGenders: "visible",
      // Pictures (media area, media.policy.ts): the portrait and photos with the name, document scans with the life.
      portrait: "all",
      media: "visible",
    },
  },
  PersonFileRecords: { about: "The person whose kept import records they are.", fields: { notes: "life", sources: "life" } },
  Union: {
    about: "Both partners: left out when the partner has no access; its date and place follow both partners' settings.",
    fields: { id: "shown", kind: "shown", partner: "person", start: "dates", place: "places" },
  },
  Event: {
    about:
      "Its primary and secondary person: left out (NOT_FOUND alone) when the viewer sees either only as Private; otherwise follows both.",
    fields: {
      id: "shown",
      type: "shown",
      familyIds: "shown",
      villages: "shown",
      provenance: "shown",
      confidence: "shown",
      viewerCan: "shown",
      primaryPerson: "person",
      secondaryPerson: "person",
      date: "dates",
      place: "places",
      placeInReaderScript: "places",
      title: "life",
      titleAr: "life",
      titleFr: "life",
      description: "life",
      descriptionAr: "life",
      descriptionFr: "life",
      sources: "life",
    },
  },
  EventConnection: { about: "Events the viewer may see.", fields: CONNECTION },
  EventEdge: { about: "An event the viewer may see.", fields: EDGE },
  RegistryEntry: {
    about: "Its person: left out when the viewer sees them only as Private.",
    fields: {
      id: "shown",
      person: "person",
      destinationCountry: "shown",
      provenance: "shown",
      confidence: "shown",
      viewerCan: "shown",
      departureYear: "dates",
      notes: "life",
      sources: "life",
    },
  },
  RegistryCountry: {
    about: "Entries of people the viewer may see; a country none of them left for is not listed.",
    fields: { country: "visible", count: "visible", entries: "visible" },
  },
  AuditEntry: {
    about:
      "The record it changed (for people: as person() would show them; NOT_FOUND when hidden). An entry of a person merged in follows that person, and a merge follows both.",
    fields: {
      id: "shown",
      action: "shown",
      recordId: "shown",
      userName: "shown",
      createdAt: "shown",
      canRevert: "shown",
      changes: "visible",
    },
  },
  AuditChange: {
    about: "One column of the record: shown as the column's rule (POLICY_AUDIT_COLUMNS) says.",
    fields: { field: "visible", before: "visible", after: "visible" },
  },
  AuditEntryConnection: { about: "Entries of a record the viewer may see; all of them counted.", fields: CONNECTION },
  AuditEntryEdge: { about: "An entry.", fields: EDGE },
  ReviewItem: {
    about: "A public person (or family) of a village the viewer curates.",
    fields: {
      id: "shown",
      kind: "shown",
      provenance: "shown",
      createdAt: "shown",
      villageId: "shown",
      villageName: "shown",
      villageNameAr: "shown",
      villageNameFr: "shown",
      title: "all",
      titleAr: "all",
      sources: "life",
    },
  },
  ReviewItemEdge: { about: "An item.", fields: EDGE },
  ReviewQueueConnection: { about: "Items of the viewer's villages.", fields: CONNECTION },
  VerifyResult: {
    about: "The record verified; a living person's earlier sources stay theirs.",
    fields: { id: "shown", kind: "shown", provenance: "shown", sources: "life" },
  },
  DuplicateSuggestion: {
    about: "A person the viewer sees as more than Private (others are never suggested); a hidden birth year is never compared.",
    fields: { person: "person", matchedName: "all", reasons: "visible", score: "visible" },
  },
  AncestorEntry: {
    about: "A person of the line (shown as Private when hidden; the line goes on through them).",
    fields: { person: "person", generation: "shown", viaId: "shown" },
  },
  TreeStart: {
    about: "The person the viewer's own tree opens on: their record, the root they chose, or their most connected person.",
    fields: { person: "person", reason: "shown", openPicker: "shown" },
  },
  Relationship: {
    about: "The path between two people through people the viewer may see; a Private person's gender does not shape the name.",
    fields: {
      path: "person",
      commonAncestors: "person",
      related: "visible",
      samePerson: "shown",
      steps: "visible",
      generationsUp: "visible",
      generationsDown: "visible",
      name: "visible",
      names: "visible",
    },
  },
  PersonConnection: {
    about: "People the viewer may see; living people they may not see are neither listed nor counted.",
    fields: CONNECTION,
  },
  PersonEdge: { about: "A person of the list.", fields: { ...EDGE, match: "all" } },
  RootVillage: {
    about: "A village of the viewer's own roots (their record, their ancestors, their profile).",
    fields: { village: "shown", reasons: "visible" },
  },
  RootReasonView: {
    about: "Why a village is among the viewer's roots: their own record or an ancestor's, each shaped by this table.",
    fields: { kind: "shown", person: "person", generation: "shown", declared: "own" },
  },
  ImportRecord: {
    about: "A record of the viewer's own import file; `duplicate` and `person` are people of the tree.",
    fields: {
      action: "own",
      birth: "own",
      death: "own",
      ends: "own",
      errors: "own",
      key: "own",
      kind: "own",
      line: "own",
      name: "own",
      nameAr: "own",
      canMerge: "shown",
      duplicate: "person",
      person: "person",
    },
  },
  ImportRecordConnection: { about: "Records of the viewer's own import.", fields: CONNECTION },
  ImportRecordEdge: { about: "A record.", fields: EDGE },
  ImportWarning: {
    about: "A warning of the viewer's own import file, naming its person as the file does.",
    fields: { key: "own", line: "own", message: "own", record: "own" },
  },
  ImportWarningConnection: { about: "Warnings of the viewer's own import.", fields: CONNECTION },
  ImportWarningEdge: { about: "A warning.", fields: EDGE },
};

/** Types that carry people data only through some of their fields: those fields are paths. */
export const POLICY_CONTAINERS = ["Query", "Mutation", "Subscription", "Village", "Registry"] as const;

const lookup = "NOT_FOUND when the person (or a person of the record) is not one the viewer may see.";
const list = "Left out and not counted.";
const write = "Writes only what the viewer may edit; the answer is shaped by this table.";

/** Every field of a container returning a type of the table, with each of its arguments. */
export const POLICY_PATHS: Readonly<Record<string, PathPolicy>> = {
  "Query.person": { hidden: lookup + " Private: shown as Private.", args: { id: "id" } },
  "Query.viewerPerson": { hidden: "The viewer's own record (full access).", args: {} },
  "Query.node": { hidden: "null.", args: { id: "id" } },
  "Query.nodes": { hidden: "null in its place.", args: { ids: "id" } },
  "Query.people": {
    hidden: list,
    args: { ...PAGE, search: "all", villageId: "all", familyId: "all", mine: "shown", bornFrom: "dates", bornTo: "dates" },
  },
  "Query.ancestors": { hidden: "Private in the line; NOT_FOUND for a hidden root.", args: { personId: "id", generations: "shown" } },
  "Query.descendants": { hidden: "Private in the line; NOT_FOUND for a hidden root.", args: { personId: "id", generations: "shown" } },
  "Query.relationship": { hidden: "NOT_FOUND for a hidden end; paths only through people the viewer may see.", args: { a: "id", b: "id" } },
  "Query.duplicateSuggestions": { hidden: list, args: { input: "dates" } },
  "Query.event": { hidden: lookup, args: { id: "id" } },
  "Query.events": { hidden: list, args: { ...PAGE, personId: "id", villageId: "shown", type: "shown" } },
  "Query.registryByCountry": { hidden: list, args: { villageId: "shown" } },
  "Query.auditLog": {
    hidden: lookup + " Curators of the record's village, editors and admins only.",
    args: { ...PAGE, table: "shown", recordId: "id" },
  },
  "Query.reviewQueue": { hidden: "Only public records of the viewer's villages.", args: { ...PAGE, villageId: "shown" } },
  "Query.treeStart": { hidden: "Only a person the viewer may see; none when they have recorded no one.", args: {} },
  "Query.myRoots": { hidden: "The viewer's own roots; an ancestor the viewer may not see is shaped by this table (Private).", args: {} },
  "Query.importRecords": { hidden: "The viewer's own import only.", args: { ...PAGE, jobId: "id", filter: "shown" } },
  "Query.importWarnings": { hidden: "The viewer's own import only.", args: { ...PAGE, jobId: "id" } },
  "Village.events": { hidden: list, args: {} },
  "Village.festivals": { hidden: list, args: {} },
  "Village.registrySummary": { hidden: list, args: {} },
  "Registry.entries": { hidden: list, args: {} },
  "Mutation.createPerson": { hidden: write, args: { input: "input" } },
  "Mutation.updatePerson": { hidden: write, args: { id: "id", input: "input" } },
  "Mutation.mergePeople": { hidden: write, args: { keepId: "id", mergeId: "id" } },
  "Mutation.setMyRecord": { hidden: write, args: { personId: "id" } },
  "Mutation.addParent": { hidden: write, args: { childId: "id", parentId: "id", kind: "input" } },
  "Mutation.removeParent": { hidden: write, args: { childId: "id", parentId: "id" } },
  "Mutation.addUnion": { hidden: write, args: { input: "input" } },
  "Mutation.updateUnion": { hidden: write, args: { id: "id", input: "input" } },
  "Mutation.createEvent": { hidden: write, args: { input: "input" } },
  "Mutation.updateEvent": { hidden: write, args: { id: "id", input: "input" } },
  "Mutation.addRegistryEntry": { hidden: write, args: { input: "input" } },
  "Mutation.updateRegistryEntry": { hidden: write, args: { id: "id", input: "input" } },
  "Mutation.verifyRecord": {
    hidden: write + " A living person's earlier sources are not returned to a curator.",
    args: { id: "id", kind: "shown", source: "input" },
  },
};

/**
 * What governs each column of a person in their history (AuditChange.field): the rule of the
 * Person field shown from it, and for columns no field shows, the strictest that fits. A
 * column not listed here is shown to full access only.
 */
export const POLICY_AUDIT_COLUMNS: Readonly<Record<string, Rule>> = {
  full_name: "all",
  full_name_ar: "all",
  given_name: "all",
  father_name: "all",
  grandfather_name: "all",
  mother_name: "all",
  name_variants: "all",
  gender: "all",
  provenance: "all",
  confidence: "all",
  entry: "all",
  family_id: "all",
  village_id: "all",
  is_deceased: "all",
  birth_date_text: "dates",
  birth_date_qualifier: "dates",
  birth_date_from: "dates",
  birth_date_to: "dates",
  birth_place: DATES_AND_PLACES,
  death_date_text: "dates",
  death_date_qualifier: "dates",
  death_date_from: "dates",
  death_date_to: "dates",
  death_place: DATES_AND_PLACES,
  current_location: "places",
  current_country: "places",
  registration_village_id: "places",
  occupation: "life",
  bio: "life",
  sources: "life",
  registration_number: "life",
  created_by: "life",
  user_id: "life",
  is_public: "life",
  privacy_settings: "life",
  mergedFrom: "life",
  mergedInto: "life",
  revertOf: "shown",
};

/** True when `rule` leaves the value out for someone with these hidden parts. */
export function hides(rule: Rule | undefined, hidden: Hidden): boolean {
  if (rule === undefined) return hidden.all || hidden.dates || hidden.places || hidden.life;
  if (typeof rule !== "string") return rule.some((p) => hidden[p]);
  return rule === "all" || rule === "dates" || rule === "places" || rule === "life" ? hidden[rule] : false;
}

/** Per type, its fields governed by parts, precomputed (presenters shape hundreds of rows). */
const MASKED = Object.fromEntries(
  Object.entries(POLICY_TYPES).map(([type, p]) => [
    type,
    Object.entries(p.fields).filter(([, r]) => typeof r !== "string" || ["all", "dates", "places", "life"].includes(r)) as [string, Rule][],
  ]),
);

/**
 * Empties, on a view of `type`, every field the table hides for these parts: null, or [] for
 * a list. `props` maps a field to the property its resolver reads (Person.family → familyId);
 * `empty` gives a field's hidden value when it is neither (Person.displayName → "Private").
 */
export function maskFields<T extends object>(
  type: keyof typeof POLICY_TYPES,
  view: T,
  hidden: Hidden,
  props: Readonly<Record<string, string>> = {},
  empty: Readonly<Record<string, unknown>> = {},
): T {
  const target = view as Record<string, unknown>;
  for (const [field, rule] of MASKED[type]) {
    if (!hides(rule, hidden)) continue;
    const prop = props[field] ?? field;
    target[prop] = field in empty ? empty[field] : Array.isArray(target[prop]) ? [] : null;
  }
  return view;
}

/** True when the history of a person with these hidden parts leaves this column out. */
export const auditColumnHidden = (column: string, hidden: Hidden): boolean => hides(POLICY_AUDIT_COLUMNS[column], hidden);
