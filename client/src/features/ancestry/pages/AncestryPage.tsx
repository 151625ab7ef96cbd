import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { formatMoney } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { Field } from "../../../ui/Field";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { Tabs } from "../../../ui/Tabs";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ExpectedRange, StateBadge } from "../components/RequestParts";
import { useArchivePeopleQuery, useDocumentTypesQuery, useMyDocumentRequestsQuery } from "../generated";
import "../ancestry.css";

type Tab = "request" | "track" | "search";

/** The documents members may request, their fees and usual time (business days). */
function RequestTab() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data, error, refetch } = useDocumentTypesQuery();
  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (!data) return <Skeleton label={t("common.loading")} variant="card" />;
  return (
    <ul className="ancestry-list">
      {data.documentTypes.map((d) => {
        const days = d.reviewDays + d.registryDays + 1 + d.deliveryDays;
        return (
          <li key={d.id} className="card">
            <h3>
              <bdi>{d.name}</bdi>
            </h3>
            <p>
              {/^0+$/.test(d.governmentFeeLbp)
                ? t("ancestry.fees_service_only", { service: formatMoney(d.serviceFeeUsd, "USD", lang) })
                : t("ancestry.fees", {
                    government: formatMoney(d.governmentFeeLbp, "LBP", lang),
                    service: formatMoney(d.serviceFeeUsd, "USD", lang),
                  })}
            </p>
            <p className="muted">{t("ancestry.weeks", { from: days, to: Math.ceil(days * 1.5) })}</p>
            <Link className="button button--primary" to={`/ancestry/enhanced?type=${encodeURIComponent(d.id)}`}>
              {t("ancestry.request_this")}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The member's requests and where each stands. */
function TrackTab() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === "signedIn";
  const { data, error, refetch } = useMyDocumentRequestsQuery({ skip: !signedIn, fetchPolicy: "cache-and-network" });
  if (!signedIn)
    return (
      <EmptyState
        title={t("ancestry.sign_in_to_track")}
        action={<Link to="/auth?returnTo=%2Fancestry%3Ftab%3Dtrack">{t("nav.sign_in")}</Link>}
      />
    );
  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (!data) return <Skeleton label={t("common.loading")} variant="card" />;
  if (!data.myDocumentRequests.length) return <EmptyState title={t("ancestry.no_requests")} />;
  return (
    <ul className="ancestry-list">
      {data.myDocumentRequests.map((r) => (
        <li key={r.id} className="card" data-testid={`request-${r.reference}`}>
          <p>
            <Link to={`/ancestry/requests/${encodeURIComponent(r.id)}`}>
              <bdi>{r.documentType.name}</bdi>
            </Link>{" "}
            · <bdi dir="ltr">{r.reference}</bdi> · <StateBadge state={r.state} />
          </p>
          <ExpectedRange from={r.expectedFrom} to={r.expectedTo} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Search Archives: people of the records, under their privacy rules (the server answers only what
 * the reader may see); "Request this record" opens the guided request filled from that person.
 */
function SearchTab() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const { data, error, refetch, loading } = useArchivePeopleQuery({ variables: { search }, skip: search.length < 2 });
  const people = (data?.people.edges ?? []).map((e) => e.node).filter((p) => !p.isPrivate);
  const requestPath = (id: string) => `/ancestry/enhanced?person=${encodeURIComponent(id)}`;
  return (
    <div>
      <p>{t("ancestry.search_intro")}</p>
      <form
        role="search"
        className="ancestry-filters"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setSearch(text.trim());
        }}
      >
        <Field label={t("ancestry.search_label")} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" variant="primary" disabled={text.trim().length < 2}>
          {t("ancestry.search_button")}
        </Button>
      </form>
      {error && !data ? (
        <LoadFailed error={error} onRetry={() => refetch()} />
      ) : loading ? (
        <Skeleton label={t("common.loading")} variant="card" />
      ) : search.length >= 2 && !people.length ? (
        <EmptyState title={t("ancestry.search_none")} />
      ) : (
        <ul className="ancestry-list" aria-live="polite">
          {people.map((p) => (
            <li key={p.id} className="card">
              <p>
                <Link to={`/person/${encodeURIComponent(p.id)}`}>
                  <bdi>{p.displayName}</bdi>
                </Link>
                {(p.birth?.year || p.death?.year) && (
                  <span className="muted">
                    {" "}
                    (<bdi dir="ltr">{[p.birth?.year ?? "?", p.death?.year ?? ""].join("–")}</bdi>)
                  </span>
                )}
                {p.village && (
                  <>
                    {" "}
                    · <bdi>{p.village.name}</bdi>
                  </>
                )}
              </p>
              <Link
                className="button"
                to={auth.status === "signedIn" ? requestPath(p.id) : `/auth?returnTo=${encodeURIComponent(requestPath(p.id))}`}
              >
                {t("ancestry.request_record")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/people">{t("ancestry.search_people")}</Link>
      </p>
    </div>
  );
}

/** /ancestry: request documents, track them, search the archives (spec §2: three tabs). */
export default function AncestryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("ancestry.title"));
  const [params, setParams] = useSearchParams();
  const tab = (["request", "track", "search"] as const).find((x) => x === params.get("tab")) ?? "request";
  return (
    <section className="page ancestry-page" aria-labelledby="ancestry-title">
      <h1 id="ancestry-title">{t("ancestry.title")}</h1>
      <p>{t("ancestry.intro")}</p>
      <Tabs<Tab>
        label={t("ancestry.tabs_label")}
        tabs={[
          { id: "request", label: t("ancestry.tab_request") },
          { id: "track", label: t("ancestry.tab_track") },
          { id: "search", label: t("ancestry.tab_search") },
        ]}
        selected={tab}
        onSelect={(id) => setParams(id === "request" ? {} : { tab: id }, { replace: true })}
      >
        {tab === "request" ? <RequestTab /> : tab === "track" ? <TrackTab /> : <SearchTab />}
      </Tabs>
    </section>
  );
}
