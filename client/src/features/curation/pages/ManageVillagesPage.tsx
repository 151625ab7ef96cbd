import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { Spinner } from "../../../ui/Spinner";
import { useAuth } from "../../../app/auth/useAuth";
import type { CuratedVillageFragment } from "../../../gql/graphql";
import { RecordHistory } from "../components/RecordHistory";
import { ReviewQueue } from "../components/ReviewQueue";
import { StaffVillagePicker } from "../components/StaffVillagePicker";
import { VillageTextForm } from "../components/VillageTextForm";
import { useMyCuratedVillagesQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { sortVillages } from "../../villages";

/**
 * /management/villages: a curator's villages — records waiting for review (Verify with a
 * source) and the village's text. Editors and admins see every village's queue and may
 * pick any village to edit.
 */
export default function ManageVillagesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("curation.title"));
  const lang = currentLanguage();
  const auth = useAuth();
  const staff = auth.status === "signedIn" && auth.viewer.roles.some((r) => r === "ADMIN" || r === "EDITOR");
  const { data, loading } = useMyCuratedVillagesQuery({ fetchPolicy: "network-only" });
  const [selected, setSelected] = useState<string | null>(null);
  const [picked, setPicked] = useState<CuratedVillageFragment | null>(null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  // Arabic readers: by the Arabic name in Arabic collation, the Latin name where there is none.
  const villages = sortVillages(data?.myCuratedVillages ?? [], lang);
  const current =
    (picked && picked.id === selected ? picked : null) ??
    villages.find((v) => v.id === selected) ??
    (villages.length === 1 ? villages[0] : null);
  return (
    <section className="page">
      <h1>{t("curation.title")}</h1>
      <p className="muted">{t("curation.intro")}</p>
      {(staff || villages.length > 0) && (
        <p>
          <Link to="/management/villages/merge" data-testid="merge-link">
            {t("merge.link")}
          </Link>
        </p>
      )}
      {!villages.length && !staff ? (
        <EmptyState title={t("curation.none")} />
      ) : (
        <>
          {villages.length > 1 && (
            <div className="tabs" role="group" aria-label={t("curation.villages")}>
              <button type="button" className={!current ? "tab tab--active" : "tab"} onClick={() => setSelected(null)}>
                {t("curation.all_villages")}
              </button>
              {villages.map((v) => (
                <button
                  key={v.id}
                  type="button"
                  className={current?.id === v.id ? "tab tab--active" : "tab"}
                  onClick={() => setSelected(v.id)}
                >
                  {localized(lang, v.name, v.nameAr, v.nameFr)}
                </button>
              ))}
            </div>
          )}
          {staff && (
            <StaffVillagePicker
              onPick={(v) => {
                setPicked(v);
                setSelected(v.id);
              }}
            />
          )}
          {staff && current && !villages.some((v) => v.id === current.id) && (
            <Button type="button" onClick={() => setSelected(null)}>
              {t("curation.all_villages")}
            </Button>
          )}
          {current && (
            <p>
              <Link to={`/libanpedia/${current.slug}`}>{localized(lang, current.name, current.nameAr, current.nameFr)}</Link>
            </p>
          )}
          <ReviewQueue key={current?.id ?? "all"} villageId={current?.id ?? null} />
          {current && (
            <>
              <VillageTextForm key={current.id} village={current} />
              <RecordHistory table="VILLAGES" recordId={current.id} />
            </>
          )}
        </>
      )}
    </section>
  );
}
