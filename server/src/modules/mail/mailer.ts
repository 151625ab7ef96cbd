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

/**
 * With SMTP_URL, hands the message to the SMTP server in the background (failures are
 * logged) and keeps a copy, redacted when it carries a secret. Without SMTP the message
 * goes only to the development outbox (readable by admins at /admin/outbox) and the
 * server log, so every flow works offline.
 */
export async function sendMail(db: DataSource | EntityManager, config: Config, msg: MailMessage): Promise<void> {
  const smtp = config.SMTP_URL;
  const kept = smtp && msg.sensitive ? "[This message carried a sign-in link; its text is not kept.]" : msg.text;
  await db.query(`INSERT INTO outbox_emails (id, to_address, subject, text, transport) VALUES ($1, $2, $3, $4, $5)`, [newId(), msg.to, msg.subject, kept, smtp ? "smtp" : "outbox"]);
  if (!smtp) {
    logger.info("Email kept in the development outbox", { to: msg.to, subject: msg.subject, text: msg.text });
    return;
  }
  void transporter(smtp)
    .sendMail({ from: config.MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.text })
    .catch((err: unknown) => logger.error("SMTP delivery failed", { to: msg.to, subject: msg.subject, err: String(err) }));
}
