import nodemailer, { type Transporter } from "nodemailer";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { logger } from "../../common/logger.js";
import { newId } from "../../common/uuid.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Carries a secret (a sign-in link): with SMTP, the kept copy is redacted. */
  sensitive?: boolean;
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

/**
 * With SMTP_URL, hands the message to the SMTP server in the background (failures are
 * logged) and keeps a copy, redacted when it carries a secret. Without SMTP the message
 * goes only to the development outbox (readable by admins at /admin/outbox) and the
 * server log, so every flow works offline. A secret (a usable sign-in link) is shown there
 * only in development and tests: a production server without SMTP keeps and logs it
 * redacted, so no usable link sits in its log or its outbox.
 */
export async function sendMail(db: DataSource | EntityManager, config: Config, msg: MailMessage): Promise<void> {
  const smtp = config.SMTP_URL;
  const showSecrets = !smtp && config.NODE_ENV !== "production";
  const kept = msg.sensitive && !showSecrets ? REDACTED : msg.text;
  await db.query(`INSERT INTO outbox_emails (id, to_address, subject, text, transport) VALUES ($1, $2, $3, $4, $5)`, [newId(), msg.to, msg.subject, kept, smtp ? "smtp" : "outbox"]);
  if (!smtp) {
    if (msg.sensitive && !showSecrets) logger.warn("Email not delivered: SMTP_URL is not set, and its sign-in link is not kept", { to: msg.to, subject: msg.subject });
    else logger.info("Email kept in the development outbox", { to: msg.to, subject: msg.subject, text: msg.text });
    return;
  }
  void transporter(smtp)
    .sendMail({ from: config.MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.text })
    .catch((err: unknown) => logger.error("SMTP delivery failed", { to: msg.to, subject: msg.subject, err: String(err) }));
}
