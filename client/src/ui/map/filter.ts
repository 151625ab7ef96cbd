/** A place on the map: a village, a member's town, a place of origin. */
export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  /** Its names, when known (a map's thousands of places come without: a card asks for them). */
  name?: string | null;
  nameAr?: string | null;
  nameFr?: string | null;
  /** Its caza (the boundaries' Latin name), when known. */
  district?: string | null;
}

/** The points of one caza (all of them when no caza is chosen): the filter the map and the list share. */
export function pointsInCaza<P extends MapPoint>(points: readonly P[], caza: string | null | undefined): readonly P[] {
  return caza ? points.filter((p) => p.district === caza) : points;
}

/** A point's name in the reader's language. */
export function pointName(p: MapPoint, lang: string): string {
  const pick = lang === "ar" ? p.nameAr : lang === "fr" ? p.nameFr : p.name;
  return pick || p.name || "";
}

/** The place's name in the other script (Arabic for a Latin reader, Latin for an Arabic one), when it has one. */
export function otherScriptName(p: MapPoint, lang: string): string | null {
  const other = lang === "ar" ? p.name : p.nameAr;
  return other && other !== pointName(p, lang) ? other : null;
}
