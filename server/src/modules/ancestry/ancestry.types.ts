import { Field, ID, Int, ObjectType } from "type-graphql";
import { ConnectionType } from "../../common/pagination.js";

// Amounts are digit strings of minor units (USD cents, LBP piastres), never floats.
// Every field here is a plain property (no field resolver, role or middleware): `simpleResolvers`
// spares each one type-graphql's middleware wrapper (a desk page answers 20 requests of some 80
// fields each).

@ObjectType({ simpleResolvers: true, description: "A kind of official record members may request (staff keep the list)." })
export class DocumentTypeView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "Stable code: individual_extract, birth_certificate…" })
  code: string;

  @Field(() => String, { description: "In the reader's language." })
  name: string;

  @Field(() => String)
  nameAr: string;

  @Field(() => String)
  nameEn: string;

  @Field(() => String)
  nameFr: string;

  @Field(() => [String], { description: "Fields a request must fill (subjectNameAr, fatherName…)." })
  requiredFields: string[];

  @Field(() => [String], { description: "Attachments a request must carry." })
  requiredAttachments: string[];

  @Field(() => String, { description: "Government fee, LBP piastres." })
  governmentFeeLbp: string;

  @Field(() => String, { description: "USD cents." })
  serviceFeeUsd: string;

  @Field(() => String, { description: "USD cents, when a translation is ordered." })
  translationFeeUsd: string;

  @Field(() => String, { description: "USD cents, courier abroad." })
  courierFeeUsd: string;

  @Field(() => String, { description: "USD cents, embassy pouch." })
  pouchFeeUsd: string;

  @Field(() => Int, { description: "Business days for the review." })
  reviewDays: number;

  @Field(() => Int, { description: "Business days at the registry." })
  registryDays: number;

  @Field(() => Int)
  translationDays: number;

  @Field(() => Int)
  deliveryDays: number;

  @Field(() => Boolean)
  active: boolean;
}

@ObjectType({ simpleResolvers: true, description: "One fee of a request: its own hold, posted when its step is reached." })
export class FeeLineView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "government, service, translation, courier, pouch." })
  kind: string;

  @Field(() => String, { description: "USD cents." })
  usd: string;

  @Field(() => String, { nullable: true, description: "LBP piastres, for a fee set in LBP." })
  lbp: string | null;

  @Field(() => String, { nullable: true, description: "LBP per USD used for the quote." })
  ratePerUsd: string | null;

  @Field(() => String, { nullable: true })
  rateSource: string | null;

  @Field(() => String, { nullable: true, description: "The rate's day." })
  rateOn: string | null;

  @Field(() => String, { description: "quoted, held, posted, voided." })
  status: string;

  @Field(() => String, { description: "USD cents staff refunded to the member's wallet (of a posted line)." })
  refundedUsd: string;
}

@ObjectType({ simpleResolvers: true, description: "A file of a request: the member's power of attorney or the delivered scan." })
export class DocumentFileView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "authority (power of attorney) or scan (the issued document)." })
  kind: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { description: "application/pdf, image/jpeg or image/png, by content." })
  mime: string;

  @Field(() => Int, { description: "Bytes." })
  size: number;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "When the member added the scan to the person's sources." })
  attachedAt: Date | null;

  @Field(() => String, {
    nullable: true,
    description: "A download link that expires in 15 minutes; null for those who may not see the request's details.",
  })
  url: string | null;
}

@ObjectType({ simpleResolvers: true, description: "A step of a request's timeline." })
export class RequestEventView {
  @Field(() => ID)
  id: string;

  @Field(() => Date)
  at: Date;

  @Field(() => String, { description: "state, claimed, assigned, question, answer, reminder." })
  kind: string;

  @Field(() => String, { nullable: true })
  fromState: string | null;

  @Field(() => String, { nullable: true })
  toState: string | null;

  @Field(() => String, { nullable: true, description: "A question, an answer, a reason or a reference." })
  note: string | null;

  @Field(() => String, { nullable: true, description: "The day the next step is expected (Lebanese business days)." })
  expectedOn: string | null;
}

@ObjectType({
  simpleResolvers: true,
  description: "Who the record is about, and how to reach the member: only for those who may see them.",
})
export class DocumentRequestDetails {
  @Field(() => ID, { nullable: true, description: "The person of the tree it was filled from." })
  personId: string | null;

  @Field(() => Boolean)
  subjectLiving: boolean;

  @Field(() => String, { nullable: true, description: "Arabic name as registered." })
  subjectNameAr: string | null;

  @Field(() => String, { nullable: true })
  subjectNameLatin: string | null;

  @Field(() => String, { nullable: true })
  fatherName: string | null;

  @Field(() => String, { nullable: true })
  grandfatherName: string | null;

  @Field(() => String, { nullable: true })
  motherName: string | null;

  @Field(() => String, { nullable: true, description: "As typed (any recorded date form)." })
  birthDate: string | null;

