import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import type { EventBus } from "../../common/event-bus.js";
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from "../../common/i18n.js";
import type { JobSender } from "../../common/jobs/index.js";
import type { EmailCadence, NotificationKind, NotificationKinds, NotificationTemplate } from "../../common/notifications.js";
import { newId } from "../../common/uuid.js";
import { queueEmail } from "../mail/index.js";
import { renderNotification } from "./render.js";

export interface NotifyDeps {
  /** Not a transaction: the live update goes out as soon as the notification is stored. */
  db: DataSource;
  jobs: JobSender;
  bus: EventBus;
  config: Config;
}

/** What the bus carries to the viewer's subscription (rendered there, in the subscriber's language). */
export interface NotificationEvent {
  id: string;
  userId: string;
  kind: string;
  params: Record<string, unknown>;
  createdAt: string;
}

export interface Recipient {
  email: string | null;
  name: string;
  language: Language;
}

/** The member's settings for a kind: their choice, or the kind's defaults. */
export async function settingsFor(
  db: DataSource | EntityManager,
  userId: string,
  template: NotificationTemplate<NotificationKind>,
): Promise<{ inApp: boolean; email: EmailCadence }> {
  const rows: { in_app: boolean; email: EmailCadence }[] = await db.query(
    `SELECT in_app, email FROM notification_settings WHERE user_id = $1 AND kind = $2`,
    [userId, template.kind],
  );
  return rows[0] ? { inApp: rows[0].in_app, email: rows[0].email } : template.defaults;
}

export async function recipient(db: DataSource | EntityManager, userId: string): Promise<Recipient | null> {
  const rows: { email: string | null; display_name: string; preferred_language: string }[] = await db.query(
    `SELECT email, display_name, preferred_language FROM users WHERE id = $1`,
    [userId],
  );
  if (!rows[0]) return null;
  return {
    email: rows[0].email,
    name: rows[0].display_name,
    language: LANGUAGES.find((l) => l === rows[0].preferred_language) ?? DEFAULT_LANGUAGE,
  };
}

/** Queues the notification's email to `to`, in their language (with the caller's transaction). */
export async function emailNotification(
  deps: { db: EntityManager; jobs: JobSender; config: Config },
  kind: NotificationKind,
  params: unknown,
  to: Recipient & { email: string },
): Promise<void> {
  const words = renderNotification(kind, params as Record<string, unknown>, to.language);
  await queueEmail(deps, {
    to: to.email,
    language: to.language,
    content: {
      subject: words.phrases.title,
      name: to.name,
      paragraphs: [words.phrases.body],
      action: { label: { key: "email.open_in_roots" }, url: absolute(deps.config, words.link) },
      footer: [{ key: "email.footer_settings", params: { url: absolute(deps.config, "/settings#notifications") } }],
    },
  });
}

const absolute = (config: Config, path: string) => `${config.PUBLIC_URL.replace(/\/$/, "")}${path}`;

/**
 * Tells a member something: stored with its kind and parameters (for the bell, unless the member
 * turned the kind off there), announced on the bus for the live count, and emailed in the
 * member's language at once or in the next daily digest, as the member chose. Nothing at all when
 * the member turned the kind off everywhere. Returns the notification's id, or null.
 */
export async function notify<K extends NotificationKind>(
  deps: NotifyDeps,
  template: NotificationTemplate<K>,
  userId: string,
  params: NotificationKinds[K],
): Promise<string | null> {
  const settings = await settingsFor(deps.db, userId, template);
  if (!settings.inApp && settings.email === "off") return null;
  const to = settings.email === "immediate" ? await recipient(deps.db, userId) : null;
  const id = newId();
  const [row]: { created_at: Date }[] = await deps.db.transaction(async (tx) => {
    const inserted: { created_at: Date }[] = await tx.query(
      `INSERT INTO notifications (id, user_id, kind, params, in_app, email, emailed_at) VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END) RETURNING created_at`,
      [id, userId, template.kind, params, settings.inApp, settings.email, Boolean(to?.email)],
    );
    if (to?.email)
      await emailNotification({ db: tx, jobs: deps.jobs, config: deps.config }, template.kind, params, to as Recipient & { email: string });
    return inserted;
  });
  if (settings.inApp) {
    const event: NotificationEvent = {
      id,
      userId,
      kind: template.kind,
      params: params as Record<string, unknown>,
      createdAt: row.created_at.toISOString(),
    };
    deps.bus.publish("NOTIFICATION_ADDED", event);
  }
  return id;
}
