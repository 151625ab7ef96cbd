import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import type { DocumentDeskFilter, DocumentRequestFieldsFragment } from "../../../gql/graphql";
import { runtimeKey } from "../../../i18n/typed";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { Field } from "../../../ui/Field";
import { LoadFailed } from "../../../ui/LoadFailed";
import { SelectField } from "../../../ui/SelectField";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { Tabs } from "../../../ui/Tabs";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { AssignControl, RefundControl } from "../components/DeskControls";
import { HolidayEditor } from "../components/HolidayEditor";
import { TypeEditor } from "../components/TypeEditor";
import { FileUpload, RequestFiles } from "../components/RequestFiles";
import { StateBadge, SubjectSummary } from "../components/RequestParts";
import {
  useClaimDocumentRequestMutation,
  useDocumentDeskQuery,
  useMoveDocumentRequestMutation,
  useRequestInformationMutation,
} from "../generated";
import "../ancestry.css";

const STATES = [
  "awaiting_payment",
  "in_review",
  "needs_information",
  "at_registry",
  "issued",
  "translating",
  "shipped",
  "in_pouch",
  "at_embassy",
  "delivered",
  "rejected",
  "cancelled",
];
/** What a step records beside the move. */
const STEP_FIELDS: Record<string, string[]> = {
  at_registry: ["registryReference"],
  shipped: ["trackingNumber"],
  in_pouch: ["pouchNumber", "ministryNumber"],
};

