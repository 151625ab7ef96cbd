import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { toGlobalId } from "../../common/global-id.js";
import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { PersonView } from "../genealogy/index.js";
import { ImportStatus, type ImportCounts, type ImportJob } from "./import-job.entity.js";
import { FILE_PROBLEMS } from "./importer.js";

@ObjectType("ImportCounts", { simpleResolvers: true, description: "Progress and summary of an import." })
export class ImportCountsView implements ImportCounts {
  @Field(() => Int, { description: "Records (GEDCOM) or rows (spreadsheet) read." }) parsed: number;
  @Field(() => Float, {
    description: "Bytes of the uploaded file read so far (GEDCOM), beside the job's fileSize: how far the reading is; 0 when not known.",
  })
  read: number;
  @Field(() => Int, { description: "Rows written to the tree so far (during the commit); a record found unchanged is not rewritten." })
  written: number;
  @Field(() => Int, {
    description:
      "The file's people, couples and parent links the commit has gone through so far, written or found already there: the commit's progress, up to people + unions + links.",
  })
  committed: number;
  @Field(() => Int, { description: "Records the commit will write." }) total: number;
  @Field(() => Int) people: number;
  @Field(() => Int) unions: number;
  @Field(() => Int, { description: "Parent–child links." }) links: number;
  @Field(() => Int) events: number;
  @Field(() => Int) sources: number;
  @Field(() => Int) media: number;
  @Field(() => Int) places: number;
  @Field(() => Int) warnings: number;
  @Field(() => Int, { description: "Records refused (shown with their errors; left out of the commit)." }) errors: number;
  @Field(() => Int, { description: "People that look like someone already in Roots." }) duplicates: number;
  @Field(() => Int, { description: "People imported before (same external id) that the commit updates." }) updates: number;
}

@ObjectType("ImportJob", { description: "An upload of a family tree file: parsed, reviewed, then committed at once." })
export class ImportJobView {
  rawId: string;

  @Field(() => ID, { name: "id" })
  get globalId(): string {
    return toGlobalId("ImportJob", this.rawId);
  }

  @Field(() => String, { description: "gedcom or spreadsheet." }) kind: string;
  @Field(() => String, { description: "queued, parsing, review, commit_queued, committing, done, failed or cancelled." }) status: string;
  @Field(() => String) fileName: string;
  @Field(() => Float) fileSize: number;
  @Field(() => ImportCountsView) counts: ImportCountsView;
  @Field(() => String, { nullable: true, description: "Why it failed, in the request language." }) errorMessage: string | null;
  @Field(() => Boolean, {
    description: "A failed or interrupted job whose file is still here can run again (not one refused for what the file holds).",
  })
  canRetry: boolean;
  @Field(() => ID, { nullable: true, description: "Once done: the first person of the file written to the tree, to open the tree at." })
  firstPersonId: string | null;
  @Field(() => Boolean) canCancel: boolean;
  @Field(() => Boolean, { description: "Stopped (failed, cancelled or done): the member may delete it (deleteImport)." })
  canDelete: boolean;
  @Field(() => Int, { nullable: true, description: "Spreadsheet: index of the header row (0-based)." }) headerRow: number | null;
  @Field(() => [String], { description: "Spreadsheet: the header cells." }) headers: string[];
  @Field(() => [String], { nullable: "items", description: "Spreadsheet: the field each column maps to (null = ignored)." }) mapping: (
    string | null
  )[];
  @Field(() => Boolean, {
    description:
      "The file was read again because the server lost what it had read (a database restart): the member reviews it, and confirms it, again.",
  })
  readAgain: boolean;
  @Field(() => Date) createdAt: Date;
  @Field(() => Date, { nullable: true }) finishedAt: Date | null;
}

@ObjectType("ImportWarning", { simpleResolvers: true })
export class ImportWarningView {
  @Field(() => Int, { nullable: true, description: "Line (GEDCOM) or row (spreadsheet)." }) line: number | null;
  @Field(() => String) key: string;
  @Field(() => String, { description: "The warning in the request language." }) message: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The person the warning is about, named as the file does (in the request language's script where the file gives both); null for a warning about a line of the file.",
  })
  record: string | null;
}