  @Field(() => String, { nullable: true })
  birthPlace: string | null;

  @Field(() => ID, { nullable: true, description: "Registration village (gazetteer)." })
  registrationVillageId: string | null;

  @Field(() => String, { nullable: true })
  registrationVillageName: string | null;

  @Field(() => String, { nullable: true, description: "Registration number (سجل)." })
  registrationNumber: string | null;

  @Field(() => String, { description: "self, first_degree, descendant, power_of_attorney." })
  authority: string;

  @Field(() => String, { nullable: true })
  contactEmail: string | null;

  @Field(() => String, { nullable: true })
  contactPhone: string | null;

  @Field(() => String, { nullable: true })
  contactAddress: string | null;

  @Field(() => String, { nullable: true })
  additionalInfo: string | null;
}

@ObjectType("DocumentRequestViewerCan", { simpleResolvers: true, description: "What the viewer may do with this request." })
export class DocumentRequestViewerCan {
  @Field(() => Boolean)
  edit: boolean;

  @Field(() => Boolean)
  cancel: boolean;

  @Field(() => Boolean)
  answer: boolean;

  @Field(() => Boolean)
  claim: boolean;

  @Field(() => Boolean)
  assign: boolean;

  @Field(() => Boolean)
  work: boolean;

  @Field(() => Boolean, { description: "Add the delivered scan to the person's sources." })
  attach: boolean;

  @Field(() => Boolean, { description: "Refund posted fees to the member's wallet." })
  refund: boolean;
}

@ObjectType({ simpleResolvers: true, description: "A member's request for an official record, from draft to delivery." })
export class DocumentRequestView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "Reference to quote, AD-7K2P-9QXM." })
  reference: string;

  @Field(() => String)
  state: string;

  @Field(() => String, { description: "digital, courier, pouch." })
  delivery: string;

  @Field(() => String, { nullable: true, description: "en or fr, when a translation is ordered." })
  translation: string | null;

  @Field(() => Boolean)
  legalisation: boolean;

  @Field(() => DocumentTypeView)
  documentType: DocumentTypeView;

  @Field(() => Boolean, { description: "The subject is living and the viewer may not see who: details are null." })
  isPrivate: boolean;

  @Field(() => DocumentRequestDetails, { nullable: true })
  details: DocumentRequestDetails | null;

  @Field(() => [FeeLineView])
  lines: FeeLineView[];

  @Field(() => String, { description: "USD cents, all lines." })
  totalUsd: string;

  @Field(() => String, { nullable: true, description: "The bank transfer's reference while awaiting payment." })
  paymentReference: string | null;

  @Field(() => String, { nullable: true, description: "What the desk asked, while it waits for information." })
  question: string | null;

  @Field(() => String, { nullable: true })
  rejectionReason: string | null;

  @Field(() => String, { nullable: true, description: "The registry's reference." })
  registryReference: string | null;

  @Field(() => String, { nullable: true })
  trackingNumber: string | null;

  @Field(() => String, { nullable: true })
  pouchNumber: string | null;

  @Field(() => String, { nullable: true })
  ministryNumber: string | null;

  @Field(() => String, { nullable: true, description: "Earliest expected delivery day (business days)." })
  expectedFrom: string | null;

  @Field(() => String, { nullable: true, description: "Latest expected delivery day." })
  expectedTo: string | null;

  @Field(() => String, { nullable: true, description: "When the current step is due." })
  stepDueOn: string | null;

  @Field(() => Int, { description: "Business days past the current step's due day (0 on time)." })
  overdueDays: number;

  @Field(() => String, { nullable: true, description: "The officer working it." })
  assignedToName: string | null;

  @Field(() => Boolean, { description: "Assigned to the viewer." })
  assignedToViewer: boolean;

  @Field(() => [String], { description: "States the desk may move it to now." })
  nextStates: string[];

  @Field(() => [RequestEventView])
  events: RequestEventView[];

  @Field(() => [DocumentFileView])
  files: DocumentFileView[];

  @Field(() => DocumentRequestViewerCan)
  viewerCan: DocumentRequestViewerCan;

  @Field(() => Date, { nullable: true })
  submittedAt: Date | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  updatedAt: Date;
}

export const DocumentRequestConnection = ConnectionType(DocumentRequestView, "DocumentRequest");

@ObjectType({ simpleResolvers: true, description: "A Lebanese public holiday: no business day." })
export class PublicHolidayView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  day: string;

  @Field(() => String)
  code: string;

  @Field(() => String, { description: "In the reader's language." })
  name: string;

  @Field(() => String)
  nameAr: string;

  @Field(() => String)
  nameEn: string;

  @Field(() => String)
  nameFr: string;

  @Field(() => Boolean, { description: "Computed from the calendar; staff confirm it (the Eids)." })
  toConfirm: boolean;
}

@ObjectType({ simpleResolvers: true, description: "Someone a request may be given to: a document officer, a moderator or an admin." })
export class DeskOfficerView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  displayName: string;
}
