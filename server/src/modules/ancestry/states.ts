/**
 * The paths of a document request, one per delivery type, and the one rule that decides every
 * move (`canMove`): the services, the settle job and the desk all ask it, and the client gets the
 * next states it allows.
 *
 * Shared: draft → awaiting_payment → in_review → at_registry → issued → translating (only if a
 * translation was ordered). Digital: → delivered. Courier: → shipped → delivered. Pouch: →
 * in_pouch → at_embassy → delivered. `needs_information` from in_review or at_registry, back to
 * where it came from once answered; `rejected` from in_review or at_registry; `cancelled` by the
 * member before at_registry.
 */

export const STATES = [
  "draft",
  "awaiting_payment",
  "in_review",
  "needs_information",
  "at_registry",
  "issued",
  "translating",
  "shipped",
  "in_pouch",
  "at_embassy",
  "delivered",
  "rejected",
  "cancelled",
] as const;
export type RequestState = (typeof STATES)[number];

export const DELIVERIES = ["digital", "courier", "pouch"] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const TRANSLATIONS = ["en", "fr"] as const;
export type Translation = (typeof TRANSLATIONS)[number];

/** What of a request the path depends on. */
export interface PathFacts {
  delivery: Delivery;
  translation: Translation | null;
  /** Where a request waiting for information goes back to once answered. */
  infoFrom?: RequestState | null;
}

/** Who makes a move: the member, the settle job, or the desk. */
export type Mover = "member" | "system" | "officer";

/** The delivery leg after `issued` (or `translating`), in order. */
const DELIVERY_LEG: Record<Delivery, readonly RequestState[]> = {
  digital: ["delivered"],
  courier: ["shipped", "delivered"],
  pouch: ["in_pouch", "at_embassy", "delivered"],
};

/** The whole forward path of a request, from draft to delivered. */
export function pathOf(r: PathFacts): RequestState[] {
  return [
    "draft",
    "awaiting_payment",
    "in_review",
    "at_registry",
    "issued",
    ...(r.translation ? (["translating"] as const) : []),
    ...DELIVERY_LEG[r.delivery],
  ];
}

/** Steps the member may still cancel from. */
const CANCELLABLE: readonly RequestState[] = ["draft", "awaiting_payment", "in_review"];
/** Steps staff may ask for information in, or reject in. */
const ASKABLE: readonly RequestState[] = ["in_review", "at_registry"];

/** Who moves `from → to`, or null when the move is off the request's path. */
export function moverOf(from: RequestState, to: RequestState, r: PathFacts): Mover | null {
  if (to === "cancelled") {
    if (CANCELLABLE.includes(from)) return "member";
    return from === "needs_information" && r.infoFrom === "in_review" ? "member" : null;
  }
  if (to === "rejected") return ASKABLE.includes(from) ? "officer" : null;
  if (to === "needs_information") return ASKABLE.includes(from) ? "officer" : null;
  if (from === "needs_information") return r.infoFrom != null && ASKABLE.includes(r.infoFrom) && to === r.infoFrom ? "member" : null;
  const path = pathOf(r);
  const i = path.indexOf(from);
  if (i < 0 || path[i + 1] !== to) return null;
  if (from === "draft") return "member";
  if (from === "awaiting_payment") return "system";
  return "officer";
}

/** Whether `from → to` is on the request's path (one step forward, or a side step the rules allow). */
export const canMove = (from: RequestState, to: RequestState, r: PathFacts): boolean => moverOf(from, to, r) !== null;

/** The states an officer may move the request to now. */
export const officerMoves = (from: RequestState, r: PathFacts): RequestState[] =>
  STATES.filter((to) => to !== "needs_information" && moverOf(from, to, r) === "officer");

/** Ended: nothing moves it any more. */
export const isFinal = (s: RequestState): boolean => s === "delivered" || s === "rejected" || s === "cancelled";

export const isState = (v: unknown): v is RequestState => typeof v === "string" && (STATES as readonly string[]).includes(v);
