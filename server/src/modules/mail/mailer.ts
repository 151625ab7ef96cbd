import nodemailer, { type Transporter } from "nodemailer";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../common/i18n.js";
import { defineJob, type JobSender } from "../../common/jobs/index.js";
import { logger } from "../../common/logger.js";
import { newId } from "../../common/uuid.js";
import { renderEmail, type EmailContent } from "./email-layout.js";

export interface MailMessage {
  to: string;
  /** The recipient's saved language (`recipientLanguage`); the email is written in it. */
  language: Language;
  content: EmailContent;
  /** Carries a secret (a sign-in link): with SMTP, the kept copy is redacted. */
  sensitive?: boolean;
}

/** What a mail is queued with: the database (or the caller's transaction), the scheduler and the config. */
export interface MailDeps {
  db: DataSource | EntityManager;
  jobs: JobSender;
  config: Config;
}

const transports = new Map<string, Transporter>();

function transporter(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/** What is kept of a message that carried a secret, when its text may not be kept. */
const REDACTED = "[This message carried a sign-in link; its text is not kept.]";

/** The saved language of the account with this email or id, or the default when there is none. */
export async function recipientLanguage(db: DataSource | EntityManager, by: { email: string } | { userId: string }): Promise<Language> {
  const rows: { preferred_language: string }[] =
    "email" in by
      ? await db.query(`SELECT preferred_language FROM users WHERE email = $1`, [by.email])
      : await db.query(`SELECT preferred_language FROM users WHERE id = $1`, [by.userId]);
  const lang = rows[0]?.preferred_language;
  return LANGUAGES.find((l) => l === lang) ?? DEFAULT_LANGUAGE;
}

/**
 * Writes the message in its recipient's language and keeps it in the outbox. With SMTP_URL it is
 * delivered by the `mail.deliver` job (retried with backoff when the SMTP server fails; in the
 * caller's transaction when `db` is one, so it goes only if that commits), and the kept copy is
 * redacted when it carries a secret. Without SMTP the message goes only to the development outbox
 * (readable by admins at /admin/outbox) and the server log, so every flow works offline; a secret
 * is shown there only in development and tests: a production server without SMTP keeps and logs
 * it redacted, so no usable link sits in its log or its outbox.
 */
export async function queueEmail(deps: MailDeps, msg: MailMessage): Promise<string> {
  const { config } = deps;
  const smtp = config.SMTP_URL;
  const body = renderEmail(msg.content, msg.language);
  const showSecrets = !smtp && config.NODE_ENV !== "production";
  const redact = msg.sensitive && !showSecrets;
  const id = newId();
  await deps.db.query(
    `INSERT INTO outbox_emails (id, to_address, subject, text, html, language, transport, status, pending_body) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      msg.to,
      body.subject,
      redact ? REDACTED : body.text,
      redact ? null : body.html,
      msg.language,
      smtp ? "smtp" : "outbox",
      smtp ? "queued" : "kept",
      smtp && redact ? { text: body.text, html: body.html } : null,
    ],
  );
  if (smtp) {
    await deps.jobs.send(deliverEmail, { emailId: id }, { key: id, tx: "manager" in deps.db ? undefined : (deps.db as EntityManager) });
    return id;
  }
  if (redact)
    logger.warn("Email not delivered: SMTP_URL is not set, and its sign-in link is not kept", { to: msg.to, subject: body.subject });
  else logger.info("Email kept in the development outbox", { to: msg.to, subject: body.subject, text: body.text });
  return id;
}

/** Retries of one email after its first try: with backoff from 30 s, about an hour in all. */
export const MAIL_RETRY_LIMIT = 6;

/**
 * Hands one queued email to the SMTP server. A failure is recorded on the email and thrown, so the
 * scheduler retries it with backoff; after the last retry the email is marked failed. A delivered
 * or failed email is never sent again (a second delivery of the job finds it done).
 */
export const deliverEmail = defineJob<{ emailId: string }>({
  name: "mail.deliver",
  oneWaitingPerKey: true,
  retryLimit: MAIL_RETRY_LIMIT,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 2,
  handler: async ({ emailId }, job) => {
    const rows: {
      to_address: string;
      subject: string;
      text: string;
      html: string | null;
      status: string;
      pending_body: { text: string; html: string } | null;
    }[] = await job.ds.query(`SELECT to_address, subject, text, html, status, pending_body FROM outbox_emails WHERE id = $1`, [emailId]);
    const mail = rows[0];
    if (!mail || mail.status !== "queued") return;
    const smtp = job.config.SMTP_URL;
    if (!smtp) throw new Error("SMTP_URL is not set on the server that took this email");
    const body = mail.pending_body ?? { text: mail.text, html: mail.html ?? undefined };
    try {
      await transporter(smtp).sendMail({
        from: job.config.MAIL_FROM,
        to: mail.to_address,
        subject: mail.subject,
        text: body.text,
        html: body.html,
      });
    } catch (err) {
      const last = job.attempt >= MAIL_RETRY_LIMIT;
      await job.ds.query(
        `UPDATE outbox_emails SET attempts = attempts + 1, last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END,
                pending_body = CASE WHEN $3 THEN NULL ELSE pending_body END WHERE id = $1`,
        [emailId, String(err).slice(0, 500), last],
      );
      logger.error(last ? "SMTP delivery failed; no retries left" : "SMTP delivery failed; it will be retried", {
        to: mail.to_address,
        subject: mail.subject,
        attempt: job.attempt,
        err: String(err),
      });
      throw err;
    }
    await job.ds.query(
      `UPDATE outbox_emails SET attempts = attempts + 1, status = 'sent', sent_at = now(), last_error = NULL, pending_body = NULL WHERE id = $1`,
      [emailId],
    );
  },
});
