import type { Queryable } from "../../common/sql.js";
import { createHash } from "node:crypto";
import type { JobSender } from "../../common/jobs/index.js";
import type { FileStorage } from "../../common/storage/index.js";
import { newId } from "../../common/uuid.js";
import type { Principal } from "../../common/auth/principal.js";
import type { PolicyRow } from "../genealogy/index.js";
import { inspect, MediaRefused } from "./image.js";
import type { MediaKind, MediaVariant } from "./media.entity.js";
import { maySee } from "./media.policy.js";
import { originalKey, processMedia } from "./process.js";

/** A kept GEDCOM structure as the ingestion area stores it (kept_records.data). */
interface KeptNode {
  tag: string;
  value?: string;
  pointer?: boolean;
  xref?: string;
  children?: KeptNode[];
}

const kids = (n: KeptNode, tag: string) => (n.children ?? []).filter((c) => c.tag === tag);

/** The files an OBJE structure names (7.0: `FILE` with `FORM` and `TITL` under it; 5.5.1: `TITL` beside), with their titles. */
function filesOf(obje: KeptNode): { path: string; title: string | null }[] {
  const outer = kids(obje, "TITL")[0]?.value ?? null;
  return kids(obje, "FILE")
    .filter((f) => f.value)
    .map((f) => ({ path: f.value!.trim(), title: kids(f, "TITL")[0]?.value ?? outer }));
}

