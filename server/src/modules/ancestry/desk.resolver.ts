import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { toGlobalId } from "../../common/global-id.js";
import { ConnectionArgs, type Connection } from "../../common/pagination.js";
import { requestView } from "./ancestry.resolver.js";
import { DeskOfficerView, DocumentRequestConnection, DocumentRequestView, DocumentTypeView, PublicHolidayView } from "./ancestry.types.js";
import {
  DocumentDeskFilter,
  MoveDocumentRequestInput,
  RefundDocumentFeeInput,
  SetPublicHolidayInput,
  UpdateDocumentTypeInput,
} from "./ancestry.inputs.js";
import { refundLine } from "./refunds.service.js";
import { parseMinor } from "../money/index.js";
import { setPublicHoliday } from "./calendar.service.js";
import { deskPage } from "./desk.list.js";
import { assign, claim, deskOfficers, move, requestInformation } from "./desk.service.js";
import { updateDocumentType } from "./types.service.js";
import { holidayView, typeView } from "./views.js";

/** The ancestry desk (/management/ancestry): document officers, moderators, and admins (who pass every role check). */
@Resolver()
export class AncestryDeskResolver {
  @RequireRoles(Role.DOCUMENT_OFFICER, Role.MODERATOR)
  @Query(() => DocumentRequestConnection, { description: "The queue, longest waiting first, with filters and each step's ageing." })
  async documentDesk(
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @Arg("filter", () => DocumentDeskFilter, { nullable: true }) filter: DocumentDeskFilter | null,
    @Ctx() ctx: Context,
  ): Promise<Connection<DocumentRequestView>> {
    return deskPage(ctx, filter, args.first, args.after);
  }

  @RequireRoles(Role.MODERATOR)
  @Query(() => [DeskOfficerView], { description: "Who requests may be given to (moderators and admins assign)." })
  async documentOfficers(@Ctx() ctx: Context): Promise<DeskOfficerView[]> {
    return (await deskOfficers(ctx)).map((o) =>
      Object.assign(new DeskOfficerView(), { id: toGlobalId("User", o.id), displayName: o.display_name }),
    );
  }

  @RequireRoles(Role.DOCUMENT_OFFICER, Role.MODERATOR)
  @Mutation(() => DocumentRequestView, { description: "Takes an unclaimed request; when two officers claim at once, one wins." })
  async claimDocumentRequest(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<DocumentRequestView> {
    return requestView(ctx, await claim(ctx, id));
  }

  @RequireRoles(Role.DOCUMENT_OFFICER, Role.MODERATOR)
  @Mutation(() => DocumentRequestView, { description: "Gives a request to an officer (moderators and admins)." })
  async assignDocumentRequest(
    @Arg("id", () => ID) id: string,
    @Arg("officerId", () => ID) officerId: string,
    @Ctx() ctx: Context,
  ): Promise<DocumentRequestView> {
    return requestView(ctx, await assign(ctx, id, officerId));
  }

  @RequireRoles(Role.DOCUMENT_OFFICER, Role.MODERATOR)
  @Mutation(() => DocumentRequestView, { description: "Moves a request one step along its path, with what the step records (audited)." })
  async moveDocumentRequest(
    @Arg("input", () => MoveDocumentRequestInput) input: MoveDocumentRequestInput,
    @Ctx() ctx: Context,
  ): Promise<DocumentRequestView> {
    return requestView(ctx, await move(ctx, input));
  }

  @RequireRoles(Role.DOCUMENT_OFFICER, Role.MODERATOR)
  @Mutation(() => DocumentRequestView, { description: "Asks the member for information; the request waits until answered." })
  async requestInformation(
    @Arg("id", () => ID) id: string,
    @Arg("question", () => String) question: string,
    @Ctx() ctx: Context,
  ): Promise<DocumentRequestView> {
    return requestView(ctx, await requestInformation(ctx, id, question));
  }

  @RequireRoles(Role.DOCUMENT_OFFICER, Role.MODERATOR)
  @Mutation(() => DocumentTypeView, {
    description: "Edits a document type: names, required fields, fees per line, business days (audited).",
  })
  async updateDocumentType(
    @Arg("input", () => UpdateDocumentTypeInput) input: UpdateDocumentTypeInput,
    @Ctx() ctx: Context,
  ): Promise<DocumentTypeView> {
    return typeView(await updateDocumentType(ctx, input), ctx);
  }

  @RequireRoles(Role.DOCUMENT_OFFICER, Role.MODERATOR)
  @Mutation(() => PublicHolidayView, {
    nullable: true,
    description: "Adds, corrects or removes a public holiday (audited); null once removed.",
  })
  async setPublicHoliday(
    @Arg("input", () => SetPublicHolidayInput) input: SetPublicHolidayInput,
    @Ctx() ctx: Context,
  ): Promise<PublicHolidayView | null> {
    const row = await setPublicHoliday(ctx.ds, ctx.viewer.userId!, input);
    return row ? holidayView(row, ctx) : null;
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => DocumentRequestView, {
    description:
      "Refunds part or all of a posted fee line to the member's wallet (moderators and admins; audited); never more than the line.",
  })
  async refundDocumentFee(
    @Arg("input", () => RefundDocumentFeeInput) input: RefundDocumentFeeInput,
    @Ctx() ctx: Context,
  ): Promise<DocumentRequestView> {
    const amount = parseMinor(input.amount, BigInt(ctx.config.MONEY_MAX_MINOR));
    const { requestId } = await refundLine(ctx, { ...input, amount });
    return requestView(ctx, requestId);
  }
}
