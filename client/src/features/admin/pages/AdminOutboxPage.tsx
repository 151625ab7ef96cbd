import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { useOutboxQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";
import { Skeleton } from "../../../ui/Skeleton";
import { EmptyState } from "../../../ui/EmptyState";
import { LtrValue } from "../../../ui/BidiText";
import { runtimeKey } from "../../../i18n/typed";

/** /admin/outbox: the emails the platform sent or, without SMTP, kept here (development outbox). */
export default function AdminOutboxPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.outbox_title"));
  const lang = currentLanguage();
  const { data, loading, refetch } = useOutboxQuery({ variables: { first: 50 }, fetchPolicy: "network-only" });
  return (
    <section className="page">
      <h1>{t("admin.outbox_title")}</h1>
      <p>{t("admin.outbox_intro")}</p>
      <Button type="button" onClick={() => void refetch()}>
        {t("common.retry")}
      </Button>
      {loading && <Skeleton label={t("common.loading")} />}
      {data?.outbox.length === 0 && <EmptyState title={t("admin.outbox_empty")} />}
      {data?.outbox.map((m) => (
        <article key={m.id} className="card" data-testid="outbox-email">
          <h2>
            <bdi>{m.subject}</bdi>
          </h2>
          <p className="muted">
            <LtrValue>{m.to}</LtrValue> · {t(runtimeKey(`lang.${m.language}`))} · {t(runtimeKey(`admin.outbox_transport_${m.transport}`))} ·{" "}
            <span data-testid="outbox-status">{t(runtimeKey(`admin.outbox_status_${m.status}`))}</span>
            {m.attempts > 1 && <> ({t("admin.outbox_attempts", { count: m.attempts })})</>} · {formatDateTime(m.createdAt, lang)}
          </p>
          <pre dir="auto" className="mail-text">
            {m.text}
          </pre>
        </article>
      ))}
    </section>
  );
}
