/** Public surface of the mail area: outgoing email in the recipient's language, delivered by the scheduler, and the admin outbox. */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { deliverEmail } from "./mailer.js";
import { OutboxEmail } from "./outbox-email.entity.js";
import { OutboxResolver } from "./outbox.resolver.js";
import { mailReads } from "./mail.reads.js";

export { deliverEmail, MAIL_RETRY_LIMIT, queueEmail, recipientLanguage, type MailDeps, type MailMessage } from "./mailer.js";
export { renderEmail, type EmailContent, type Phrase } from "./email-layout.js";
export { OutboxEmail, OutboxResolver };

export const mailArea = defineArea({
  name: "mail",
  reads: mailReads,
  tables: ["outbox_emails"],
  resolvers: [OutboxResolver],
  entities: [OutboxEmail],
  jobs: [deliverEmail],
  management: [{ path: "/admin/outbox", roles: [Role.ADMIN] }],
});
