import type { EntityManager } from "typeorm";
import { readStored, type FileStorage } from "../../common/storage/index.js";
import { IMPORTED_PRIVACY, treeBulkWrites } from "../genealogy/index.js";
import { commitImportedEvents } from "./gedcom-io/events.js";
import { IMPORTED_PERSON_COLUMNS } from "./person-record.js";
import { timedQueries, type PhaseTimes, type Queryable } from "./phases.js";
import { stagePeopleKeys } from "./staged-people.js";
import { fileIdentity, sameFileSql, UnreadableFileError } from "./importer.js";
import type { ImportCounts, ImportJob } from "./import-job.entity.js";
import { OUTCOME_COLUMNS, OUTCOME_SELECT } from "./import-outcome.entity.js";
import { importMediaKey } from "./job-file.js";

const FROM_S = IMPORTED_PERSON_COLUMNS.map((c) => `s."${c}"`).join(", ");
/** A staged record `s` of job `$1` without errors. */
const OK = `s.job_id = $1 AND s.error_keys = '{}'`;
/**
 * A new UUIDv7 for a row written from a staged record: the time part of its staged (v7) id and
 * fresh random bits. Rows written in file order then go to the right-hand end of their primary
 * key instead of random pages of it (hundreds of thousands of external ids and kept records).
 */
const orderedId = (staged: string) =>
  `encode(substr(uuid_send(${staged}), 1, 8) || substr(uuid_send(gen_random_uuid()), 9, 8), 'hex')::uuid`;

export interface CommitCounts {
  created: number;
  updated: number;
  links: number;
  unions: number;
}

/**
 * Writes a job's staged records into the tree, inside the caller's transaction: new people,
 * re-imported people updated in place (only the importer's own records), their external ids,
 * parent links and unions. Set-based SQL, a handful of statements whatever the size.
 * `step` runs between statements (progress, cancellation).
 */
