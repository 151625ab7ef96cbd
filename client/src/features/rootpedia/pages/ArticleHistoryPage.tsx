import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import { ReasonAction } from "../../../ui/ReasonAction";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { DiffView } from "../components/DiffView";
import {
  useHideRootpediaRevisionMutation,
  useRevertRootpediaRevisionMutation,
  useRootpediaDiffQuery,
  useRootpediaHistoryQuery,
} from "../generated";
import "../rootpedia.css";

const TONE = { ACCEPTED: "green", PENDING: "gold", REJECTED: "red" } as const;

/** An article's revisions, newest first; choose two to compare word by word. Reviewers revert to one, or hide vandalism. */
export default function ArticleHistoryPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { slug = "", articleId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useRootpediaHistoryQuery({ variables: { id: articleId }, fetchPolicy: "cache-and-network" });
  const [revert, reverting] = useRevertRootpediaRevisionMutation();
  const [hide] = useHideRootpediaRevisionMutation();
  const a = data?.rootpediaArticle;
  const history = a?.history ?? [];
  const from = params.get("from") ?? history[1]?.id ?? null;
  const to = params.get("to") ?? history[0]?.id ?? null;
  const diff = useRootpediaDiffQuery({ variables: { from: from ?? "", to: to ?? "" }, skip: !from || !to || from === to });
  useDocumentTitle(a ? t("rootpedia.history_of", { title: a.title }) : null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const choose = (which: "from" | "to", id: string) => {
    const next = new URLSearchParams(params);
    next.set("from", which === "from" ? id : (from ?? id));
    next.set("to", which === "to" ? id : (to ?? id));
    setParams(next, { replace: true });
  };
  const problem = apiProblem(reverting.error ?? diff.error, t("errors.network"));
  return (
    <article className="page rootpedia">
      <Link className="back-link" to={`/root/${slug}/rootpedia/article/${articleId}`}>
        <bdi>{a!.title}</bdi>
      </Link>
      <h1>{t("rootpedia.history_of", { title: a!.title })}</h1>
      <table className="data-table rootpedia-history" data-testid="rootpedia-history">
        <thead>
          <tr>
            <th scope="col">{t("rootpedia.compare_from")}</th>
            <th scope="col">{t("rootpedia.compare_to")}</th>
            <th scope="col">{t("rootpedia.when")}</th>
            <th scope="col">{t("rootpedia.author")}</th>
            <th scope="col">{t("rootpedia.summary")}</th>
            <th scope="col">{t("rootpedia.status")}</th>
            {a!.viewerCan.review && <th scope="col">{t("rootpedia.actions")}</th>}
          </tr>
        </thead>
        <tbody>
          {history.map((r) => (
            <tr key={r.id}>
              <td>
                <input
                  type="radio"
                  name="from"
                  checked={from === r.id}
                  onChange={() => choose("from", r.id)}
                  aria-label={t("rootpedia.compare_from")}
                />
              </td>
              <td>
                <input
                  type="radio"
                  name="to"
                  checked={to === r.id}
                  onChange={() => choose("to", r.id)}
                  aria-label={t("rootpedia.compare_to")}
                />
              </td>
              <td>{formatDateTime(r.createdAt, lang)}</td>
              <td>
                <bdi>{r.author ?? t("rootpedia.roots_outline")}</bdi>
              </td>
              <td>
                <bdi>{r.summary}</bdi>
              </td>
              <td>
                <Badge tone={TONE[r.status]}>
                  {t(`rootpedia.status_${r.status.toLowerCase() as "accepted" | "pending" | "rejected"}`)}
                </Badge>
                {r.hidden && <Badge tone="red">{t("rootpedia.hidden")}</Badge>}
              </td>
              {a!.viewerCan.review && (
                <td className="rootpedia__actions">
                  {!r.hidden && r.id !== history[0].id && (
                    <Button
                      size="sm"
                      onClick={() =>
                        revert({ variables: { id: r.id } }).then(
                          () => refetch(),
                          () => {},
                        )
                      }
                    >
                      {t("rootpedia.revert")}
                    </Button>
                  )}
                  {!r.hidden && (
                    <ReasonAction
                      label={t("rootpedia.hide")}
                      title={t("rootpedia.hide")}
                      reasonLabel={t("rootpedia.hide_reason")}
                      onConfirm={async (reason) => {
                        await hide({ variables: { id: r.id, reason } });
                        await refetch();
                      }}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      {diff.data && (
        <section aria-labelledby="diff-h">
          <h2 id="diff-h">{t("rootpedia.differences")}</h2>
          <DiffView parts={diff.data.rootpediaDiff} language={a!.language} />
        </section>
      )}
    </article>
  );
}
