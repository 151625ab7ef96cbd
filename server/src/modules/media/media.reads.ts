import { all, type ReadTags } from "../../common/auth/reads.js";

/** A picture the reader reaches (media.policy's maySee) shows all of itself; a member's allowance is their own. */
export const mediaReads: ReadTags = {
  Media: all(
    "anyone",
    "caption captionAr captionEn captionFr createdAt credit date id image kind licence mine personId review status viewerCan villageId",
  ),
  MediaImage: all("anyone", "height jpegSrcSet large src srcSet thumb width"),
  MediaViewerCan: all("anyone", "delete edit review"),
  MediaAllowance: all("self", "maxFileBytes quotaBytes uploadsLeft uploadsPerHour usedBytes"),
};
