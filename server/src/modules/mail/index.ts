/** Public surface of the mail area: outgoing email and the admin outbox. */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { OutboxEmail } from "./outbox-email.entity.js";
import { OutboxResolver } from "./outbox.resolver.js";

export { sendMail, type MailMessage } from "./mailer.js";
export { OutboxEmail, OutboxResolver };

export const mailArea = defineArea({
  name: "mail",
  resolvers: [OutboxResolver],
  entities: [OutboxEmail],
  management: [{ path: "/admin/outbox", roles: [Role.ADMIN] }],
});
