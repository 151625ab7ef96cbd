import DataLoader from "dataloader";
import type { DataSource, EntityManager } from "typeorm";
import type { Context } from "../../common/context.js";
import { badInput, forbidden, notFound, type FieldError } from "../../common/errors.js";
import { fromGlobalId, isUuid } from "../../common/global-id.js";
import type { Language } from "../../common/i18n.js";
import { rateLimit } from "../security/index.js";
import { POLICY_COLUMNS, parseGenealogicalDate, type PolicyRow, mayReview } from "../genealogy/index.js";
import type { MediaKind, MediaReview, MediaVariant } from "./media.entity.js";
import { viewerCan } from "../../common/auth/policy.js";
import { mayChange, mayDelete, maySee, mediaPolicy, type MediaTarget } from "./media.policy.js";
import {
  MediaAllowanceView,
  type MediaDetailsInput,
  MediaImageView,
  type MediaKindEnum,
  type MediaReviewEnum,
  type MediaStatusEnum,
  MediaView,
} from "./media.types.js";
import { signingKey } from "../../common/signed-links.js";
import { signedPath, VILLAGE_LINK_SECONDS } from "./signing.js";
import { collectSoon } from "./collect.js";
import { forgetPictures } from "./denied.js";

/** A media row with its file's state, as every query here selects it. */
export interface MediaRow {
  id: string;
  kind: MediaKind;
  person_id: string | null;
  village_id: string | null;
  file_sha256: string;
  uploaded_by: string | null;
  review: MediaReview;
  caption: Partial<Record<Language, string>>;
  taken_on: string | null;
  credit: string | null;
  licence: string | null;
  created_at: Date;
  status: MediaStatusEnum;
  width: number;
  height: number;
  variants: MediaVariant[];
}

export const MEDIA_SELECT = `SELECT m.id, m.kind, m.person_id, m.village_id, m.file_sha256, m.uploaded_by, m.review, m.caption, m.taken_on,
  m.credit, m.licence, m.created_at, f.status, f.width, f.height, f.variants FROM media m JOIN media_files f ON f.sha256 = m.file_sha256`;

const HOUR = 3600;
export const uploadBucket = (userId: string): string => `media-upload:user:${userId}`;

/** Bytes of pictures the member uploaded that are still stored (one whose file could not be processed counts no more). */
export async function usedBytes(db: DataSource | EntityManager, userId: string): Promise<number> {
  const [row]: { n: string }[] = await db.query(
    `SELECT coalesce(sum(m.bytes), 0) AS n FROM media m JOIN media_files f ON f.sha256 = m.file_sha256
      WHERE m.uploaded_by = $1 AND f.status <> 'failed'`,
    [userId],
  );
  return Number(row.n);
}

export async function allowance(ctx: Context): Promise<MediaAllowanceView> {
  const userId = ctx.viewer.userId!;
  const [{ n }, used] = await Promise.all([
    rateLimit.state({ ds: ctx.ds, clock: ctx.clock }, uploadBucket(userId), HOUR),
    usedBytes(ctx.ds, userId),
  ]);
  return Object.assign(new MediaAllowanceView(), {
    uploadsPerHour: ctx.config.MEDIA_UPLOADS_PER_HOUR,
    uploadsLeft: Math.max(0, ctx.config.MEDIA_UPLOADS_PER_HOUR - n),
    quotaBytes: ctx.config.MEDIA_QUOTA_BYTES,
    usedBytes: used,
    maxFileBytes: ctx.config.MEDIA_MAX_BYTES,
  });
}

/** The policy rows of the people these media belong to. */
async function personRows(ds: DataSource, rows: MediaRow[]): Promise<Map<string, PolicyRow>> {
  const ids = [...new Set(rows.map((r) => r.person_id).filter((id): id is string => id !== null))];
  if (!ids.length) return new Map();
  const people: PolicyRow[] = await ds.query(`SELECT ${POLICY_COLUMNS} FROM people p WHERE p.id = ANY($1)`, [ids]);
  return new Map(people.map((p) => [p.id, p]));
}

const target = (r: MediaRow, people: Map<string, PolicyRow>): MediaTarget => ({
  kind: r.kind,
  review: r.review,
  uploadedBy: r.uploaded_by,
  villageId: r.village_id,
  person: r.person_id ? (people.get(r.person_id) ?? null) : null,
});

