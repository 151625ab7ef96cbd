import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { useNotificationAddedSubscription, useUnreadNotificationCountQuery } from "../generated";
import "../notifications.css";

/** The header's bell: the member's unread count, kept live by the subscription; opens /notifications. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const { data, refetch } = useUnreadNotificationCountQuery({ fetchPolicy: "cache-and-network" });
  useNotificationAddedSubscription({ onData: () => void refetch() });
  const count = data?.unreadNotificationCount ?? 0;
  return (
    <NavLink
      to="/notifications"
      className="bell"
      aria-label={count ? t("notifications.bell", { count }) : t("notifications.bell_none")}
      data-testid="notification-bell"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 && (
        <span className="bell__count" aria-hidden="true">
          {count > 99 ? `${formatNumber(99, currentLanguage())}+` : formatNumber(count, currentLanguage())}
        </span>
      )}
    </NavLink>
  );
}
