import { Arg, Args, ArgsType, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver, Root, Subscription } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import { SHEET_FIELDS } from "./spreadsheet/headers.js";
import type { Context } from "../../common/context.js";
import { ConnectionArgs, ConnectionType } from "../../common/pagination.js";
import { toGlobalId } from "../../common/global-id.js";
import * as service from "./import-job.service.js";
import { ImportAllowanceView, ImportJobView, ImportRecordView, ImportWarningView } from "./import-job.types.js";
import { allowance } from "./upload-limits.js";

@ObjectType("ImportWarningConnection")
class ImportWarningConnection extends ConnectionType(ImportWarningView, "ImportWarning") {}

@ObjectType("ImportRecordConnection")
class ImportRecordConnection extends ConnectionType(ImportRecordView, "ImportRecord") {}

@ArgsType()
class ImportPageArgs extends ConnectionArgs {
  @Field(() => ID)
  jobId: string;
}

@ArgsType()
class ImportRecordsArgs extends ImportPageArgs {
  @Field(() => String, { defaultValue: "all", description: "all, errors or duplicates." })
  filter: "all" | "errors" | "duplicates";
}

@Resolver(() => ImportJobView)
export class ImportJobResolver {
  @RequireRoles()
  @Query(() => ImportJobView, { description: "One of the viewer's imports." })
  importJob(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ImportJobView> {
    return service.getJob(ctx, id);
  }

  @RequireRoles()
  @Query(() => [ImportJobView], { description: "The viewer's latest imports, newest first." })
  importJobs(@Arg("first", () => Int, { defaultValue: 10 }) first: number, @Ctx() ctx: Context): Promise<ImportJobView[]> {
    return service.myJobs(ctx, first);
  }

  @RequireRoles()
  @Query(() => ImportWarningConnection, { description: "Warnings found while reading the file, with line or row numbers." })
  importWarnings(@Args(() => ImportPageArgs) args: ImportPageArgs, @Ctx() ctx: Context) {
    return service.jobWarnings(ctx, args.jobId, args.first, args.after);
  }

  @RequireRoles()
  @Query(() => ImportRecordConnection, {
    description:
      "Staged records for the review. A week after the import is done (IMPORT_STAGED_KEEP_HOURS) only refused records and likely duplicates remain; those are kept for good.",
  })
  importRecords(@Args(() => ImportRecordsArgs) args: ImportRecordsArgs, @Ctx() ctx: Context) {
    const filter = ["errors", "duplicates"].includes(args.filter) ? args.filter : "all";
    return service.jobRecords(ctx, args.jobId, filter, args.first, args.after);
  }

  @RequireRoles()
  @Mutation(() => ImportJobView, { description: "Confirms a reviewed import: everything is written in one transaction." })
  confirmImport(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ImportJobView> {
    return service.confirmImport(ctx, id);
  }

  @RequireRoles()
  @Mutation(() => ImportJobView, {
    description: "Cancels an import that is not done, or gives up a failed one: nothing of it is kept, its file is removed.",
  })
  cancelImport(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ImportJobView> {
    return service.cancelImport(ctx, id);
  }

  @RequireRoles()
  @Mutation(() => Boolean, {
    description:
      "Deletes one of the viewer's failed, cancelled or done imports: its file, staged records and report go; the people a done import wrote stay.",
  })
  deleteImport(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.deleteImport(ctx, id);
  }

  @RequireRoles()
  @Query(() => ImportAllowanceView, {
    description: "How much the viewer may upload for imports now: files this hour, and room for files waiting.",
  })
  importAllowance(@Ctx() ctx: Context): Promise<ImportAllowanceView> {
    return allowance(ctx, ctx.config, ctx.viewer.userId!);
  }

  @RequireRoles()
  @Mutation(() => ImportJobView, { description: "Runs a failed import again from its stored file." })
  retryImport(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ImportJobView> {
    return service.retryImport(ctx, id);
  }

  @Query(() => [String], {
    description: "The fields a spreadsheet column can be mapped to (setImportMapping's values), in the order a form lists them.",
  })
  spreadsheetFields(): readonly string[] {
    return SHEET_FIELDS;
  }

  @RequireRoles()
  @Mutation(() => ImportJobView, { description: "Spreadsheet: sets the header row and each column's field, then reads the file again." })
  setImportMapping(
    @Arg("id", () => ID) id: string,
    @Arg("headerRow", () => Int) headerRow: number,
    @Arg("mapping", () => [String], { nullable: "items" }) mapping: (string | null)[],
    @Ctx() ctx: Context,
  ): Promise<ImportJobView> {
    return service.setMapping(ctx, id, headerRow, mapping);
  }

  @Subscription(() => ImportJobView, {
    topics: "IMPORT_JOB_UPDATED",
    filter: ({ payload, args, context }: { payload: { id: string; userId: string }; args: { id: string }; context: Context }) =>
      payload.userId === context.viewer.userId && toGlobalId("ImportJob", payload.id) === args.id,
    description: "Progress of one of the viewer's imports: counts while it runs, then its final state.",
  })
  importJobUpdated(@Root() payload: { id: string }, @Arg("id", () => ID) _id: string, @Ctx() ctx: Context): Promise<ImportJobView> {
    return service.getJob(ctx, toGlobalId("ImportJob", payload.id));
  }
}
