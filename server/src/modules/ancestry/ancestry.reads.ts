import { all, connection, type ReadTags } from "../../common/auth/reads.js";

/**
 * Who reads what of ancestry: document types and holidays are public (the /ancestry page shows
 * fees and the calendar); a request is its member's (`self`) and the desk's, which reaches it
 * through `documentDesk`; who the record is about (`details`) is further kept by ancestry.policy.ts
 * (a living subject's only for the member, the assigned officer and admins).
 */
const desk = connection("staff");

export const ancestryReads: ReadTags = {
  DocumentTypeView: all(
    "anyone",
    "active code courierFeeUsd deliveryDays governmentFeeLbp id name nameAr nameEn nameFr pouchFeeUsd registryDays requiredAttachments requiredFields reviewDays serviceFeeUsd translationDays translationFeeUsd",
  ),
  PublicHolidayView: all("anyone", "code day id name nameAr nameEn nameFr toConfirm"),
  FeeLineView: all("self", "id kind lbp rateOn ratePerUsd rateSource refundedUsd status usd"),
  DocumentFileView: all("self", "attachedAt createdAt id kind mime name size url"),
  RequestEventView: all("self", "at expectedOn fromState id kind note toState"),
  DocumentRequestDetails: all(
    "self",
    "additionalInfo authority birthDate birthPlace contactAddress contactEmail contactPhone fatherName grandfatherName motherName personId registrationNumber registrationVillageId registrationVillageName subjectLiving subjectNameAr subjectNameLatin",
  ),
  DocumentRequestViewerCan: all("anyone", "answer assign attach cancel claim edit refund work"),
  DocumentRequestView: all(
    "self",
    "assignedToName assignedToViewer createdAt delivery details documentType events expectedFrom files expectedTo id isPrivate legalisation lines ministryNumber nextStates overdueDays paymentReference pouchNumber question reference registryReference rejectionReason state stepDueOn submittedAt totalUsd trackingNumber translation updatedAt viewerCan",
  ),
  DeskOfficerView: all("staff", "displayName id"),
  DocumentRequestConnection: desk.connection,
  DocumentRequestEdge: desk.edge,
};
