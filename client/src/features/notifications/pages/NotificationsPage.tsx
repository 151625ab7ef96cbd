import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import type { NotificationItemFragment } from "../../../gql/graphql";
import { NotificationsDocument, UnreadNotificationCountDocument } from "../../../gql/graphql";
import { useMarkNotificationsReadMutation, useNotificationsLazyQuery, useNotificationsQuery } from "../generated";
import "../notifications.css";

const refetchQueries = [{ query: UnreadNotificationCountDocument }];

/** /notifications: what the platform told the member, newest first; opening one marks it read. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  useDocumentTitle(t("notifications.title"));
  const { data, loading, error, refetch } = useNotificationsQuery({ fetchPolicy: "cache-and-network" });
  const [older, setOlder] = useState<{ items: NotificationItemFragment[]; cursor: string | null; more: boolean } | null>(null);
  const [loadOlder, olderState] = useNotificationsLazyQuery({ fetchPolicy: "network-only" });
  const [mark] = useMarkNotificationsReadMutation({ refetchQueries: [...refetchQueries, { query: NotificationsDocument }] });

  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (loading && !data) return <Skeleton label={t("common.loading")} variant="card" />;
  const page = data!.notifications;
  const items = [...page.edges.map((e) => e.node), ...(older?.items ?? [])];
  const cursor = older ? older.cursor : page.pageInfo.endCursor;
  const hasMore = older ? older.more : page.pageInfo.hasNextPage;

  const showOlder = async () => {
    const res = await loadOlder({ variables: { after: cursor } });
    const next = res.data?.notifications;
    if (next)
      setOlder({
        items: [...(older?.items ?? []), ...next.edges.map((e) => e.node)],
        cursor: next.pageInfo.endCursor,
        more: next.pageInfo.hasNextPage,
      });
  };
  const open = async (n: NotificationItemFragment) => {
    if (!n.read) await mark({ variables: { ids: [n.id] } }).catch(() => null);
    navigate(n.link);
  };

  return (
    <section className="page" aria-labelledby="notifications-title">
      <div className="notifications-toolbar">
        <h1 id="notifications-title">{t("notifications.title")}</h1>
        {data!.unreadNotificationCount > 0 && (
          <Button onClick={() => void mark({ variables: { ids: null } }).then(() => setOlder(null))}>
            {t("notifications.mark_all_read")}
          </Button>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState title={t("notifications.empty")} icon="🔔" />
      ) : (
        <ul className="notification-list" data-testid="notifications">
          {items.map((n) => (
            <li key={n.id} className={n.read ? "notification" : "notification notification--unread"}>
              <span className="notification__dot" />
              <div>
                <a
                  href={n.link}
                  onClick={(e) => {
                    e.preventDefault();
                    void open(n);
                  }}
                >
                  {!n.read && (
                    <span className="visually-hidden">
                      {t("notifications.unread")}
                      {t("common.colon")}{" "}
                    </span>
                  )}
                  <strong>{n.title}</strong>
                  <p>{n.body}</p>
                </a>
                <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, lang)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <p>
          <Button disabled={olderState.loading} onClick={() => void showOlder()}>
            {t("notifications.load_more")}
          </Button>
        </p>
      )}
      <p>
        <Link to="/settings#notifications">{t("notifications.settings_link")}</Link>
      </p>
    </section>
  );
}