/** One request on the desk: claim it, or (the officer's own) move it, ask the member, record references. */
function DeskRow({ r, onDone }: { r: DocumentRequestFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [claim, claiming] = useClaimDocumentRequestMutation();
  const [move, moving] = useMoveDocumentRequestMutation();
  const [ask, asking] = useRequestInformationMutation();
  const problem = apiProblem(claiming.error ?? moving.error ?? asking.error, t("errors.network"));
  const set = (k: string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const done = (titleKey: "ancestry.claimed" | "ancestry.moved" | "ancestry.asked") => (res: { data?: unknown } | null) => {
    if (res?.data) {
      showToast({ titleKey });
      setValues({});
      onDone();
    }
  };
  const fields = [...new Set(r.nextStates.flatMap((s) => STEP_FIELDS[s] ?? []))];
  const onAsk = (e: FormEvent) => {
    e.preventDefault();
    void ask({ variables: { id: r.id, question: values.question ?? "" } })
      .catch(() => null)
      .then(done("ancestry.asked"));
  };
  return (
    <li className="card" data-testid={`desk-${r.reference}`}>
      <p>
        <Link to={`/ancestry/requests/${encodeURIComponent(r.id)}`}>
          <bdi dir="ltr">{r.reference}</bdi>
        </Link>{" "}
        · <bdi>{r.documentType.name}</bdi> · <StateBadge state={r.state} /> ·{" "}
        {r.overdueDays > 0 ? <strong>{t("ancestry.desk_overdue", { count: r.overdueDays })}</strong> : t("ancestry.desk_on_time")}
        {r.assignedToName && <> · {t("ancestry.desk_assigned_to", { name: r.assignedToName })}</>}
      </p>
      <SubjectSummary request={r} />
      {r.viewerCan.claim && (
        <Button
          disabled={claiming.loading}
          onClick={() =>
            void claim({ variables: { id: r.id } })
              .catch(() => null)
              .then(done("ancestry.claimed"))
          }
        >
          {t("ancestry.claim")}
        </Button>
      )}
      {r.viewerCan.work && r.nextStates.length > 0 && (
        <div className="ancestry-form">
          {fields.map((f) => (
            <Field
              key={f}
              label={t(runtimeKey(`ancestry.${f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`))}
              value={values[f] ?? ""}
              onChange={set(f)}
              errors={problem?.fields[f]}
            />
          ))}
          <Field label={t("ancestry.note")} value={values.note ?? ""} onChange={set("note")} errors={problem?.fields.note} />
          <div className="ancestry-filters">
            {r.nextStates.map((to) => (
              <Button
                key={to}
                variant={to === "rejected" ? undefined : "primary"}
                disabled={moving.loading}
                onClick={() =>
                  void move({
                    variables: { input: { id: r.id, to, ...Object.fromEntries(Object.entries(values).filter(([k]) => k !== "question")) } },
                  })
                    .catch(() => null)
                    .then(done("ancestry.moved"))
                }
              >
                {t("ancestry.move_to", { state: t(runtimeKey(`ancestry.state.${to}`)) })}
              </Button>
            ))}
          </div>
        </div>
      )}
      {r.viewerCan.work && (r.state === "in_review" || r.state === "at_registry") && (
        <form onSubmit={onAsk} className="ancestry-form">
          <Field
            label={t("ancestry.question")}
            value={values.question ?? ""}
            onChange={set("question")}
            errors={problem?.fields.question}
          />
          <Button type="submit" disabled={asking.loading}>
            {t("ancestry.ask")}
          </Button>
        </form>
      )}
      {r.viewerCan.work && (r.state === "issued" || r.state === "translating") && (
        <FileUpload requestId={r.id} kind="scan" onDone={onDone} />
      )}
      <RequestFiles request={r} />
      {r.viewerCan.assign && <AssignControl r={r} onDone={onDone} />}
      {r.viewerCan.refund && <RefundControl r={r} onDone={onDone} />}
      {problem && <p role="alert">{problem.message}</p>}
    </li>
  );
}

/** The queue, longest waiting first, with its filters. */
function Queue() {
  const { t } = useTranslation();
  const [state, setState] = useState("");
  const [scope, setScope] = useState<"all" | "mine" | "unassigned" | "overdue">("all");
  const filter: DocumentDeskFilter = {
    states: state ? [state] : null,
    mine: scope === "mine" || null,
    unassigned: scope === "unassigned" || null,
    overdue: scope === "overdue" || null,
  };
  const { data, error, refetch, fetchMore } = useDocumentDeskQuery({ variables: { filter, first: 20 }, fetchPolicy: "cache-and-network" });
  const desk = data?.documentDesk;
  return (
    <>
      <div className="ancestry-filters">
        <SelectField label={t("ancestry.desk_filter_state")} value={state} onChange={(e) => setState(e.target.value)}>
          <option value="">{t("ancestry.desk_filter_all")}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {t(runtimeKey(`ancestry.state.${s}`))}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("ancestry.desk_filter_scope")} value={scope} onChange={(e) => setScope(e.target.value as typeof scope)}>
          <option value="all">{t("ancestry.desk_filter_all")}</option>
          <option value="mine">{t("ancestry.desk_filter_mine")}</option>
          <option value="unassigned">{t("ancestry.desk_filter_unassigned")}</option>
          <option value="overdue">{t("ancestry.desk_filter_overdue")}</option>
        </SelectField>
      </div>
      {error && !data ? (
        <LoadFailed error={error} onRetry={() => refetch()} />
      ) : !desk ? (
        <Skeleton label={t("common.loading")} variant="card" />
      ) : desk.edges.length === 0 ? (
        <EmptyState title={t("ancestry.desk_empty")} />
      ) : (
        <>
          <p className="muted">{t("ancestry.desk_count", { count: desk.totalCount })}</p>
          <ul className="ancestry-list">
            {desk.edges.map(({ node }) => (
              <DeskRow key={node.id} r={node} onDone={() => void refetch()} />
            ))}
          </ul>
          {desk.pageInfo.hasNextPage && (
            <Button
              onClick={() =>
                void fetchMore({
                  variables: { after: desk.pageInfo.endCursor },
                  updateQuery: (prev, { fetchMoreResult }) => ({
                    documentDesk: {
                      ...fetchMoreResult.documentDesk,
                      edges: [...prev.documentDesk.edges, ...fetchMoreResult.documentDesk.edges],
                    },
                  }),
                })
              }
            >
              {t("ancestry.load_more")}
            </Button>
          )}
        </>
      )}
    </>
  );
}

type DeskTab = "queue" | "types" | "holidays";

/** /management/ancestry: the documents desk (document officers, moderators, admins): the queue, the document types, the holidays. */
export default function DeskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("ancestry.desk_title"));
  const [params, setParams] = useSearchParams();
  const tab = (["queue", "types", "holidays"] as const).find((x) => x === params.get("tab")) ?? "queue";
  return (
    <section className="page ancestry-page" aria-labelledby="desk-title">
      <h1 id="desk-title">{t("ancestry.desk_title")}</h1>
      <Tabs<DeskTab>
        label={t("ancestry.desk_tabs")}
        tabs={[
          { id: "queue", label: t("ancestry.desk_tab_queue") },
          { id: "types", label: t("ancestry.desk_tab_types") },
          { id: "holidays", label: t("ancestry.desk_tab_holidays") },
        ]}
        selected={tab}
        onSelect={(id) => setParams(id === "queue" ? {} : { tab: id }, { replace: true })}
      >
        {tab === "queue" ? <Queue /> : tab === "types" ? <TypeEditor /> : <HolidayEditor />}
      </Tabs>
    </section>
  );
}
