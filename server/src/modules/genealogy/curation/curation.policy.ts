import { hasAnyRole, Role } from "../../../common/auth/roles.js";
import type { Viewer } from "../../../common/auth/viewer.js";

/** Editors and admins review, verify and revert everywhere. */
export const isReviewStaff = (viewer: Viewer): boolean => viewer.userId !== null && hasAnyRole(viewer.roles, [Role.ADMIN, Role.EDITOR]);

/** True when the viewer is an active curator of this village (no village: nobody curates it). */
export function curates(viewer: Viewer, villageId: string | null | undefined): boolean {
  return Boolean(villageId) && viewer.roles.includes(Role.LOCAL_ROOT_CURATOR) && (viewer.curatedVillageIds ?? []).includes(villageId!);
}

/**
 * Who reviews what is written of a village (its records, Rootpedia, photos, proposals and
 * passports): staff anywhere, or a curator of the village (of one of the record's villages).
 * The one rule every area asks.
 */
export const mayReview = (viewer: Viewer, villages: string | null | readonly (string | null)[]): boolean =>
  isReviewStaff(viewer) || (typeof villages === "string" || villages === null ? [villages] : villages).some((v) => curates(viewer, v));

/** The villages a viewer curates, for SQL (`= ANY($n)`). */
export const curatedIds = (viewer: Viewer): string[] =>
  viewer.roles.includes(Role.LOCAL_ROOT_CURATOR) ? [...(viewer.curatedVillageIds ?? [])] : [];
