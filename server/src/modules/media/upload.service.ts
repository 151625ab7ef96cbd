import { createHash } from "node:crypto";
import type { Context } from "../../common/context.js";
import { AppError, forbidden, notFound } from "../../common/errors.js";
import { fromGlobalId, isUuid, toGlobalId } from "../../common/global-id.js";
import { fileStorage } from "../../common/storage/index.js";
import { newId } from "../../common/uuid.js";
import { POLICY_COLUMNS, type PolicyRow } from "../genealogy/index.js";
import { rateLimit, reserveUpload, type QuotaHold, type Reservation } from "../security/index.js";
import { inspect, type Inspected } from "./image.js";
import type { MediaKind } from "./media.entity.js";
import { mediaPolicy, mayUploadTo } from "./media.policy.js";
import { uploadBucket, usedBytes } from "./media.service.js";
import { forgetPictures } from "./denied.js";
import { originalKey, processMedia } from "./process.js";

/**
 * What an upload of a picture decides, apart from HTTP (upload.route.ts streams the body and
 * answers): where it goes and whether the member may add it there, the hourly count, and the
 * stored file and row.
 */

const KINDS: Record<string, { kind: MediaKind; target: "Person" | "Village" }[]> = {
  Person: [
    { kind: "portrait", target: "Person" },
    { kind: "photo", target: "Person" },
    { kind: "document", target: "Person" },
  ],
  Village: [{ kind: "photo", target: "Village" }],
};

/** Where a picture goes: a person of the request's rootspace, or one of its public villages. */
export interface UploadTarget {
  id: string;
  kind: MediaKind;
  /** The person's policy row; null for a village photo. */
  person: PolicyRow | null;
}

/** A refusal before anything is read or stored: its HTTP status and translation key. */
export interface UploadRefusal {
  status: number;
  key: string;
}

/** The target of `?target=<Person or Village id>&kind=…`, or why the member may not upload there. */
export async function uploadTarget(ctx: Context, target: unknown, kindName: unknown): Promise<UploadTarget | UploadRefusal> {
  if (!ctx.viewer.userId) return { status: 401, key: "errors.unauthenticated" };
  const ref = fromGlobalId(String(target ?? ""));
  const kind = KINDS[ref?.type ?? ""]?.find((k) => k.kind === kindName);
  if (!ref || !isUuid(ref.id) || !kind) return { status: 400, key: "media.bad_target" };
  let person: PolicyRow | null = null;
  if (kind.target === "Person") {
    [person] = await ctx.ds.query(`SELECT ${POLICY_COLUMNS} FROM people p WHERE p.id = $1 AND p.rootspace_id = $2`, [
      ref.id,
      ctx.rootspace.id,
    ]);
    if (!person) return { status: 404, key: "errors.not_found" };
  } else {
    // Scoped like people: a village of another rootspace is not found from this one.
    const [village] = await ctx.ds.query(`SELECT id FROM villages WHERE id = $1 AND rootspace_id = $2 AND is_public`, [
      ref.id,
      ctx.rootspace.id,
    ]);
    if (!village) return { status: 404, key: "errors.not_found" };
  }
  if (!mayUploadTo(ctx.principal, person ? { person } : { villageId: ref.id })) return { status: 403, key: "errors.forbidden" };
  return { id: ref.id, kind: kind.kind, person };
}

/** Reserves room in the member's quota for a body of up to `declared` bytes (the most a picture may be when unsaid), before it is read. */
export function reserveRoom(ctx: Context, declared: number): Promise<Reservation> {
  const userId = ctx.viewer.userId!;
  return reserveUpload(ctx, {
    userId,
    pool: "media",
    quota: ctx.config.MEDIA_QUOTA_BYTES,
    maxBytes: ctx.config.MEDIA_MAX_BYTES,
    declared,
    stored: (tx) => usedBytes(tx, userId),
  });
}

/** Counts the upload against the member's hourly number; the seconds to wait when it is used up. */
export async function countUpload(ctx: Context): Promise<{ retryAfterSeconds: number } | null> {
  try {
    await rateLimit.hit(ctx, uploadBucket(ctx.viewer.userId!), { max: ctx.config.MEDIA_UPLOADS_PER_HOUR, windowSeconds: 3600 });
    return null;
  } catch (err) {
    if (!(err instanceof AppError && err.retryAfterSeconds !== undefined)) throw err;
    return { retryAfterSeconds: err.retryAfterSeconds };
  }
}

/**
 * Stores a checked picture once by content (the same file twice is one file) and its row; a
 * village photo waits for review unless its uploader reviews the village. The reservation is
 * settled in the same commit; the sizes are made by the `media.process` job. Returns the id.
 */
export async function storeUpload(
  ctx: Context,
  target: UploadTarget,
  bytes: Buffer,
  image: Inspected,
  hold: QuotaHold | null,
): Promise<string> {
  const sha = createHash("sha256").update(bytes).digest("hex");
  const storage = fileStorage(ctx.config);
  const [file]: { status: string }[] = await ctx.ds.query(`SELECT status FROM media_files WHERE sha256 = $1`, [sha]);
  if (file?.status !== "ready") await storage.put(originalKey(sha), bytes);
  const id = newId();
  const villageId = target.person ? null : target.id;
  const row = { kind: target.kind, review: "pending" as const, uploadedBy: ctx.viewer.userId, villageId, person: target.person };
  const review = villageId && !mediaPolicy.can(ctx.principal, "review", row) ? "pending" : "approved";
  let replaced: string[] = [];
  await ctx.ds.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO media_files (sha256, mime, size, width, height) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sha256) DO UPDATE SET status = 'processing' WHERE media_files.status = 'failed'`,
      [sha, image.mime, bytes.length, image.width, image.height],
    );
    // One portrait per person: a new one replaces the old (its file is collected if unused).
    if (target.kind === "portrait")
      replaced = (await tx.query(`DELETE FROM media WHERE person_id = $1 AND kind = 'portrait' RETURNING id`, [target.id]))[0].map(
        (r: { id: string }) => r.id,
      );
    await tx.query(
      `INSERT INTO media (id, kind, person_id, village_id, file_sha256, uploaded_by, bytes, review)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, target.kind, target.person ? target.id : null, villageId, sha, ctx.viewer.userId, bytes.length, review],
    );
    // The picture now counts as stored, in the same commit that ends its reservation.
    await hold?.settle(tx);
  });
  await forgetPictures(ctx.bus, replaced);
  await ctx.jobs.send(processMedia, { sha256: sha }, { key: sha });
  return id;
}

/**
 * Adds an official document another area obtained for the member (ancestry's delivered scan, a
 * JPEG or PNG) to a person as a `document` picture, as an upload of it would: the member must
 * be allowed to add to that person. Not counted against the hourly number: the member did not
 * send it. Refused (MediaRefused) when it is not a picture media can show. Returns its id.
 */
export async function attachDocument(ctx: Context, personId: string, bytes: Buffer): Promise<string> {
  const target = await uploadTarget(ctx, toGlobalId("Person", personId), "document");
  if ("status" in target) throw target.status === 403 ? forbidden() : notFound();
  return storeUpload(ctx, target, bytes, await inspect(bytes, ctx.config.MEDIA_MAX_PIXELS), null);
}
