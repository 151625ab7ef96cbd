import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { DataTable, type Column } from "../../../ui/DataTable";
import { Dialog } from "../../../ui/Dialog";
import { EmptyState } from "../../../ui/EmptyState";
import { Skeleton } from "../../../ui/Skeleton";
import { TextInput } from "../../../ui/TextInput";
import { showToast } from "../../../ui/toast";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import type { NameEquivalentRowFragment } from "../../../gql/graphql";
import {
  useAddNameEquivalentSpellingMutation,
  useNameEquivalentsQuery,
  useRemoveNameEquivalentSpellingMutation,
  useReviewNameEquivalentMutation,
} from "../generated";
import "../names.css";

const ARABIC = /[\u0600-\u06FF]/;

/** A group's spellings, each removable, and a field to add one. */
function Spellings({ group }: { group: NameEquivalentRowFragment }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [add, adding] = useAddNameEquivalentSpellingMutation();
  const [remove, removing] = useRemoveNameEquivalentSpellingMutation();
  const problem = apiProblem(adding.error ?? removing.error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await add({ variables: { id: group.id, name } }).catch(() => null);
    if (res?.data) {
      setName("");
      showToast({ titleKey: "names.saved" });
    }
  };
  return (
    <div>
      <ul className="names-equivalents__names">
        {group.names.map((n) => (
          <li key={n} className="names-equivalents__name" lang={ARABIC.test(n) ? "ar" : undefined}>
            <bdi>{n}</bdi>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("names.remove_name", { name: n })}
              disabled={removing.loading}
              onClick={() => void remove({ variables: { id: group.id, name: n } }).catch(() => null)}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      <form className="names-equivalents__add" onSubmit={submit} noValidate>
        <TextInput
          label={t("names.add_name")}
          dir="auto"
          value={name}
          onChange={(e) => setName(e.target.value)}
          errors={problem?.fields.name}
        />
        <Button type="submit" size="sm" disabled={adding.loading || !name.trim()}>
          {t("names.add")}
        </Button>
      </form>
      {problem && !problem.fields.name && <p role="alert">{problem.message}</p>}
    </div>
  );
}

/** Marking a group reviewed, with its source. */
function ReviewDialog({ group, onClose }: { group: NameEquivalentRowFragment; onClose: () => void }) {
  const { t } = useTranslation();
  const [source, setSource] = useState(group.source ?? "");
  const [review, { loading, error }] = useReviewNameEquivalentMutation({ refetchQueries: ["NameEquivalents"] });
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await review({ variables: { id: group.id, source } }).catch(() => null);
    if (res?.data) {
      showToast({ titleKey: "names.reviewed_done" });
      onClose();
    }
  };
  return (
    <Dialog
      title={t("names.review_title")}
      onClose={onClose}
      footer={
        <Button variant="primary" type="submit" form="name-review" disabled={loading}>
          {t("names.review_save")}
        </Button>
      }
    >
      <form id="name-review" onSubmit={submit} noValidate>
        <p>
          <bdi>{group.names.join(" · ")}</bdi>
        </p>
        <TextInput
          label={t("names.review_source")}
          dir="auto"
          value={source}
          onChange={(e) => setSource(e.target.value)}
          errors={problem ? (problem.fields.source ?? [problem.message]) : undefined}
        />
      </form>
    </Dialog>
  );
}

/** /management/names: editors and admins confirm the list of equivalent given names (audited). */
export default function NameEquivalentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("names.equivalents_title"));
  const [unreviewedOnly, setUnreviewedOnly] = useState(false);
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 250);
  const { data, loading, error } = useNameEquivalentsQuery({ variables: { filter: { unreviewedOnly, search: debounced || null } } });
  const [reviewing, setReviewing] = useState<NameEquivalentRowFragment | null>(null);
  const columns: Column<NameEquivalentRowFragment>[] = [
    { key: "names", header: t("names.col_names"), label: t("names.col_names"), cell: (g) => <Spellings group={g} /> },
    {
      key: "source",
      header: t("names.col_source"),
      label: t("names.col_source"),
      cell: (g) => (g.source ? <bdi>{g.source}</bdi> : <span className="muted">{t("names.no_source")}</span>),
    },
    {
      key: "status",
      header: t("names.col_status"),
      label: t("names.col_status"),
      cell: (g) => <Badge tone={g.reviewed ? "green" : "orange"}>{t(g.reviewed ? "names.reviewed" : "names.unreviewed")}</Badge>,
    },
    {
      key: "actions",
      header: t("names.col_actions"),
      label: t("names.col_actions"),
      cell: (g) => (
        <Button size="sm" onClick={() => setReviewing(g)}>
          {t("names.review")}
        </Button>
      ),
    },
  ];
  return (
    <section className="page names-equivalents">
      <h1>{t("names.equivalents_title")}</h1>
      <p className="lead">{t("names.equivalents_intro")}</p>
      <div className="names-equivalents__filters">
        <TextInput label={t("names.filter_search")} type="search" dir="auto" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label>
          <input type="checkbox" checked={unreviewedOnly} onChange={(e) => setUnreviewedOnly(e.target.checked)} />{" "}
          {t("names.filter_unreviewed")}
        </label>
      </div>
      {loading && !data && <Skeleton label={t("common.loading")} />}
      {error && <p role="alert">{apiProblem(error, t("errors.network"))?.message}</p>}
      {data && (
        <DataTable
          caption={t("names.equivalents_title")}
          captionHidden
          columns={columns}
          rows={data.nameEquivalents}
          rowKey={(g) => g.id}
          rowProps={(g) => ({ "data-key": g.key })}
          empty={<EmptyState title={t("names.empty")} />}
          testId="name-equivalents"
        />
      )}
      {reviewing && <ReviewDialog group={reviewing} onClose={() => setReviewing(null)} />}
    </section>
  );
}