@ObjectType("ImportRecord", { description: "A staged record as the member reviews it." })
export class ImportRecordView {
  @Field(() => Int, { nullable: true }) line: number | null;
  @Field(() => String, { description: "person, link or union." }) kind: string;
  @Field(() => String, { nullable: true, description: "Its key in the file (xref, id column)." }) key: string | null;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => String, { nullable: true }) nameAr: string | null;
  @Field(() => String, { nullable: true }) birth: string | null;
  @Field(() => String, { nullable: true }) death: string | null;
  @Field(() => [String], {
    description:
      "A link's parent and child, a union's two partners: their names (in the file's script, else its key for them); empty for other records.",
  })
  ends: string[];
  @Field(() => String, { description: "create, update or skip." }) action: string;
  @Field(() => [String], { description: "Why it is refused, in the request language (empty when fine)." }) errors: string[];
  @Field(() => PersonView, { nullable: true, description: "Someone already in Roots this looks like." }) duplicate: PersonView | null;
  @Field(() => PersonView, {
    nullable: true,
    description: "The person this record became, once the import is done (null before, or when merged or removed since).",
  })
  person: PersonView | null;
  @Field(() => Boolean, { description: "The viewer may merge `person` into `duplicate` (mergePeople, with `duplicate` kept)." })
  canMerge: boolean;
}

const ACTIVE = [ImportStatus.QUEUED, ImportStatus.PARSING, ImportStatus.REVIEW, ImportStatus.COMMIT_QUEUED, ImportStatus.COMMITTING];

export function presentJob(job: ImportJob, lang: Language): ImportJobView {
  const v = new ImportJobView();
  const options = job.options as {
    headerRow?: number;
    headers?: string[];
    mapping?: (string | null)[];
    readAgain?: boolean;
    firstPerson?: string;
  };
  Object.assign(v, {
    rawId: job.id,
    kind: job.kind,
    status: job.status,
    fileName: job.fileName,
    fileSize: Number(job.fileSize),
    // Jobs from before `committed` was counted.
    counts: { ...job.counts, committed: job.counts.committed ?? job.counts.written, read: job.counts.read ?? 0 },
    errorMessage: job.errorKey
      ? translate(runtimeKey(job.errorKey), lang, (job.errorParams ?? {}) as Record<string, string | number>)
      : null,
    canRetry: job.status === ImportStatus.FAILED && Boolean(job.filePath) && !FILE_PROBLEMS.has(job.errorKey ?? ""),
    firstPersonId: options.firstPerson ? toGlobalId("Person", options.firstPerson) : null,
    canCancel: ACTIVE.includes(job.status),
    canDelete: [ImportStatus.FAILED, ImportStatus.CANCELLED, ImportStatus.DONE].includes(job.status as ImportStatus),
    headerRow: options.headerRow ?? null,
    headers: options.headers ?? [],
    mapping: options.mapping ?? [],
    readAgain: options.readAgain === true,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  });
  return v;
}

@ObjectType("ImportAllowance", {
  simpleResolvers: true,
  description: "What a member may upload for imports now (IMPORT_UPLOADS_PER_HOUR, IMPORT_QUOTA_BYTES).",
})
export class ImportAllowanceView {
  @Field(() => Int) uploadsPerHour: number;
  @Field(() => Int, { description: "Uploads left in the current hour." }) uploadsLeft: number;
  @Field(() => Float, { description: "Bytes the member's files waiting on disk may take together." }) quotaBytes: number;
  @Field(() => Float, { description: "Bytes their files waiting now take (imports not done, failed ones kept for a retry)." })
  waitingBytes: number;
  @Field(() => Float, { description: "Largest file accepted." }) maxFileBytes: number;
  @Field(() => Float, { description: "Hours a failed import's file is kept for a retry." }) retryKeepHours: number;
}