/** The rows this viewer may see, as GraphQL objects with freshly signed links. */
export async function present(ctx: Context, rows: MediaRow[], known?: Map<string, PolicyRow>): Promise<MediaView[]> {
  if (!rows.length) return [];
  const people = known ?? (await personRows(ctx.ds, rows));
  const key = await signingKey(ctx.ds, ctx.config);
  const now = ctx.clock.now().getTime();
  const out: MediaView[] = [];
  for (const r of rows) {
    const t = target(r, people);
    if (r.person_id && !t.person) continue;
    if (!maySee(ctx.principal, t)) continue;
    const scope = r.village_id && r.review === "approved" ? "v" : "p";
    const ttl = scope === "v" ? VILLAGE_LINK_SECONDS : ctx.config.MEDIA_URL_TTL_SECONDS;
    const link = (variant: string) => signedPath(key, { mediaId: r.id, sha: r.file_sha256 }, variant, scope, now, ttl);
    out.push(
      Object.assign(new MediaView(), {
        rawId: r.id,
        kind: r.kind as MediaKindEnum,
        status: r.status,
        review: r.review as MediaReviewEnum,
        caption: r.caption[ctx.language] ?? r.caption.ar ?? r.caption.en ?? r.caption.fr ?? null,
        captionAr: r.caption.ar ?? null,
        captionEn: r.caption.en ?? null,
        captionFr: r.caption.fr ?? null,
        date: r.taken_on,
        credit: r.credit,
        licence: r.licence,
        image: r.status === "ready" ? imageOf(r, link) : null,
        personId: r.person_id,
        villageId: r.village_id,
        mine: ctx.viewer.userId !== null && r.uploaded_by === ctx.viewer.userId,
        viewerCan: viewerCan(mediaPolicy, ctx.principal, t),
        createdAt: r.created_at,
      }),
    );
  }
  return out;
}

function imageOf(r: MediaRow, link: (variant: string) => string): MediaImageView | null {
  const webp = r.variants.filter((v) => v.format === "webp");
  const jpeg = r.variants.filter((v) => v.format === "jpeg");
  if (!webp.length || !jpeg.length) return null;
  const set = (vs: MediaVariant[]) => vs.map((v) => `${link(v.name)} ${v.width}w`).join(", ");
  const closest = (vs: MediaVariant[], w: number) => vs.find((v) => v.width >= w) ?? vs[vs.length - 1];
  return Object.assign(new MediaImageView(), {
    width: r.width,
    height: r.height,
    thumb: link(webp[0].name),
    src: link(closest(jpeg, 480).name),
    srcSet: set(webp),
    jpegSrcSet: set(jpeg),
    large: link(webp[webp.length - 1].name),
  });
}

/** Loads one media row by global id, refusing what the viewer may not see (as not found: its existence is private too). */
async function loadVisible(ctx: Context, globalId: string): Promise<{ row: MediaRow; t: MediaTarget }> {
  const ref = fromGlobalId(globalId);
  if (ref?.type !== "Media" || !isUuid(ref.id)) throw notFound();
  const [row]: MediaRow[] = await ctx.ds.query(`${MEDIA_SELECT} WHERE m.id = $1`, [ref.id]);
  if (!row) throw notFound();
  const t = target(row, await personRows(ctx.ds, [row]));
  if ((row.person_id && !t.person) || !maySee(ctx.principal, t)) throw notFound();
  return { row, t };
}

export async function mediaNode(ctx: Context, rawId: string): Promise<MediaView | null> {
  const rows: MediaRow[] = await ctx.ds.query(`${MEDIA_SELECT} WHERE m.id = $1`, [rawId]);
  return (await present(ctx, rows))[0] ?? null;
}

const TEXT_LIMITS: Record<keyof MediaDetailsInput, number> = {
  captionAr: 500,
  captionEn: 500,
  captionFr: 500,
  date: 60,
  credit: 200,
  licence: 100,
};

/** Checks and trims the details; every problem at once, as field errors. */
export function cleanDetails(input: MediaDetailsInput): Partial<Record<keyof MediaDetailsInput, string | null>> {
  const errors: FieldError[] = [];
  const out: Partial<Record<keyof MediaDetailsInput, string | null>> = {};
  for (const field of Object.keys(TEXT_LIMITS) as (keyof MediaDetailsInput)[]) {
    const value = input[field];
    if (value === undefined) continue;
    const text = value === null ? "" : value.normalize("NFC").trim();
    if (text.length > TEXT_LIMITS[field]) errors.push({ field, key: "errors.validation.maxLength" });
    // A date is read as every recorded date is ("about 1960", "حوالي ١٩٦٠", "ABT 1960"), and kept as typed.
    else if (field === "date" && text && !parseGenealogicalDate(text)) errors.push({ field, key: "errors.date_invalid" });
    out[field] = text || null;
  }
  if (errors.length) throw badInput(errors);
  return out;
}

