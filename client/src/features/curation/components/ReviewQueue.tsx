import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDate } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import type { ReviewQueueQuery } from "../../../gql/graphql";
import { useReviewQueueQuery, useVerifyRecordMutation } from "../generated";
import { Button } from "../../../ui/Button";
import { Skeleton } from "../../../ui/Skeleton";
import { TextInput } from "../../../ui/TextInput";
import { lower } from "../../../i18n/typed";
import { Badge } from "../../../ui/Badge";
import { appendPage } from "../../../lib/pagination";

type Item = ReviewQueueQuery["reviewQueue"]["edges"][number]["node"];

/** One record waiting for review, with its Verify form (a source is required). */
function ReviewRow({ item, onVerified }: { item: Item; onVerified: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [source, setSource] = useState("");
  const [verify, { loading, error }] = useVerifyRecordMutation();
  const problem = apiProblem(error, t("errors.network"));
  const title = lang === "ar" ? item.titleAr || item.title : item.title;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await verify({ variables: { kind: item.kind, id: item.id, source } }).catch(() => null);
    if (res?.data) onVerified();
  };
  return (
    <li className="card review-item" data-testid="review-item">
      <p>
        <Badge tone="primary">{t(`curation.kind_${lower(item.kind)}`)}</Badge>{" "}
        {item.kind === "PERSON" ? (
          <Link to={`/person/${item.id}`}>
            <bdi>{title}</bdi>
          </Link>
        ) : (
          <bdi>{title}</bdi>
        )}
        {item.villageName && (
          <>
            {" "}
            · <bdi>{localized(lang, item.villageName, item.villageNameAr, item.villageNameFr)}</bdi>
          </>
        )}
        <span className="muted"> · {t("curation.added_on", { date: formatDate(item.createdAt, lang) })}</span>
      </p>
      {item.sources && (
        <p className="muted">
          {t("curation.current_sources")}
          {t("common.colon")} <bdi>{item.sources}</bdi>
        </p>
      )}
      <form className="inline-form" onSubmit={submit} noValidate>
        <TextInput
          label={t("curation.source")}
          value={source}
          onChange={(e) => setSource(e.target.value)}
          placeholder={t("curation.source_hint")}
          dir="auto"
          maxLength={2000}
        />
        <Button variant="primary" type="submit" disabled={loading}>
          {t("curation.verify")}
        </Button>
      </form>
      {problem && (
        <p className="form-error" role="alert">
          {problem.fields.source?.join(" ") ?? problem.message}
        </p>
      )}
    </li>
  );
}

/** COMMUNITY records waiting for a curator, oldest first (one village, or all the viewer's). */
export function ReviewQueue({ villageId }: { villageId: string | null }) {
  const { t } = useTranslation();
  const [verified, setVerified] = useState(0);
  const { data, loading, refetch, fetchMore } = useReviewQueueQuery({ variables: { villageId, first: 20 }, fetchPolicy: "network-only" });
  const page = data?.reviewQueue;
  return (
    <section aria-labelledby="queue-h">
      <h2 id="queue-h">{t("curation.queue")}</h2>
      {loading && !page && <Skeleton label={t("common.loading")} />}
      {page && <p className="muted">{t("curation.queue_count", { count: page.totalCount })}</p>}
      {verified > 0 && (
        <p className="notice" role="status">
          {t("curation.verified_count", { count: verified })}
        </p>
      )}
      <ul className="review-queue">
        {page?.edges.map((e) => (
          <ReviewRow
            key={e.node.id}
            item={e.node}
            onVerified={() => {
              setVerified((n) => n + 1);
              void refetch();
            }}
          />
        ))}
      </ul>
      {page?.pageInfo.hasNextPage && (
        <Button
          type="button"
          onClick={() =>
            void fetchMore({
              variables: { after: page.pageInfo.endCursor },
              updateQuery: appendPage("reviewQueue"),
            })
          }
        >
          {t("admin.more")}
        </Button>
      )}
    </section>
  );
}
