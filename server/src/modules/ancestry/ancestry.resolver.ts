import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { ancestryError } from "./ancestry.errors.js";
import { mayReadRequest } from "./ancestry.policy.js";
import { DocumentRequestView, DocumentTypeView, PublicHolidayView } from "./ancestry.types.js";
import { SaveDocumentRequestInput } from "./ancestry.inputs.js";
import { holidaysBetween } from "./calendar.service.js";
import { rawIdOf } from "./request-input.js";
import { answer, cancel, saveDraft, submit } from "./requests.service.js";
import { attachScan } from "./scan-source.service.js";
import { documentTypes, REQUEST_COLUMNS, requestById, type RequestRow } from "./requests.store.js";
import { holidayView, requestViews, typeView } from "./views.js";

/** One request as the viewer may see it, with its timeline; NOT_FOUND when they may not reach it. */
export async function requestView(ctx: Context, id: string): Promise<DocumentRequestView> {
  const raw = rawIdOf(id, "DocumentRequest");
  const row = raw ? await requestById(ctx.ds, raw) : null;
  if (!row || !mayReadRequest(ctx.principal, row)) throw notFound();
  return (await requestViews(ctx, [row], true))[0];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Members request official records (ancestry documents) and follow them to delivery. */
@Resolver()
export class AncestryResolver {
  @Query(() => [DocumentTypeView], { description: "The records members may request, with their fees and business days." })
  async documentTypes(@Ctx() ctx: Context): Promise<DocumentTypeView[]> {
    return (await documentTypes(ctx.ds, true)).map((t) => typeView(t, ctx));
  }

  @Query(() => [PublicHolidayView], { description: "Lebanese public holidays between two days (at most two years): no business day." })
  async publicHolidays(
    @Arg("from", () => String) from: string,
    @Arg("to", () => String) to: string,
    @Ctx() ctx: Context,
  ): Promise<PublicHolidayView[]> {
    if (!DAY.test(from) || Number.isNaN(Date.parse(from))) throw ancestryError("ancestry.errors.date", "from");
    if (!DAY.test(to) || Number.isNaN(Date.parse(to)) || Date.parse(to) - Date.parse(from) > 731 * 86_400_000)
      throw ancestryError("ancestry.errors.date", "to");
    return (await holidaysBetween(ctx.ds, from, to)).map((h) => holidayView(h, ctx));
  }

  @RequireRoles()
  @Query(() => [DocumentRequestView], { description: "The member's requests, newest first (the 100 latest)." })
  async myDocumentRequests(@Ctx() ctx: Context): Promise<DocumentRequestView[]> {
    const rows: RequestRow[] = await ctx.ds.query(
      `SELECT ${REQUEST_COLUMNS} FROM ancestry_requests r WHERE r.requester_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 100`,
      [ctx.viewer.userId],
    );
    return requestViews(ctx, rows, false);
  }

  @RequireRoles()
  @Query(() => DocumentRequestView, { description: "A request and its timeline: the member's own, or one the desk works." })
  async documentRequest(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<DocumentRequestView> {
    return requestView(ctx, id);
  }

  @RequireRoles()
  @Mutation(() => DocumentRequestView, {
    description: "Saves a draft (autosave): each field checked as typed; a person of the tree fills what the member may see.",
  })
  async saveDocumentRequest(
    @Arg("input", () => SaveDocumentRequestInput) input: SaveDocumentRequestInput,
    @Ctx() ctx: Context,
  ): Promise<DocumentRequestView> {
    return requestView(ctx, await saveDraft(ctx, input));
  }

  @RequireRoles()
  @Mutation(() => DocumentRequestView, {
    description: "Submits a draft: fees quoted per line, one hold each from the wallet, or a bank transfer for what is missing.",
  })
  async submitDocumentRequest(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<DocumentRequestView> {
    return requestView(ctx, (await submit(ctx, id)).requestId);
  }

  @RequireRoles()
  @Mutation(() => DocumentRequestView, { description: "The member cancels before the registry; held fees are released." })
  async cancelDocumentRequest(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<DocumentRequestView> {
    return requestView(ctx, await cancel(ctx, id));
  }

  @RequireRoles()
  @Mutation(() => DocumentRequestView, { description: "The member answers the desk's question; the request goes back to its step." })
  async answerDocumentRequest(
    @Arg("id", () => ID) id: string,
    @Arg("answer", () => String) text: string,
    @Ctx() ctx: Context,
  ): Promise<DocumentRequestView> {
    return requestView(ctx, await answer(ctx, id, text));
  }

  @RequireRoles()
  @Mutation(() => DocumentRequestView, {
    description:
      "Adds a delivered request's scan to the person it was filled from: cited among their sources, and a picture scan among their documents. Once per scan.",
  })
  async attachDocumentScan(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<DocumentRequestView> {
    return requestView(ctx, (await attachScan(ctx, id)).requestId);
  }
}