export async function commitStaged(
  em: EntityManager,
  job: ImportJob,
  step: (progress: Pick<ImportCounts, "written" | "committed">) => Promise<void>,
  times: PhaseTimes | undefined,
  storage: FileStorage,
): Promise<CommitCounts> {
  // Progress: the rows written, and the file's records gone through (a re-import's unchanged
  // people and links already there are not rewritten, but the bar still reaches its end).
  const { people, links: fileLinks, unions: fileUnions } = job.counts;
  const { id: jobId, userId } = job;
  const tx = timedQueries(em, times, "commit");
  // The staged records live in an UNLOGGED table, emptied by a database crash: never commit
  // a reviewed file without them (the runner reads the file again; this is the last guard).
  const [{ staged }]: { staged: boolean }[] = await tx.query(
    `/* staged */ SELECT EXISTS (SELECT 1 FROM import_staged WHERE job_id = $1) AS staged`,
    [jobId],
  );
  if (!staged && job.counts.total > 0) throw new UnreadableFileError("ingestion.interrupted");
  // The living cache is recomputed once at the end (refreshLiving), not after each statement.
  await tx.query(`SELECT set_config('roots.defer_kin', 'on', true)`);
  const villages = await lockReferences(tx, job);
  const created = await insertPeople(tx, job, villages);
  await step({ written: created, committed: created });
  // The member's earlier records this import updates, by id (usually none): every statement
  // about them goes through this list. Joined on the staged rows instead, they were planned
  // without statistics of the rows this transaction had just written (the planner took the
  // member's people to be very few), and the staged rows were scanned once per person.
  const [{ reimported }]: { reimported: string[] }[] = await tx.query(
    `/* people re-imported */ SELECT coalesce(array_agg(DISTINCT target_id), '{}') AS reimported FROM import_staged s
      WHERE ${OK} AND s.kind = 'person' AND s.action = 'update'`,
    [jobId],
  );
  const updated = reimported.length ? await updatePeople(tx, jobId, userId, reimported, villages) : 0;
  await step({ written: created + updated, committed: people });
  await tx.query(
    `/* external ids */ INSERT INTO external_ids (id, owner_id, scheme, value, record_table, record_id)
     SELECT ${orderedId("s.target_id")}, $2, e->>'scheme', e->>'value', 'people', s.target_id
       FROM import_staged s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.data->'externalIds', '[]')) e
      WHERE ${OK} AND s.kind = 'person' AND s.action <> 'skip'
     ON CONFLICT (owner_id, scheme, value) DO NOTHING`,
    [jobId, userId],
  );
  // Links and unions join their ends by the file's keys; an end that was refused drops them.
  await stagePeopleKeys(tx, jobId);
  const reimport = reimported.length > 0;
  const links = await insertBetween(tx, jobId, userId, {
    name: "parent links",
    insert: treeBulkWrites.insertParentLinks,
    select: "s.target_id, a.target_id, b.target_id, coalesce(s.data->>'kind', 'birth'), $2",
    kind: "link",
    unique: ["a.target_id", "b.target_id"],
    conflict: "(parent_id, child_id)",
    reimport,
  });
  await step({ written: created + updated + links, committed: people + fileLinks });
  const unions = await insertBetween(tx, jobId, userId, {
    name: "unions",
    insert: treeBulkWrites.insertUnions,
    select: `s.target_id, least(a.target_id, b.target_id), greatest(a.target_id, b.target_id), coalesce(s.data->>'kind', 'marriage'),
             s.data->>'dateText', s.data->>'dateQualifier', (s.data->>'dateFrom')::date, (s.data->>'dateTo')::date, s.data->>'place', $2`,
    kind: "union",
    unique: ["least(a.target_id, b.target_id)", "greatest(a.target_id, b.target_id)", "coalesce(s.data->>'kind', 'marriage')"],
    conflict: "(partner1_id, partner2_id, kind)",
    where: "a.target_id <> b.target_id",
    reimport,
  });
  await step({ written: created + updated + links + unions, committed: people + fileLinks + fileUnions });
  await commitImportedEvents(tx, jobId, userId, reimported);
  await refreshLiving(tx, jobId, reimported);
  await keepRecords(tx, job, reimported, storage);
  // What the done page and the error report read, out of the UNLOGGED staging table.
  await tx.query(`/* outcomes */ INSERT INTO import_outcomes (${OUTCOME_COLUMNS}) ${OUTCOME_SELECT}`, [jobId]);
  return { created, updated, links, unions };
}

/**
 * Locks what the job's people refer to, FOR KEY SHARE (no one deletes it before the commit):
 * the rootspace, and the villages their places matched, of which it returns those still there.
 * A village deleted since the file was read is left out of its people instead of failing the
 * import.
 */
async function lockReferences(tx: Queryable, job: ImportJob): Promise<string[]> {
  const [space]: unknown[] = await tx.query(`/* people */ SELECT 1 FROM rootspaces WHERE id = $1 FOR KEY SHARE`, [job.rootspaceId]);
  if (!space) throw new Error(`rootspace ${job.rootspaceId} is gone`);
  const [{ villages }]: { villages: string[] }[] = await tx.query(
    `/* people */ SELECT coalesce(array_agg(id), '{}') AS villages FROM (
       SELECT id FROM villages WHERE id IN (SELECT DISTINCT village_id FROM import_staged WHERE job_id = $1 AND kind = 'person' AND village_id IS NOT NULL) FOR KEY SHARE) v`,
    [job.id],
  );
  return villages;
}

/** The staged person columns, with a village no longer there (not in `villages`, parameter `param`) left out. */
const stagedValues = (param: string) =>
  FROM_S.replace(`s."village_id"`, `CASE WHEN s."village_id" = ANY(${param}::uuid[]) THEN s."village_id" END`);

