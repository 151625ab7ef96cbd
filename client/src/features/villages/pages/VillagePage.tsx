import { Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useFeatureFlags } from "../../../app/flags";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import NotFoundPage from "../../../ui/NotFound";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Facts } from "../../../ui/Facts";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { HubEvents, HubFamilyEvents, HubLandmarks, HubRegistry } from "../components/HubSections";
import { HubFamilies } from "../components/HubFamilies";
import { formatCoordinates } from "../coordinates";
import { LebanonMap, MapPlaceholder, type MapPoint } from "../../../ui/map";
import { useVillagePageQuery } from "../generated";
import { useVillageMap } from "../useVillageMap";
import { VillageGallery } from "../../media";
import "../villages.css";

const villageHref = (p: MapPoint) => `/libanpedia/${p.id}`;

/**
 * A village's page: names, place, history, families and members, festivals apart from family
 * events, landmarks and the emigrant registry. A merged village's old address leads here.
 */
export default function VillagePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { villageId = "" } = useParams();
  const { data, loading, error, refetch } = useVillagePageQuery({ variables: { slug: villageId } });
  const v = data?.village;
  const navigate = useNavigate();
  // The old slug of a village merged into another: the address becomes the kept village's.
  useEffect(() => {
    if (v && v.slug !== villageId) navigate(`/libanpedia/${v.slug}`, { replace: true, state: { mergedFrom: villageId } });
  }, [v, villageId, navigate]);
  // Its caza's villages, every one at once (a still map has no marks per caza), the server's first screen too.
  const map = useVillageMap({ district: v?.district ?? null, skip: !v?.district, places: true });
  const here = useMemo<MapPoint[]>(
    () => (v && v.latitude != null && v.longitude != null ? [{ ...v, id: v.slug, lat: v.latitude, lng: v.longitude }] : []),
    [v],
  );
  // The village stays; its hub (events, landmarks, registry) has its own flag.
  const hubs = useFeatureFlags()("villageHubs");
  useDocumentTitle(v ? localized(lang, v.name, v.nameAr, v.nameFr) : null);
  if (loading) return <Spinner label={t("common.loading")} />;
  if (error) return <LoadFailed error={error} onRetry={refetch} />;
  if (!v) return <NotFoundPage />;
  const description = localized(lang, v.description, v.descriptionAr, v.descriptionFr);
  return (
    <article className="page">
      <Link className="back-link" to="/villages">
        {t("villages.back")}
      </Link>
      <h1>
        <bdi>{localized(lang, v.name, v.nameAr, v.nameFr)}</bdi>
      </h1>
      <p className="lead">
        {[v.nameAr, v.name, v.nameFr !== v.name ? v.nameFr : null]
          .filter((n) => n && n !== localized(lang, v.name, v.nameAr, v.nameFr))
          .map((n) => (
            // The gap after each name is on the page's side: a <bdi> of an Arabic name is right to
            // left itself, and its own end margin went to the outer side ("زحلةZahle").
            <span key={n} className="alt-name">
              <bdi>{n}</bdi>
            </span>
          ))}
      </p>
      <div className="villages-layout">
        <Facts
          items={[
            { label: t("villages.district"), value: localized(lang, v.district ?? "", v.districtAr, v.districtFr) },
            { label: t("villages.governorate"), value: localized(lang, v.governorate ?? "", v.governorateAr, v.governorateFr) },
            {
              label: t("villages.coordinates"),
              value: <bdi>{v.latitude != null && v.longitude != null ? formatCoordinates(v.latitude, v.longitude, lang, t) : ""}</bdi>,
              hidden: v.latitude == null || v.longitude == null,
            },
            { label: t("villages.population"), value: formatNumber(v.populationCurrent ?? 0, lang), hidden: !v.populationCurrent },
            {
              label: t("villages.other_names"),
              value: v.otherNames.map((n) => (
                <span key={n} className="alt-name">
                  <bdi>{n}</bdi>
                </span>
              )),
              hidden: !v.otherNames.length,
            },
          ]}
        />
        <div className="village-minimap">
          <Suspense fallback={<MapPlaceholder label={t("common.loading")} still caption={t("villages.map_credit")} />}>
            <LebanonMap
              label={t("villages.map_district_label")}
              points={map.points}
              nameOf={map.nameOf}
              highlight={here}
              hrefOf={villageHref}
              fitCaza={v.district}
              width={320}
              caption={t("villages.map_credit")}
            />
          </Suspense>
        </div>
      </div>
      <section className="card">
        <h2>{t("villages.history")}</h2>
        <p>{description || t("villages.no_history")}</p>
      </section>
      <p>
        <Link to={`/root/${v.slug}/rootpedia`} data-testid="rootpedia-link">
          {t("villages.open_rootpedia")}
        </Link>
      </p>
      <VillageGallery villageId={v.id} />
      <HubFamilies villageId={v.id} />
      {hubs && (
        <>
          <p>
            <Link to={`/root-hubs?village=${v.slug}`}>{t("hub.open_root_hub")}</Link>
          </p>
          <HubEvents slug={v.slug} villageId={v.id} />
          <HubFamilyEvents slug={v.slug} villageId={v.id} />
          <HubLandmarks slug={v.slug} villageId={v.id} />
          <HubRegistry slug={v.slug} villageId={v.id} />
        </>
      )}
    </article>
  );
}
