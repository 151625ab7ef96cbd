import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { runtimeKey } from "../../../i18n/typed";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDate, formatDateTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { LoadFailed } from "../../../ui/LoadFailed";
import NotFound from "../../../ui/NotFound";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import type { DocumentRequestQuery } from "../../../gql/graphql";
import { FileUpload, RequestFiles } from "../components/RequestFiles";
import { ExpectedRange, FeeLines, StateBadge, SubjectSummary } from "../components/RequestParts";
import { useAnswerDocumentRequestMutation, useCancelDocumentRequestMutation, useDocumentRequestQuery } from "../generated";
import "../ancestry.css";

type Event = DocumentRequestQuery["documentRequest"]["events"][number];

/** One line of the timeline, in the reader's words; a question, an answer or a reference isolated. */
function EventLine({ e }: { e: Event }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const what =
    e.kind === "state" && e.toState ? <StateBadge state={e.toState} /> : t(runtimeKey(`ancestry.event_${e.kind}`), { note: e.note ?? "" });
  return (
    <li>
      <small className="muted">{formatDateTime(e.at, lang)}</small> {what}
      {e.kind === "state" && e.note && (
        <>
          {" "}
          · <bdi>{e.note}</bdi>
        </>
      )}
      {e.expectedOn && <small className="muted"> · {t("ancestry.event_due", { day: formatDate(e.expectedOn, lang) })}</small>}
    </li>
  );
}

function AnswerForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [answer, { loading, error }] = useAnswerDocumentRequestMutation();
  const problem = apiProblem(error, t("errors.network"));
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const res = await answer({ variables: { id, answer: text } }).catch(() => null);
    if (res?.data) showToast({ titleKey: "ancestry.moved" });
  };
  return (
    <form onSubmit={send} className="ancestry-form">
      <Field label={t("ancestry.your_answer")} value={text} onChange={(e) => setText(e.target.value)} errors={problem?.fields.answer} />
      <Button variant="primary" type="submit" disabled={loading || !text.trim()}>
        {t("ancestry.send_answer")}
      </Button>
    </form>
  );
}

/** /ancestry/requests/:id: where a request stands, its fees, its timeline; answer the desk, or cancel before the registry. */
export default function RequestPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const { data, error, refetch } = useDocumentRequestQuery({ variables: { id }, fetchPolicy: "cache-and-network" });
  const [cancel, cancelling] = useCancelDocumentRequestMutation();
  useDocumentTitle(data?.documentRequest.reference ?? t("ancestry.title"));
  if (error && !data)
    return apiProblem(error, "")?.code === "NOT_FOUND" ? <NotFound /> : <LoadFailed error={error} onRetry={() => refetch()} />;
  if (!data) return <Skeleton label={t("common.loading")} variant="card" />;
  const r = data.documentRequest;
  return (
    <section className="page ancestry-page" aria-labelledby="request-title">
      <h1 id="request-title">
        <bdi>{r.documentType.name}</bdi>
      </h1>
      <p>
        {t("ancestry.reference")}:{" "}
        <bdi dir="ltr" data-testid="request-reference">
          {r.reference}
        </bdi>{" "}
        · {t("ancestry.state")}: <StateBadge state={r.state} />
      </p>
      <ExpectedRange from={r.expectedFrom} to={r.expectedTo} />
      {r.state === "awaiting_payment" && r.paymentReference && (
        <p>
          {t("ancestry.pay_by_transfer", { reference: r.paymentReference })} <Link to="/wallet">{t("ancestry.open_wallet")}</Link>
        </p>
      )}
      {r.rejectionReason && <p role="status">{t("ancestry.rejected_because", { reason: r.rejectionReason })}</p>}
      {r.state === "needs_information" && r.question && (
        <section aria-labelledby="question-title">
          <h2 id="question-title">{t("ancestry.question_title")}</h2>
          <p>
            <bdi>{r.question}</bdi>
          </p>
          {r.viewerCan.answer && <AnswerForm id={r.id} />}
          {r.viewerCan.answer && r.details?.authority === "power_of_attorney" && (
            <FileUpload requestId={r.id} kind="authority" onDone={() => void refetch()} />
          )}
        </section>
      )}
      <SubjectSummary request={r} />
      {[
        ["ancestry.registry_reference", r.registryReference],
        ["ancestry.tracking_number", r.trackingNumber],
        ["ancestry.pouch_number", r.pouchNumber],
        ["ancestry.ministry_number", r.ministryNumber],
      ]
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <p key={k}>
            {t(runtimeKey(k!))}: <bdi dir="ltr">{v}</bdi>
          </p>
        ))}
      <RequestFiles request={r} onDone={() => void refetch()} />
      <h2>{t("ancestry.fees_title")}</h2>
      <FeeLines request={r} />
      <h2>{t("ancestry.timeline")}</h2>
      <ol className="ancestry-timeline">
        {r.events.map((e) => (
          <EventLine key={e.id} e={e} />
        ))}
      </ol>
      {r.viewerCan.cancel && (
        <Button
          disabled={cancelling.loading}
          onClick={async () => {
            const res = await cancel({ variables: { id: r.id } }).catch(() => null);
            if (res?.data) {
              showToast({ titleKey: "ancestry.cancelled_toast" });
              void refetch();
            }
          }}
        >
          {t("ancestry.cancel")}
        </Button>
      )}
    </section>
  );
}
