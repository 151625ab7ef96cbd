import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { EntityManager } from "typeorm";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated } from "../../common/errors.js";
import { checkSignature, expiryOf, secondsLeft, signLink } from "../../common/signed-links.js";
import { fileStorage } from "../../common/storage/index.js";
import { newId } from "../../common/uuid.js";
import type { TranslationKey } from "../../common/translation-keys.js";
import { audit } from "../audit/index.js";
import { ancestryConflict, ancestryForbidden } from "./ancestry.errors.js";
import { documentRequestPolicy, isDeskStaff, isRequester, mayReadRequest } from "./ancestry.policy.js";
import { rawIdOf } from "./request-input.js";
import { addEvent, FILE_KINDS, requestById, type FileKind, type FileRow, type RequestRow } from "./requests.store.js";
import type { RequestState } from "./states.js";

/**
 * The files of a request: the member's power of attorney (`authority`) and the officer's scan of
 * the issued document (`scan`). PDF, JPEG or PNG by their bytes (a name or a declared type proves
 * nothing), at most 20 MiB; stored under `ancestry/<request>/<file>` and served only through a
 * signed link that expires, minted for those who may see the request's details.
 */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;
/** How long a file's link opens it. */
export const FILE_LINK_SECONDS = 15 * 60;
const MIMES = new Set(["application/pdf", "image/jpeg", "image/png"]);

/** The member adds an authority while the request is theirs to complete; the officer a scan once the document is issued. */
const OPEN_FOR: Record<FileKind, readonly RequestState[]> = {
  authority: ["draft", "needs_information"],
  scan: ["issued", "translating"],
};

export const fileKey = (f: Pick<FileRow, "request_id" | "id">) => `ancestry/${f.request_id}/${f.id}`;

/** A file refused for what it is (empty, too large, not a PDF, JPEG or PNG), with the HTTP status the upload answers. */
export class FileRefused extends AppError {
  constructor(
    readonly status: 400 | 413 | 415,
    key: TranslationKey,
    params: Record<string, string | number> = {},
  ) {
    super(ErrorCode.BAD_USER_INPUT, key, params, [{ field: "file", key, params }]);
  }
}

/** A file over FILE_MAX_BYTES. */
export const tooLarge = (): FileRefused => new FileRefused(413, "ancestry.errors.file_size", { mb: FILE_MAX_BYTES / 1024 / 1024 });

/**
 * The request a file of `kind` may be added to by the viewer, locked: an authority to the
 * member's own request while it is a draft or answers a question; a scan by the officer working
 * the request (admins: any) once the document is issued. Another member's request is NOT_FOUND.
 */
export async function fileTarget(
  tx: EntityManager,
  ctx: Context,
  requestId: unknown,
  kind: unknown,
): Promise<{ r: RequestRow; kind: FileKind }> {
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!FILE_KINDS.includes(kind as FileKind)) throw new FileRefused(400, "ancestry.errors.file_kind");
  const raw = rawIdOf(typeof requestId === "string" ? requestId : null, "DocumentRequest");
  const r = raw ? await requestById(tx, raw, true) : null;
  const k = kind as FileKind;
  if (!r || (k === "authority" ? !isRequester(ctx.principal, r) : !(mayReadRequest(ctx.principal, r) && isDeskStaff(ctx.principal))))
    throw notFound();
  if (!OPEN_FOR[k].includes(r.state)) throw ancestryConflict(k === "scan" ? "ancestry.errors.scan_closed" : "ancestry.errors.file_closed");
  if (k === "scan" && !documentRequestPolicy.can(ctx.principal, "work", { ...r, infoFrom: r.info_from }))
    throw ancestryForbidden("ancestry.errors.not_yours");
  return { r, kind: k };
}

/** A file name as kept: its last path part, without control or format characters (no bidi overrides), well formed, at most 200 characters. */
export function cleanName(name: unknown, mime: string): string {
  const base = (typeof name === "string" ? name : "").split(/[\\/]/).pop() ?? "";
  const kept = base
    .replace(/[\p{Cc}\p{Cf}\p{Cs}"]/gu, "")
    .trim()
    .slice(0, 200);
  return kept || `document.${mime === "application/pdf" ? "pdf" : mime === "image/png" ? "png" : "jpg"}`;
}

/**
 * Checks a received file by its bytes and stores it with its row, a line on the request's
 * timeline and an audit entry, in `tx` (the request is locked by `fileTarget`). Returns its id.
 */
export async function storeFile(
  tx: EntityManager,
  ctx: Context,
  target: { r: RequestRow; kind: FileKind },
  name: unknown,
  bytes: Buffer,
): Promise<string> {
  if (bytes.length === 0) throw new FileRefused(400, "ancestry.errors.file_empty");
  if (bytes.length > FILE_MAX_BYTES) throw tooLarge();
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !MIMES.has(mime)) throw new FileRefused(415, "ancestry.errors.file_type");
  const now = ctx.clock.now();
  const file: FileRow = {
    id: newId(),
    request_id: target.r.id,
    kind: target.kind,
    name: cleanName(name, mime),
    mime,
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    uploaded_by: ctx.viewer.userId,
    created_at: now,
    attached_at: null,
  };
  await fileStorage(ctx.config).put(fileKey(file), bytes);
  await tx.query(
    `INSERT INTO ancestry_request_files (id, request_id, kind, name, mime, size, sha256, uploaded_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [file.id, file.request_id, file.kind, file.name, file.mime, file.size, file.sha256, file.uploaded_by, now],
  );
  await addEvent(tx, { id: newId(), requestId: file.request_id, at: now, actorId: ctx.viewer.userId, kind: "file", note: file.name });
  await audit(tx, {
    tableName: "ancestry_request_files",
    recordId: file.id,
    userId: ctx.viewer.userId,
    action: `upload_${file.kind}`,
    after: { requestId: file.request_id, name: file.name, mime, size: file.size, sha256: file.sha256 },
  });
  return file.id;
}

const linkPayload = (fileId: string, expiry: number) => `ancestry/${fileId}/${expiry}`;

/** A link that opens one file for `FILE_LINK_SECONDS`; minted only for a viewer who may see the request's details. */
export const fileLink = (key: Buffer, fileId: string, nowMs: number): string => {
  const expiry = expiryOf(nowMs, FILE_LINK_SECONDS);
  return `/ancestry/files/${fileId}?e=${expiry}&s=${signLink(key, linkPayload(fileId, expiry))}`;
};

/** The file id a link opens, when its signature holds and it has not expired. */
export function checkFileLink(key: Buffer, fileId: string, query: Record<string, unknown>, nowMs: number): boolean {
  const left = secondsLeft(query.e, nowMs);
  return left > 0 && checkSignature(key, linkPayload(fileId, Number(query.e)), query.s);
}
