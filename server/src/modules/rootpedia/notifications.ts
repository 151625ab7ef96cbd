import type { Context } from "../../common/context.js";
import { defineNotification } from "../../common/notifications.js";
import { notify } from "../notifications/index.js";
import type { ArticleRow } from "./revision.service.js";

declare module "../../common/notifications.js" {
  interface NotificationKinds {
    /** An article the member watches (or one of a village they watch) changed: a new stable version, an edit waiting for review, or one rejected. */
    "rootpedia.article_changed": { articleId: string; villageSlug: string; title: string; change: "changed" | "pending" | "rejected" };
  }
}

export const articleChanged = defineNotification({
  kind: "rootpedia.article_changed",
  link: (p) => `/root/${p.villageSlug}/rootpedia/article/${p.articleId}`,
  text: (p, t) => ({ title: p.title, change: t(`rootpedia.change.${p.change}`) }),
  defaults: { inApp: true, email: "digest" },
});

export const rootpediaNotifications = [articleChanged];

/** Tells the article's and the village's watchers (not the member who made the change), each in their language. */
export async function tellWatchers(ctx: Context, article: ArticleRow, change: "changed" | "pending" | "rejected"): Promise<void> {
  const watchers: { user_id: string; slug: string }[] = await ctx.ds.query(
    `SELECT DISTINCT w.user_id, v.slug FROM rootpedia_watches w JOIN villages v ON v.id = $2
      WHERE (w.article_id = $1 OR w.village_id = $2) AND w.user_id IS DISTINCT FROM $3`,
    [article.id, article.village_id, ctx.viewer.userId],
  );
  for (const w of watchers)
    await notify({ db: ctx.ds, jobs: ctx.jobs, bus: ctx.bus, config: ctx.config }, articleChanged, w.user_id, {
      articleId: article.id,
      villageSlug: w.slug,
      title: article.title,
      change,
    });
}
