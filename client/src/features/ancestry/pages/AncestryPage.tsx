import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { formatMoney } from "../../../lib/format";
import { EmptyState } from "../../../ui/EmptyState";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { Tabs } from "../../../ui/Tabs";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ExpectedRange, StateBadge } from "../components/RequestParts";
import { useDocumentTypesQuery, useMyDocumentRequestsQuery } from "../generated";
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

function SearchTab() {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t("ancestry.search_intro")}</p>
      <Link className="button" to="/people">
        {t("ancestry.search_people")}
      </Link>
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
