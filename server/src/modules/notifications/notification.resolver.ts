import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { fromGlobalId, isUuid, toGlobalId } from "../../common/global-id.js";
import { runtimeKey, translate } from "../../common/i18n.js";
import { notificationKey } from "../../common/notifications.js";
import { ConnectionArgs, DEFAULT_PAGE_SIZE, keysetPageInfo } from "../../common/pagination.js";
import { keyset, type KeyColumn } from "../../common/sql.js";
import type { NotificationEvent } from "./notify.js";
import { settingsFor } from "./notify.js";
import { allTemplates, templateOf } from "./registry.js";
import { renderNotification } from "./render.js";
import { EmailCadenceOption, NotificationConnection, NotificationSettingView, NotificationView } from "./notification.types.js";

interface Row {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

const view = (row: Row, ctx: Context): NotificationView => {
  const words = renderNotification(row.kind, row.params, ctx.language);
  return {
    id: toGlobalId("Notification", row.id),
    kind: row.kind,
    title: words.title,
    body: words.body,
    link: words.link,
    read: row.read_at !== null,
    createdAt: row.created_at,
  };
};

const me = (ctx: Context) => ctx.viewer.userId!;

/** Newest first; the cursor holds the time and the id. */
const NEWEST_FIRST: KeyColumn[] = [
  { expr: "created_at", type: "timestamptz", desc: true },
  { expr: "id", type: "uuid", desc: true },
];

@Resolver()
export class NotificationResolver {
  @RequireRoles()
  @Query(() => NotificationConnection, { description: "The viewer's notifications, newest first (those the viewer keeps in the bell)." })
  async notifications(@Args() args: ConnectionArgs, @Ctx() ctx: Context): Promise<NotificationConnection> {
    const first = args.first ?? DEFAULT_PAGE_SIZE;
    const params: unknown[] = [me(ctx)];
    const seek = keyset(params, NEWEST_FIRST, args.after);
    const [rows, [{ count }]]: [(Row & object)[], { count: number }[]] = await Promise.all([
      first === 0
        ? Promise.resolve([])
        : ctx.ds.query(
            `SELECT id, kind, params, read_at, created_at, ${seek.select} FROM notifications WHERE user_id = $1 AND in_app AND ${seek.after} ORDER BY ${seek.orderBy} LIMIT ${first + 1}`,
            params,
          ),
      ctx.ds.query(`SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND in_app`, [me(ctx)]),
    ]);
    const edges = rows.slice(0, first).map((row) => ({ node: view(row, ctx), cursor: seek.cursor(row) }));
    return {
      edges,
      totalCount: count,
      pageInfo: keysetPageInfo(edges, rows.length > first, args.after),
    };
  }

  @RequireRoles()
  @Query(() => Int, { description: "How many of the viewer's notifications are unread (the bell's number)." })
  async unreadNotificationCount(@Ctx() ctx: Context): Promise<number> {
    const [{ count }]: { count: number }[] = await ctx.ds.query(
      `SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND in_app AND read_at IS NULL`,
      [me(ctx)],
    );
    return count;
  }

  @RequireRoles()
  @Mutation(() => Int, {
    description: "Marks the viewer's notifications read: those given, or all when `ids` is absent. Answers the unread count after.",
  })
  async markNotificationsRead(@Arg("ids", () => [ID], { nullable: true }) ids: string[] | null, @Ctx() ctx: Context): Promise<number> {
    if (ids) {
      if (ids.length > 100)
        throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [
          { field: "ids", key: "errors.validation.range", params: { min: 0, max: 100 } },
        ]);
      const raw = ids.map((id) => {
        const parsed = fromGlobalId(id);
        if (parsed?.type !== "Notification" || !isUuid(parsed.id))
          throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "ids", key: "errors.bad_global_id" }]);
        return parsed.id;
      });
      await ctx.ds.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id = ANY($2::uuid[]) AND read_at IS NULL`, [
        me(ctx),
        raw,
      ]);
    } else {
      await ctx.ds.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [me(ctx)]);
    }
    return this.unreadNotificationCount(ctx);
  }

  @RequireRoles()
  @Query(() => [NotificationSettingView], {
    description: "Every kind of notification, with the viewer's choice for each (or its default).",
  })
  async notificationSettings(@Ctx() ctx: Context): Promise<NotificationSettingView[]> {
    return Promise.all(
      allTemplates().map(async (template) => this.settingView(template.kind, await settingsFor(ctx.ds, me(ctx), template), ctx)),
    );
  }

  @RequireRoles()
  @Mutation(() => NotificationSettingView, {
    description: "Sets how the viewer gets one kind of notification: in the bell, and by email at once, in the daily digest or not at all.",
  })
  async setNotificationSetting(
    @Arg("kind", () => String) kind: string,
    @Arg("inApp", () => Boolean) inApp: boolean,
    @Arg("email", () => EmailCadenceOption) email: EmailCadenceOption,
    @Ctx() ctx: Context,
  ): Promise<NotificationSettingView> {
    if (!templateOf(kind))
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.unknown_notification_kind", {}, [
        { field: "kind", key: "errors.unknown_notification_kind" },
      ]);
    await ctx.ds.query(
      `INSERT INTO notification_settings (user_id, kind, in_app, email) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind) DO UPDATE SET in_app = EXCLUDED.in_app, email = EXCLUDED.email, updated_at = now()`,
      [me(ctx), kind, inApp, email],
    );
    return this.settingView(kind, { inApp, email }, ctx);
  }

  @Subscription(() => NotificationView, {
    topics: "NOTIFICATION_ADDED",
    filter: ({ payload, context }: { payload: NotificationEvent; context: Context }) => payload.userId === context.viewer.userId,
    description: "Each new notification of the viewer's, as it is made (the bell counts them live).",
  })
  notificationAdded(@Root() payload: NotificationEvent, @Ctx() ctx: Context): NotificationView {
    return view(
      { id: payload.id, kind: payload.kind, params: payload.params, read_at: null, created_at: new Date(payload.createdAt) },
      ctx,
    );
  }

  private settingView(kind: string, s: { inApp: boolean; email: string }, ctx: Context): NotificationSettingView {
    return {
      kind,
      label: translate(runtimeKey(notificationKey(kind, "setting")), ctx.language),
      inApp: s.inApp,
      email: s.email as EmailCadenceOption,
    };
  }
}
