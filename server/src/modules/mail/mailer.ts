import nodemailer, { type Transporter } from "nodemailer";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { logger } from "../../common/logger.js";
import { newId } from "../../common/uuid.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

const transports = new Map<string, Transporter>();

/**
 * Sends through SMTP when SMTP_URL is set; otherwise the message only goes to the
 * development outbox (readable by admins in the app) and the server log, so every flow
 * works offline. Either way a copy is kept in `outbox_emails`.
 */
export async function sendMail(db: DataSource | EntityManager, config: Config, msg: MailMessage): Promise<void> {
  const transport = config.SMTP_URL ? "smtp" : "outbox";
  await db.query(`INSERT INTO outbox_emails (id, to_address, subject, text, transport) VALUES ($1, $2, $3, $4, $5)`, [newId(), msg.to, msg.subject, msg.text, transport]);
  if (!config.SMTP_URL) {
    logger.info("Email kept in the development outbox", { to: msg.to, subject: msg.subject, text: msg.text });
    return;
  }
  let transporter = transports.get(config.SMTP_URL);
  if (!transporter) {
    transporter = nodemailer.createTransport(config.SMTP_URL);
    transports.set(config.SMTP_URL, transporter);
  }
  await transporter.sendMail({ from: config.MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.text });
}
