import { Field, ID, InputType, Int } from "type-graphql";

// What members and the desk send: checked by the services (request-input.ts, desk.service.ts), never trusted as typed.

@InputType({ description: "A draft request; every field optional until it is submitted (autosave)." })
export class SaveDocumentRequestInput {
  @Field(() => ID, { nullable: true, description: "The draft to update; none to start one." })
  id?: string | null;

  @Field(() => ID)
  documentTypeId: string;

  @Field(() => ID, { nullable: true, description: "A person of the member's tree to fill from." })
  personId?: string | null;

  @Field(() => Boolean, { nullable: true, description: "The subject has died (else living)." })
  subjectDeceased?: boolean | null;

  @Field(() => String, { nullable: true })
  subjectNameAr?: string | null;

  @Field(() => String, { nullable: true })
  subjectNameLatin?: string | null;

  @Field(() => String, { nullable: true })
  fatherName?: string | null;

  @Field(() => String, { nullable: true })
  grandfatherName?: string | null;

  @Field(() => String, { nullable: true })
  motherName?: string | null;

  @Field(() => String, { nullable: true })
  birthDate?: string | null;

  @Field(() => String, { nullable: true })
  birthPlace?: string | null;

  @Field(() => ID, { nullable: true })
  registrationVillageId?: string | null;

  @Field(() => String, { nullable: true })
  registrationNumber?: string | null;

  @Field(() => String, { nullable: true })
  authority?: string | null;

  @Field(() => String, { nullable: true })
  delivery?: string | null;

  @Field(() => String, { nullable: true })
  translation?: string | null;

  @Field(() => Boolean, { nullable: true })
  legalisation?: boolean | null;

  @Field(() => String, { nullable: true })
  contactEmail?: string | null;

  @Field(() => String, { nullable: true })
  contactPhone?: string | null;

  @Field(() => String, { nullable: true })
  contactAddress?: string | null;

  @Field(() => String, { nullable: true })
  additionalInfo?: string | null;
}

@InputType()
export class MoveDocumentRequestInput {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  to: string;

  @Field(() => String, { nullable: true, description: "A reason (rejection), or a note." })
  note?: string | null;

  @Field(() => String, { nullable: true, description: "Registry reference, when it goes to or leaves the registry." })
  registryReference?: string | null;

  @Field(() => String, { nullable: true, description: "Courier tracking number (shipped)." })
  trackingNumber?: string | null;

  @Field(() => String, { nullable: true, description: "Pouch number (in_pouch)." })
  pouchNumber?: string | null;

  @Field(() => String, { nullable: true, description: "Ministry number (in_pouch)." })
  ministryNumber?: string | null;
}

@InputType()
export class DocumentDeskFilter {
  @Field(() => [String], { nullable: true, description: "Only these states (default: every state after draft)." })
  states?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: "Only requests assigned to the viewer." })
  mine?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Only requests nobody has claimed." })
  unassigned?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Only requests past their step's due day." })
  overdue?: boolean | null;

  @Field(() => ID, { nullable: true })
  documentTypeId?: string | null;
}

@InputType()
export class UpdateDocumentTypeInput {
  @Field(() => ID)
  id: string;

  @Field(() => String, { nullable: true })
  nameAr?: string | null;

  @Field(() => String, { nullable: true })
  nameEn?: string | null;

  @Field(() => String, { nullable: true })
  nameFr?: string | null;

  @Field(() => [String], { nullable: true })
  requiredFields?: string[] | null;

  @Field(() => String, { nullable: true })
  governmentFeeLbp?: string | null;

  @Field(() => String, { nullable: true })
  serviceFeeUsd?: string | null;

  @Field(() => String, { nullable: true })
  translationFeeUsd?: string | null;

  @Field(() => String, { nullable: true })
  courierFeeUsd?: string | null;

  @Field(() => String, { nullable: true })
  pouchFeeUsd?: string | null;

  @Field(() => Int, { nullable: true })
  reviewDays?: number | null;

  @Field(() => Int, { nullable: true })
  registryDays?: number | null;

  @Field(() => Int, { nullable: true })
  translationDays?: number | null;

  @Field(() => Int, { nullable: true })
  deliveryDays?: number | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
}

@InputType()
export class SetPublicHolidayInput {
  @Field(() => String, { description: "ISO day." })
  day: string;

  @Field(() => String, { description: "Holiday code (letters, digits, underscores)." })
  code: string;

  @Field(() => String)
  nameAr: string;

  @Field(() => String)
  nameEn: string;

  @Field(() => String)
  nameFr: string;

  @Field(() => Boolean, { defaultValue: false })
  toConfirm: boolean;

  @Field(() => Boolean, { defaultValue: false, description: "Remove the holiday of that code on that day." })
  remove: boolean;
}

@InputType({ description: "Refund part or all of a posted fee line to the member's wallet." })
export class RefundDocumentFeeInput {
  @Field(() => ID, { description: "The fee line (FeeLineView.id)." })
  lineId: string;

  @Field(() => String, { description: "USD cents, a whole number: at most what the line was, less what was refunded." })
  amount: string;

  @Field(() => String, { description: "Why (3 to 500 characters), kept in the audit log and the timeline." })
  reason: string;

  @Field(() => String, { description: "The same key twice refunds once." })
  idempotencyKey: string;
}
