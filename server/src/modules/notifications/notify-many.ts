import type { EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../common/i18n.js";
import type { JobSender } from "../../common/jobs/index.js";
import type { EmailCadence, NotificationKind, NotificationKinds, NotificationTemplate } from "../../common/notifications.js";
import { newId } from "../../common/uuid.js";
import { emailNotification, type NotificationEvent } from "./notify.js";

/**
 * `notify` for many members at once, inside the caller's transaction: their settings and addresses
 * in one statement, their notifications in another (then an email each for those who asked for
 * them at once). Members gone meanwhile are skipped. Returns the live events, for the caller to
 * publish once its transaction has committed (a rolled-back batch announces nothing).
 */
export async function notifyMany<K extends NotificationKind>(
  deps: { tx: EntityManager; jobs: JobSender; config: Config },
  template: NotificationTemplate<K>,
  userIds: readonly string[],
  params: NotificationKinds[K],
): Promise<NotificationEvent[]> {
  const members: {
    id: string;
    email: string | null;
    display_name: string;
    preferred_language: string;
    in_app: boolean | null;
    cadence: EmailCadence | null;
  }[] = await deps.tx.query(
    `SELECT u.id, u.email, u.display_name, u.preferred_language, s.in_app, s.email AS cadence
       FROM unnest($1::uuid[]) AS t(id) JOIN users u ON u.id = t.id
       LEFT JOIN notification_settings s ON s.user_id = u.id AND s.kind = $2`,
    [userIds, template.kind],
  );
  const told = members
    .map((m) => ({
      ...m,
      inApp: m.in_app ?? template.defaults.inApp,
      cadence: m.cadence ?? template.defaults.email,
      id: newId(),
      userId: m.id,
    }))
    .filter((m) => m.inApp || m.cadence !== "off");
  if (!told.length) return [];
  const emailed = told.filter((m) => m.cadence === "immediate" && m.email);
  const emailing = new Set(emailed);
  const rows: { id: string; created_at: Date }[] = await deps.tx.query(
    `INSERT INTO notifications (id, user_id, kind, params, in_app, email, emailed_at)
     SELECT t.id, t.user_id, $4::text, $5::jsonb, t.in_app, t.email, CASE WHEN t.emailed THEN now() END
       FROM unnest($1::uuid[], $2::uuid[], $3::boolean[], $6::text[], $7::boolean[]) AS t(id, user_id, in_app, email, emailed)
     RETURNING id, created_at`,
    [
      told.map((m) => m.id),
      told.map((m) => m.userId),
      told.map((m) => m.inApp),
      template.kind,
      params,
      told.map((m) => m.cadence),
      told.map((m) => emailing.has(m)),
    ],
  );
  for (const m of emailed) {
    const language = LANGUAGES.find((l) => l === m.preferred_language) ?? DEFAULT_LANGUAGE;
    await emailNotification({ db: deps.tx, jobs: deps.jobs, config: deps.config }, template.kind, params, {
      email: m.email!,
      name: m.display_name,
      language,
    });
  }
  const createdAt = new Map(rows.map((r) => [r.id, r.created_at]));
  return told
    .filter((m) => m.inApp)
    .map((m) => ({
      id: m.id,
      userId: m.userId,
      kind: template.kind,
      params: params as Record<string, unknown>,
      createdAt: createdAt.get(m.id)!.toISOString(),
    }));
}
