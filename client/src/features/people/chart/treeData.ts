import type { ChartPersonFragment, TreeChartQuery } from "../../../gql/graphql";
import type { TreeNode } from "./layout";

/** The charts the tree builder draws. */
export type ChartView = "pedigree" | "descendants" | "hourglass" | "fan";
export const CHART_VIEWS: ChartView[] = ["pedigree", "descendants", "hourglass", "fan"];
/** Which way a tree grows from its root: to the parents or to the children. */
export type TreeSide = "pedigree" | "descendants";

/** Everyone the chart may draw, by id (people, their spouses). */
export type PeopleById = Map<string, ChartPersonLike>;
/** A person as a chart knows them: with their unions, or (a spouse) as a summary. */
export type ChartPersonLike = ChartPersonFragment | ChartPersonFragment["unions"][number]["partner"];

/** Fathers before mothers, so the pedigree reads father-side first. */
const parentOrder = (p: { gender: string | null }) => (p.gender === "M" ? 0 : p.gender === "F" ? 1 : 2);

/** Birth year order for children; unknown years last. */
const birthOrder = (p: { birth: { year: number | null } | null }) => p.birth?.year ?? 99999;

/**
 * Turns the chart query into the tree to lay out: for the pedigree each person's next
 * generation is their parents; for descendants it is their children. Spouses are drawn
 * beside the root (pedigree) or beside everyone (descendants).
 */
export function buildTree(data: TreeChartQuery, view: TreeSide): { root: TreeNode; people: PeopleById } {
  const people: PeopleById = new Map();
  const entries = view === "pedigree" ? data.ancestors : data.descendants;
  const all = [data.person, ...entries.map((e) => e.person)];
  for (const p of all) people.set(p.id, p);
  const byVia = new Map<string, ChartPersonFragment[]>();
  for (const e of entries) byVia.set(e.viaId, [...(byVia.get(e.viaId) ?? []), e.person]);
  const seen = new Set<string>();
  const spousesOf = (p: ChartPersonFragment, depth: number) => {
    if (view === "pedigree" && depth > 0) return [];
    const ids: string[] = [];
    for (const u of p.unions) {
      // A spouse already drawn as themselves (e.g. both parents in the chart) is not repeated.
      if (all.some((q) => q.id === u.partner.id) && view === "descendants") continue;
      if (!people.has(u.partner.id)) people.set(u.partner.id, u.partner);
      ids.push(u.partner.id);
    }
    return ids;
  };
  const node = (p: ChartPersonFragment, depth: number): TreeNode => {
    seen.add(p.id);
    const next = (byVia.get(p.id) ?? []).filter((c) => !seen.has(c.id));
    next.sort((a, b) => (view === "pedigree" ? parentOrder(a) - parentOrder(b) : birthOrder(a) - birthOrder(b)));
    return { id: p.id, spouses: spousesOf(p, depth), next: next.map((c) => node(c, depth + 1)) };
  };
  return { root: node(data.person, 0), people };
}

type DatePart = { qualifier?: string | null; year: number | null } | null;

/** The sign a card puts before a year for the date's qualifier (as the server read the date). */
const SIGN: Record<string, string> = { about: "~", between: "~", before: "<", after: ">" };

/**
 * A year as a card shows it, with the date's qualifier as a sign, so "ABT 1905" does not read as
 * a known 1905: "~1905" (about, estimated, calculated, between), "<1905" (before), ">1905" (after).
 */
export function yearOf(date: DatePart): string | null {
  if (!date?.year) return null;
  return `${SIGN[date.qualifier ?? ""] ?? ""}${date.year}`;
}

/** Birth–death years as a card shows them: "1890–1962", "~1905–", "1985–", or "". */
export function yearsOf(p: { birth: DatePart; death: DatePart }): string {
  const b = yearOf(p.birth);
  const d = yearOf(p.death);
  if (!b && !d) return "";
  return `${b ?? "?"}–${d ?? ""}`;
}

interface Sourced {
  provenance?: string | null;
  confidence?: number | null;
}

/**
 * A confidence means something only for what was inferred: a member's own hand-entered relative
 * or an imported record is the community's word, not "50 % sure".
 */
export const showsConfidence = (p: Sourced): boolean => p.provenance === "AI_INFERRED" && p.confidence != null;

/** The band's colour: verified green, the community's gold; an inferred record by its confidence (≥90 % green, 70–89 % gold, below orange). */
export function bandColour(p: Sourced): string {
  if (p.provenance === "VERIFIED") return "#228B22";
  if (!showsConfidence(p)) return "#DAA520";
  const c = p.confidence ?? 0;
  return c >= 0.9 ? "#228B22" : c >= 0.7 ? "#DAA520" : "#E07B00";
}

/** The chart's record of one person (as themselves or as someone's spouse), or null. */
export function findPerson(data: TreeChartQuery, id: string | null): ChartPersonFragment | null {
  if (!id) return null;
  const all = [data.person, ...data.ancestors.map((e) => e.person), ...data.descendants.map((e) => e.person)];
  const own = all.find((p) => p.id === id);
  if (own) return own;
  for (const p of all) {
    const u = p.unions.find((x) => x.partner.id === id);
    // A spouse is only known with a summary: no unions of their own to offer as other parent.
    if (u) return { ...u.partner, unions: [] };
  }
  return null;
}

/** Keeps a left-to-right run (years, Latin names) in its order inside right-to-left text. */
export const isolateLtr = (s: string) => (s ? `\u2066${s}\u2069` : "");