export async function updateDetails(ctx: Context, globalId: string, input: MediaDetailsInput): Promise<MediaView> {
  const { row, t } = await loadVisible(ctx, globalId);
  if (!mayChange(ctx.principal, t)) throw forbidden();
  const d = cleanDetails(input);
  const caption = { ...row.caption };
  for (const [field, lang] of [
    ["captionAr", "ar"],
    ["captionEn", "en"],
    ["captionFr", "fr"],
  ] as const) {
    if (d[field] === undefined) continue;
    if (d[field]) caption[lang] = d[field]!;
    else delete caption[lang];
  }
  await ctx.ds.query(
    `UPDATE media SET caption = $2, taken_on = CASE WHEN $3 THEN $4 ELSE taken_on END, credit = CASE WHEN $5 THEN $6 ELSE credit END,
       licence = CASE WHEN $7 THEN $8 ELSE licence END WHERE id = $1`,
    [
      row.id,
      caption,
      d.date !== undefined,
      d.date ?? null,
      d.credit !== undefined,
      d.credit ?? null,
      d.licence !== undefined,
      d.licence ?? null,
    ],
  );
  return (await mediaNode(ctx, row.id))!;
}

export async function review(ctx: Context, globalId: string, approve: boolean): Promise<MediaView> {
  const { row } = await loadVisible(ctx, globalId);
  if (!row.village_id || !mayReview(ctx.principal, row.village_id)) throw forbidden();
  await ctx.ds.query(`UPDATE media SET review = $2, reviewed_by = $3, reviewed_at = $4 WHERE id = $1`, [
    row.id,
    approve ? "approved" : "rejected",
    ctx.viewer.userId,
    ctx.clock.now(),
  ]);
  return (await mediaNode(ctx, row.id))!;
}

export async function remove(ctx: Context, globalId: string): Promise<boolean> {
  const { row, t } = await loadVisible(ctx, globalId);
  if (!mayDelete(ctx.principal, t)) throw forbidden();
  await ctx.ds.query(`DELETE FROM media WHERE id = $1`, [row.id]);
  await forgetPictures(ctx.bus, [row.id]);
  await collectSoon(ctx.jobs);
  return true;
}

/** A person's pictures of one kind, newest first, for a viewer who may see the person (the caller checked). */
export async function ofPerson(ctx: Context, personId: string, kinds: MediaKind[]): Promise<MediaView[]> {
  const rows: MediaRow[] = await ctx.ds.query(
    `${MEDIA_SELECT} WHERE m.person_id = $1 AND m.kind = ANY($2) ORDER BY m.created_at DESC, m.id`,
    [personId, kinds],
  );
  return present(ctx, rows);
}

/** A village's approved photos, newest first; or those waiting (reviewers see all, a member their own). */
export async function ofVillage(ctx: Context, villageId: string, which: "approved" | "waiting", first: number): Promise<MediaView[]> {
  if (which === "waiting" && !ctx.viewer.userId) return [];
  const reviewer = mayReview(ctx.principal, villageId);
  const rows: MediaRow[] = await ctx.ds.query(
    which === "approved"
      ? `${MEDIA_SELECT} WHERE m.village_id = $1 AND m.review = 'approved' ORDER BY m.created_at DESC, m.id LIMIT $2`
      : `${MEDIA_SELECT} WHERE m.village_id = $1 AND m.review = 'pending' AND ($3 OR m.uploaded_by = $4)
         ORDER BY m.created_at, m.id LIMIT $2`,
    which === "approved" ? [villageId, first] : [villageId, first, reviewer, ctx.viewer.userId],
  );
  return present(ctx, rows);
}

/** Per-request loader of people's portraits (one query for a chart's people). */
export function createMediaLoaders(ctx: Context) {
  return {
    portrait: new DataLoader<string, MediaView | null>(async (personIds) => {
      const rows: MediaRow[] = await ctx.ds.query(`${MEDIA_SELECT} WHERE m.person_id = ANY($1) AND m.kind = 'portrait'`, [[...personIds]]);
      const byPerson = new Map((await present(ctx, rows)).map((m) => [m.personId, m]));
      return personIds.map((id) => byPerson.get(id) ?? null);
    }),
  };
}

/** Links to the large size of pictures (by global id) the viewer may see and that are ready: images in Rootpedia articles. */
export async function pictureLinks(ctx: Context, globalIds: string[]): Promise<Map<string, string>> {
  const ids = globalIds
    .map((g) => fromGlobalId(g))
    .filter((r) => r?.type === "Media" && isUuid(r.id))
    .map((r) => r!.id);
  if (!ids.length) return new Map();
  const rows: MediaRow[] = await ctx.ds.query(`${MEDIA_SELECT} WHERE m.id = ANY($1)`, [ids]);
  const shown = await present(ctx, rows);
  return new Map(shown.filter((m) => m.image).map((m) => [m.globalId, m.image!.large]));
}