/**
 * Writes the job's new people; returns how many. Their only references are the rootspace and
 * the `villages` locked by lockReferences, so the per-row foreign-key checks can be left out
 * (ownRowsOnly).
 */
async function insertPeople(tx: Queryable, job: ImportJob, villages: string[]): Promise<number> {
  const { id: jobId, userId, rootspaceId } = job;
  const values = stagedValues("$5");
  const inserted: { n: number }[] = await ownRowsOnly(tx, () =>
    tx.query(
      `/* people */ WITH ins AS (
         ${treeBulkWrites.insertPeople(
           IMPORTED_PERSON_COLUMNS,
           { id: "s.target_id", rootspace: "$2", creator: "$3", privacy: "$4", values },
           `FROM import_staged s WHERE ${OK} AND s.kind = 'person' AND s.action = 'create'`,
         )}
         RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [jobId, rootspaceId, userId, IMPORTED_PRIVACY, villages],
    ),
  );
  return inserted[0].n;
}

/**
 * Updates the member's own earlier records (`ids`) from their staged rows; returns how many
 * changed. A record the file gives again unchanged is left as it is: a re-import of the same
 * tree rewrote every person and every index entry of them (10 s of a 200,000-person re-import).
 * Two records of the file may stand for one person (merged in Roots since): the first wins.
 */
async function updatePeople(tx: Queryable, jobId: string, userId: string, ids: string[], villages: string[]): Promise<number> {
  const values = stagedValues("$4");
  const [, updated]: [unknown, number] = await tx.query(
    `/* people re-imported */ ${treeBulkWrites.updatePeople(
      IMPORTED_PERSON_COLUMNS,
      values,
      `SELECT DISTINCT ON (target_id) * FROM import_staged
        WHERE job_id = $1 AND kind = 'person' AND action = 'update' AND error_keys = '{}' AND target_id = ANY($3::uuid[])
        ORDER BY target_id, seq`,
      "$2",
    )}`,
    [jobId, userId, ids, villages],
  );
  return updated;
}

/**
 * Writes the staged links or unions (`kind`) between two written people `a` and `b`, each once.
 * Between two people this import creates, none can exist yet, nor be written by anyone else
 * before the commit: a plain insert, one row per pair (the file may repeat one), in key order,
 * without the per-row foreign-key checks where the role allows (ownRowsOnly).
 * Those touching a re-imported person (only when `reimport`) may exist already: ON CONFLICT DO
 * NOTHING, whose speculative insertion costs an index probe and a WAL record more per row
 * (~1 s per 400,000 links).
 */
async function insertBetween(
  tx: Queryable,
  jobId: string,
  userId: string,
  q: { name: string; insert: string; select: string; kind: string; unique: string[]; conflict: string; where?: string; reimport: boolean },
): Promise<number> {
  const between = (actions: string) => `
    FROM import_staged s
    JOIN staged_people a ON a.local_key = s.from_key AND a.ok AND a.action ${actions}
    JOIN staged_people b ON b.local_key = s.to_key AND b.ok AND b.action ${actions}
   WHERE s.job_id = $1 AND s.error_keys = '{}' AND s.kind = '${q.kind}'${q.where ? ` AND ${q.where}` : ""}`;
  const count = async (sql: string) =>
    (
      (await tx.query(`/* ${q.name} */ WITH ins AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM ins`, [jobId, userId])) as {
        n: number;
      }[]
    )[0].n;
  const fresh = await ownRowsOnly(tx, () =>
    count(
      `${q.insert} SELECT DISTINCT ON (${q.unique.join(", ")}) ${q.select} ${between("= 'create'")} ORDER BY ${q.unique.join(", ")}, s.seq`,
    ),
  );
  if (!q.reimport) return fresh;
  return (
    fresh +
    (await count(
      `${q.insert} SELECT ${q.select} ${between("<> 'skip'")} AND (a.action = 'update' OR b.action = 'update') ON CONFLICT ${q.conflict} DO NOTHING`,
    ))
  );
}

/**
 * Runs `work`, an INSERT whose every foreign key points to a row this same transaction has just
 * written or has locked, with PostgreSQL's per-row foreign-key checks off
 * (`session_replication_role` = replica, as pg_restore does for its loads). No one else can see
 * those rows, or delete the locked ones, before the commit: the checks could only ever pass, and
 * they were half the time of the parent links (3.5 s of 6.9 s for 380,000). Off only when the
 * database role may change the setting (a superuser, or `GRANT SET ON PARAMETER
 * session_replication_role`); otherwise the checks run as usual. The role is replica for `work`
 * alone: the triggers it would also skip (the living cache's) are deferred during an import and
 * refreshLiving does their work.
 */
export async function ownRowsOnly<T>(tx: Queryable, work: () => Promise<T>): Promise<T> {
  // Asked, not tried: a refused SET would log "permission denied" in the server's log at every
  // import. Before PostgreSQL 15 only a superuser may set it (and has_parameter_privilege does not exist).
  const [{ previous, version }]: { previous: string; version: number }[] = await tx.query(
    `SELECT current_setting('session_replication_role') AS previous, current_setting('server_version_num')::int AS version`,
  );
  const [{ may }]: { may: boolean }[] = await tx.query(
    version >= 150_000
      ? `SELECT has_parameter_privilege('session_replication_role', 'SET') AS may`
      : `SELECT rolsuper AS may FROM pg_roles WHERE rolname = current_user`,
  );
  if (may) await tx.query(`SELECT set_config('session_replication_role', 'replica', true)`);
  // An error in `work` aborts the whole transaction, and the setting ends with it (or with a
  // rollback to any savepoint taken before this one): it is put back on success only.
  const result = await work();
  if (may) await tx.query(`SELECT set_config('session_replication_role', $1, true)`, [previous]);
  return result;
}

/**
 * Recomputes the living cache (LivingUntil, BulkKinRefresh) of everyone the commit touched: the
 * job's people, and around the people it updated (the only ones with relatives outside the
 * file), their parents, grandparents, children and partners.
 */
async function refreshLiving(tx: Queryable, jobId: string, updated: string[]): Promise<void> {
  // The updated people by id: their relatives are found through the link indexes, whatever the
  // planner guessed of how many there are. Still deferred while it runs: the people UPDATE
  // trigger has nothing to do for kin_until.
  await tx.query(
    `/* living */ SELECT roots_refresh_kin(array(
       SELECT target_id FROM import_staged WHERE job_id = $1 AND kind = 'person' AND action <> 'skip' AND error_keys = '{}'
       UNION SELECT parent_id FROM parent_links WHERE child_id = ANY($2::uuid[])
       UNION SELECT parent_id FROM parent_links WHERE child_id IN (SELECT parent_id FROM parent_links WHERE child_id = ANY($2::uuid[]))
       UNION SELECT child_id FROM parent_links WHERE parent_id = ANY($2::uuid[])
       UNION SELECT partner2_id FROM unions WHERE partner1_id = ANY($2::uuid[])
       UNION SELECT partner1_id FROM unions WHERE partner2_id = ANY($2::uuid[])))`,
    [jobId, updated],
  );
  await tx.query(`SELECT set_config('roots.defer_kin', 'off', true)`);
}

/**
 * The job's kept GEDCOM records were written while the file was read (they count once the job
 * is done): this replaces what an earlier import of the same records kept, settles the few whose
 * record was not written, and stores GEDZIP media.
 */
async function keepRecords(tx: Queryable, job: ImportJob, reimported: string[], storage: FileStorage): Promise<void> {
  const { id: jobId, userId } = job;
  if (reimported.length) {
    await tx.query(
      `/* kept records */ DELETE FROM kept_records k WHERE k.owner_id = $2 AND k.record_id = ANY($3::uuid[]) AND k.job_id <> $1`,
      [jobId, userId, reimported],
    );
  }
  // Records outside the tree (sources, notes, media…) of an earlier import of the same file.
  await tx.query(
    `/* kept records */ DELETE FROM kept_records k USING import_jobs old
      WHERE old.user_id = $2 AND old.id <> $1 AND ${sameFileSql("old", "$3", "$4")} AND k.job_id = old.id AND k.record_id IS NULL`,
    [jobId, userId, fileIdentity(job.fileName), job.fileName],
  );
  // A person re-imported onto the member's earlier record is kept under that record; one not
  // written (skipped, or no longer the member's) stays a record of the file only. (A GEDCOM
  // person is never refused: what is odd about it is a warning.)
  await tx.query(
    `/* kept records */ UPDATE kept_records k
        SET record_table = CASE WHEN w.written THEN 'people' END, record_id = CASE WHEN w.written THEN s.target_id END
       FROM import_staged s
       CROSS JOIN LATERAL (SELECT s.action = 'update' AND EXISTS (SELECT 1 FROM people x WHERE x.id = s.target_id AND x.created_by = $2) AS written) w
      WHERE k.job_id = $1 AND s.job_id = $1 AND s.seq = k.seq AND s.kind = 'person' AND s.error_keys = '{}' AND s.action <> 'create'`,
    [jobId, userId],
  );
  // A family whose union was not written: when its couple already was a union (a re-import),
  // it now stands for that union, in place of the record an earlier import kept for it;
  // otherwise (refused, an end missing) it stays a record of the file only.
  // One list of the missing families, each with the union found or none: joined to a second list
  // of the found ones instead, it was planned as a nested loop (the planner expects one union
  // from the least/greatest join) and a re-import of 100,000 families ran for hours.
  await tx.query(
    `/* kept records */ WITH missing AS MATERIALIZED (
       SELECT m.seq, u.id FROM import_staged m
         LEFT JOIN staged_people a ON a.local_key = m.from_key AND a.ok AND a.action <> 'skip'
         LEFT JOIN staged_people b ON b.local_key = m.to_key AND b.ok AND b.action <> 'skip'
         LEFT JOIN unions u ON a.target_id IS NOT NULL AND b.target_id IS NOT NULL AND u.partner1_id = least(a.target_id, b.target_id)
                           AND u.partner2_id = greatest(a.target_id, b.target_id) AND u.kind = coalesce(m.data->>'kind', 'marriage')
        WHERE m.job_id = $1 AND m.kind = 'union' AND NOT EXISTS (SELECT 1 FROM unions x WHERE x.id = m.target_id)),
     settled AS (
       UPDATE kept_records k SET record_table = CASE WHEN m.id IS NOT NULL THEN 'unions' END, record_id = m.id
         FROM missing m
        WHERE k.job_id = $1 AND k.seq = m.seq
       RETURNING k.record_id)
     DELETE FROM kept_records k USING settled r WHERE k.owner_id = $2 AND k.record_id = r.record_id AND k.job_id <> $1`,
    [jobId, userId],
  );
  const media: { path: string; file: string }[] = await tx.query(
    `/* kept media */ SELECT data->>'path' AS path, data->>'file' AS file FROM import_staged WHERE job_id = $1 AND kind = 'media' ORDER BY seq`,
    [jobId],
  );
  for (const m of media) {
    // One file at a time: GEDZIP media can be large.
    await tx.query(`/* kept media */ DELETE FROM kept_media WHERE owner_id = $1 AND path = $2`, [userId, m.path]);
    await tx.query(
      `/* kept media */ INSERT INTO kept_media (id, owner_id, job_id, path, data) VALUES (gen_random_uuid(), $1, $2, $3, $4)`,
      [userId, jobId, m.path, await readStored(storage, importMediaKey(jobId, m.file))],
    );
  }
}
