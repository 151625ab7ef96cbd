import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import { ButtonLink } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { Tabs } from "../../../ui/Tabs";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { StaffBallotBoard } from "../../ballots";
import { useRootpediaReviewQueueQuery } from "../generated";
import "../rootpedia.css";

type Tab = "edits" | "ballots";

/**
 * /management/linpedia, the staff board: Rootpedia edits waiting for review in the villages the
 * member reviews (oldest first), and their ballots (live), proposals and Roots Passports.
 */
export default function ReviewQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "ballots" ? "ballots" : "edits";
  useDocumentTitle(t("rootpedia.queue_title"));
  return (
    <article className="page rootpedia">
      <h1>{t("rootpedia.queue_title")}</h1>
      <Tabs
        label={t("rootpedia.queue_title")}
        tabs={[
          { id: "edits", label: t("rootpedia.queue_edits") },
          { id: "ballots", label: t("rootpedia.queue_ballots") },
        ]}
        selected={tab}
        onSelect={(id) => setParams(id === "edits" ? {} : { tab: id }, { replace: true })}
      >
        {tab === "edits" ? <EditQueue /> : <StaffBallotBoard />}
      </Tabs>
    </article>
  );
}

function EditQueue() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data, loading, error, refetch } = useRootpediaReviewQueueQuery({ fetchPolicy: "cache-and-network" });
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const queue = data!.rootpediaReviewQueue;
  return queue.length === 0 ? (
    <EmptyState title={t("rootpedia.queue_empty")} />
  ) : (
    <ul className="rootpedia-list" data-testid="rootpedia-queue">
      {queue.map((r) => {
        const v = r.article.village;
        const href = `/root/${v.slug}/rootpedia/article/${r.article.id}`;
        return (
          <li key={r.id} className="card">
            <Link to={href}>
              <bdi>{r.article.title}</bdi>
            </Link>{" "}
            <span className="muted">
              · <bdi>{localized(lang, v.name, v.nameAr, v.nameFr)}</bdi> · <bdi>{r.author ?? ""}</bdi> · {formatDateTime(r.createdAt, lang)}
            </span>
            {r.summary && (
              <p>
                <bdi>{r.summary}</bdi>
              </p>
            )}
            <ButtonLink size="sm" to={href}>
              {t("rootpedia.review")}
            </ButtonLink>
          </li>
        );
      })}
    </ul>
  );
}
