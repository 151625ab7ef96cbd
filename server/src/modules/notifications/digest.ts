import { defineJob } from "../../common/jobs/index.js";
import { queueEmail } from "../mail/index.js";
import { recipient } from "./notify.js";
import { renderNotification } from "./render.js";

/** At most this many notifications are listed in one digest (the rest are counted, and wait in the bell). */
export const DIGEST_MAX_ITEMS = 20;

/**
 * Once a day (07:00 UTC, morning in Lebanon), each member with notifications waiting for the digest
 * gets one email listing them, in the member's language. The notifications are marked emailed in
 * the same transaction as the emails are queued, so a second run sends nothing twice.
 */
export const notificationDigest = defineJob({
  name: "notifications.digest",
  cron: "0 7 * * *",
  handler: async (_payload, job) => {
    const now = job.clock.now();
    await job.ds.transaction(async (tx) => {
      // TypeORM answers UPDATE … RETURNING with [rows, affectedCount].
      const [due]: [{ id: string; user_id: string; kind: string; params: Record<string, unknown> }[], number] = await tx.query(
        `UPDATE notifications n SET emailed_at = $1 FROM (SELECT id FROM notifications WHERE email = 'digest' AND emailed_at IS NULL AND created_at <= $1 ORDER BY created_at, id FOR UPDATE) due
          WHERE n.id = due.id RETURNING n.id, n.user_id, n.kind, n.params`,
        [now],
      );
      const byUser = new Map<string, typeof due>();
      for (const n of due) byUser.set(n.user_id, [...(byUser.get(n.user_id) ?? []), n]);
      const base = job.config.PUBLIC_URL.replace(/\/$/, "");
      for (const [userId, list] of byUser) {
        const to = await recipient(tx, userId);
        if (!to?.email) continue;
        const items = list.slice(0, DIGEST_MAX_ITEMS).map((n) => {
          const words = renderNotification(n.kind, n.params, to.language);
          return { title: words.title, body: words.body, url: `${base}${words.link}` };
        });
        const more = list.length - items.length;
        await queueEmail(
          { db: tx, jobs: job.scheduler, config: job.config },
          {
            to: to.email,
            language: to.language,
            content: {
              subject: { key: "email.digest.subject", params: { count: list.length } },
              name: to.name,
              paragraphs: [
                { key: "email.digest.intro", params: { count: list.length } },
                ...(more > 0 ? [{ key: "email.digest.more", params: { count: more } }] : []),
              ],
              items,
              action: { label: { key: "email.digest.action" }, url: `${base}/notifications` },
              footer: [{ key: "email.footer_settings", params: { url: `${base}/settings#notifications` } }],
            },
          },
        );
      }
    });
  },
});
