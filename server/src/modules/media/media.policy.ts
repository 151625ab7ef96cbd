import { definePolicy } from "../../common/auth/policy.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";
import { accessTo, canEdit, hiddenParts, mayReview, type PolicyRow } from "../genealogy/index.js";
import type { MediaKind, MediaReview } from "./media.entity.js";

/**
 * Who sees and changes a picture. A person's pictures follow the person's one access rule
 * (person.policy.ts): the portrait and photos are shown to whoever may see the person's name;
 * document scans are sources, shown only to whoever may see what the record says of their life.
 * A village photo is public once approved; before that only its uploader and the village's
 * reviewers (its curators, editors, admins) see it.
 */
export interface MediaTarget {
  kind: MediaKind;
  review: MediaReview;
  uploadedBy: string | null;
  villageId: string | null;
  /** The person's policy row, for a person's picture. */
  person: PolicyRow | null;
}

export function maySee(viewer: Principal, m: MediaTarget): boolean {
  if (m.person) {
    const hidden = hiddenParts(accessTo(viewer, m.person), m.person.privacy_settings);
    return m.kind === "document" ? !hidden.life : !hidden.all;
  }
  return m.review === "approved" || isUploader(viewer, m) || mayReview(viewer, [m.villageId]);
}

/** Captions, date, credit: whoever may change the person; for a village photo its reviewers, or its uploader until it is reviewed. */
export function mayChange(viewer: Principal, m: MediaTarget): boolean {
  if (m.person) return canEdit(viewer, m.person);
  return mayReview(viewer, [m.villageId]) || (isUploader(viewer, m) && m.review === "pending");
}

/** Removing: as changing, and an uploader may always take back their own village photo. */
export function mayDelete(viewer: Principal, m: MediaTarget): boolean {
  return mayChange(viewer, m) || (!m.person && isUploader(viewer, m));
}

/** Pictures of a person: whoever may change the person. Village photos: any member (reviewed unless they review). */
export function mayUploadTo(viewer: Principal, target: { person: PolicyRow } | { villageId: string }): boolean {
  if (!memberOf(viewer)?.userId) return false;
  return "person" in target ? canEdit(viewer, target.person) : true;
}

const isUploader = (viewer: Principal, m: MediaTarget) => {
  const uid = memberOf(viewer)?.userId;
  return uid != null && m.uploadedBy === uid;
};

/** A picture's `viewerCan`: change its caption, date and credit; remove it; approve or refuse a village photo. */
export const mediaPolicy = definePolicy(["edit", "delete", "review"] as const, (who, action, m: MediaTarget) => {
  if (action === "edit") return mayChange(who, m);
  if (action === "delete") return mayDelete(who, m);
  return m.villageId !== null && mayReview(who, m.villageId);
});
