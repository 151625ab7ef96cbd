import { all, type ReadTags } from "../../common/auth/reads.js";

/** An import is its uploader's (and admins'): its file, counts, mapping and allowance. Its records follow the person policy table. */
export const ingestionReads: ReadTags = {
  ImportAllowance: all("self", "maxFileBytes quotaBytes retryKeepHours uploadsLeft uploadsPerHour waitingBytes"),
  ImportCounts: all(
    "self",
    "committed duplicates errors events links media parsed people places read sources total unions updates warnings written",
  ),
  ImportJob: all(
    "self",
    "canCancel canDelete canRetry counts createdAt errorMessage fileName fileSize finishedAt firstPersonId headerRow headers id kind mapping readAgain status",
  ),
};
