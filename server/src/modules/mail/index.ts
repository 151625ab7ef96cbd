/** Public surface of the mail area. */
export { sendMail, type MailMessage } from "./mailer.js";
export { OutboxResolver } from "./outbox.resolver.js";
export { OutboxEmail } from "./outbox-email.entity.js";