/** A GEDZIP path as the archive lists it: `/`-separated, without `./`, percent-escapes decoded (7.0 FILE values are URLs). */
function normalise(path: string): string {
  let p = path.replace(/\\/g, "/").replace(/^\.\//, "");
  try {
    p = decodeURI(p);
  } catch {
    // Not an escaped URL: the path as written.
  }
  return p.normalize("NFC");
}

/**
 * The pictures of an imported GEDZIP become the people's pictures: each person written by the
 * import whose record links an OBJE (by pointer, or inline) with a FILE that the archive holds
 * and that is an image Roots accepts gets it as a photo, the first one as the portrait when the
 * person has none. The file is stored once by content with its original bytes kept
 * (`keepOriginal`: the export writes them back as they came) and processed on the scheduler.
 * Files that are not images (sound, transcripts) stay only in the kept media, for the export.
 * Runs in the import's commit transaction; `processWaiting` then sends their processing.
 */
export async function linkImportedMedia(
  tx: Queryable,
  job: { id: string; userId: string },
  storage: FileStorage,
  maxPixels: number,
  read: (path: string) => Promise<Uint8Array | null>,
): Promise<void> {
  const people: { record_id: string; data: KeptNode }[] = await tx.query(
    // Only the people whose record links a picture (an import of 200,000 people may have none).
    `/* media */ SELECT k.record_id, k.data FROM kept_records k
      WHERE k.job_id = $1 AND k.record_table = 'people' AND k.record_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM json_array_elements(k.data->'children') c WHERE c->>'tag' = 'OBJE')
      ORDER BY k.seq`,
    [job.id],
  );
  if (!people.length) return;
  const objects: { xref: string; data: KeptNode }[] = await tx.query(
    `/* media */ SELECT xref, data FROM kept_records WHERE job_id = $1 AND tag = 'OBJE' AND xref IS NOT NULL`,
    [job.id],
  );
  const byXref = new Map(objects.map((o) => [o.xref, o.data]));
  const made = new Map<string, { sha: string; size: number } | null>();

  const stored = async (path: string) => {
    if (made.has(path)) return made.get(path)!;
    const bytes = await read(path);
    let file: { sha: string; size: number } | null = null;
    if (bytes) {
      try {
        const image = await inspect(bytes, maxPixels);
        const sha = createHash("sha256").update(bytes).digest("hex");
        await storage.put(originalKey(sha), bytes);
        await tx.query(
          `/* media */ INSERT INTO media_files (sha256, mime, size, width, height, keep_original) VALUES ($1, $2, $3, $4, $5, true)
           ON CONFLICT (sha256) DO UPDATE SET keep_original = true, status = CASE WHEN media_files.status = 'failed' THEN 'processing' ELSE media_files.status END`,
          [sha, image.mime, bytes.length, image.width, image.height],
        );
        file = { sha, size: bytes.length };
      } catch (err) {
        if (!(err instanceof MediaRefused)) throw err;
      }
    }
    made.set(path, file);
    return file;
  };

  for (const person of people) {
    let hasPortrait =
      (await tx.query(`/* media */ SELECT 1 FROM media WHERE person_id = $1 AND kind = 'portrait'`, [person.record_id])).length > 0;
    for (const link of kids(person.data, "OBJE")) {
      const obje = link.pointer ? byXref.get(link.value ?? "") : link;
      if (!obje) continue;
      // A file the GEDCOM marks confidential or private is kept as a document: only who sees the whole record sees it.
      const restricted = /CONFIDENTIAL|PRIVACY/.test(kids(obje, "RESN")[0]?.value ?? "");
      for (const { path, title } of filesOf(obje)) {
        const file = await stored(normalise(path));
        if (!file) continue;
        const [already] = await tx.query(`/* media */ SELECT 1 FROM media WHERE person_id = $1 AND gedcom_path = $2`, [
          person.record_id,
          path,
        ]);
        if (already) continue;
        await tx.query(
          `/* media */ INSERT INTO media (id, kind, person_id, file_sha256, uploaded_by, bytes, caption, gedcom_path)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            newId(),
            restricted ? "document" : hasPortrait ? "photo" : "portrait",
            person.record_id,
            file.sha,
            job.userId,
            file.size,
            title ? { [/[\u0600-\u06FF]/.test(title) ? "ar" : "en"]: title } : {},
            path,
          ],
        );
        hasPortrait ||= !restricted;
      }
    }
  }
}

/** Sends the processing of every file still waiting for it (after an import's commit; the hourly pass catches any lost send). */
export async function processWaiting(ds: Queryable, jobs: JobSender, olderThan?: Date): Promise<void> {
  const waiting: { sha256: string }[] = await ds.query(
    `SELECT sha256 FROM media_files WHERE status = 'processing' AND created_at < $1 ORDER BY created_at LIMIT 10000`,
    [olderThan ?? new Date(8.64e15)],
  );
  for (const { sha256 } of waiting) await jobs.send(processMedia, { sha256 }, { key: sha256 });
}

/** A picture uploaded in Roots that a GEDCOM export names (pictures a GEDZIP brought are in its kept records already). */
export interface ExportedPicture {
  personId: string;
  /** Where the export puts it: `media/<hash>.jpg` in a GEDZIP, the OBJE's FILE. */
  path: string;
  /** The stored size written into a GEDZIP (the largest JPEG: no metadata). */
  storageKey: string;
  title: string | null;
  date: string | null;
  portrait: boolean;
}

/**
 * The Roots-uploaded pictures of exported people that the viewer may see (media.policy: a portrait
 * and photos with the person's name, scans with their whole record), portraits first.
 */
export async function picturesForExport(
  ds: Queryable,
  viewer: Principal,
  people: PolicyRow[],
  language: "ar" | "en" | "fr",
): Promise<ExportedPicture[]> {
  if (!people.length) return [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const rows: {
    person_id: string;
    kind: MediaKind;
    file_sha256: string;
    caption: Partial<Record<string, string>>;
    taken_on: string | null;
    variants: MediaVariant[];
    uploaded_by: string | null;
  }[] = await ds.query(
    `SELECT m.person_id, m.kind, m.file_sha256, m.caption, m.taken_on, f.variants, m.uploaded_by FROM media m JOIN media_files f ON f.sha256 = m.file_sha256
      WHERE m.person_id = ANY($1) AND m.gedcom_path IS NULL AND f.status = 'ready' ORDER BY m.kind <> 'portrait', m.created_at, m.id`,
    [people.map((p) => p.id)],
  );
  return rows.flatMap((r) => {
    const person = byId.get(r.person_id)!;
    const jpeg = r.variants.filter((v) => v.format === "jpeg").pop();
    if (!jpeg || !maySee(viewer, { kind: r.kind, review: "approved", uploadedBy: r.uploaded_by, villageId: null, person })) return [];
    return [
      {
        personId: r.person_id,
        path: `media/${r.file_sha256.slice(0, 24)}.jpg`,
        storageKey: `media/${r.file_sha256}/${jpeg.name}`,
        title: r.caption[language] ?? r.caption.ar ?? r.caption.en ?? r.caption.fr ?? null,
        date: r.taken_on,
        portrait: r.kind === "portrait",
      },
    ];
  });
}
