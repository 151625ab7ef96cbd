import type { ReactNode } from "react";
import "./feedback.css";

/**
 * What a list or page shows when there is nothing yet: a quiet mark, a sentence saying so
 * and, where it helps, the one action that fills it ("Add the first person").
 */
export function EmptyState({
  title,
  children,
  action,
  icon = "❦",
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <span className="empty-state__mark" aria-hidden="true">
        {icon}
      </span>
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__body">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
