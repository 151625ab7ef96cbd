import { Suspense, useCallback, useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { LebanonMap, MapPlaceholder, type MapPoint } from "../../../ui/map";
import { VillageName } from "./VillageName";
import { useDistrictsQuery, useVillagesQuery } from "../generated";
import { useVillageMap } from "../useVillageMap";
import { useMediaQuery } from "../../../ui/useMediaQuery";
import { lower } from "../../../i18n/typed";
import { appendPage } from "../../../lib/pagination";
import { useReplaceParam, useSearchParamText } from "../../../app/search-param-text";

const villageHref = (p: MapPoint) => `/libanpedia/${p.id}`;

/**
 * /villages below its title: find a village by name in any script, by district, or on the map.
 * The search and the caza live in the address (`?q=`, `?district=`), so a search can be shared.
 */
export default function VillagesFinder() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const [search, setSearch] = useSearchParamText("q");
  const district = params.get("district") ?? "";
  const deferred = useDeferredValue(search);
  const set = useReplaceParam();
  // On a phone the list comes right under the search; the map opens above it on request.
  const narrow = useMediaQuery("(max-width: 760px)");
  const [mapOpen, setMapOpen] = useState(false);
  const showMap = !narrow || mapOpen;
  const list = useVillagesQuery({ variables: { search: deferred.trim() || null, district: district || null, first: 30 } });
  const districts = useDistrictsQuery();
  const map = useVillageMap({ skip: !showMap });
  const page = list.data?.villages;
  // The list's results are the map's links, named and placed by the list itself.
  const highlight = useMemo<MapPoint[]>(
    () =>
      (page?.edges ?? []).flatMap(({ node: v }) =>
        v.latitude != null && v.longitude != null ? [{ ...v, id: v.slug, lat: v.latitude, lng: v.longitude }] : [],
      ),
    [page],
  );
  // The caza filter drives both the list (the server filters) and the map (it zooms to the caza).
  const chooseCaza = useCallback((caza: string | null) => set("district", caza ?? ""), [set]);

  return (
    <>
      <div className="filters">
        <label className="form-field">
          {t("villages.search")}
          <input
            type="search"
            value={search}
            placeholder={t("villages.search_placeholder")}
            onChange={(e) => setSearch(e.target.value)}
            dir="auto"
          />
        </label>
        <label className="form-field">
          {t("villages.district")}
          <select value={district} onChange={(e) => set("district", e.target.value)}>
            <option value="">{t("villages.all_districts")}</option>
            {district && districts.data && !districts.data.districts.some((d) => d.name === district) && (
              <option value={district}>{district} (0)</option>
            )}
            {districts.data?.districts.map((d) => (
              <option key={d.name} value={d.name}>
                {localized(lang, d.name, d.nameAr, d.nameFr)} ({d.villageCount})
              </option>
            ))}
          </select>
        </label>
      </div>
      {narrow && (
        <button type="button" className="button villages-map-toggle" aria-pressed={mapOpen} onClick={() => setMapOpen((o) => !o)}>
          {t("villages.show_map")}
        </button>
      )}
      <div className="villages-layout villages-layout--map">
        <div>
          {page && (
            <p className="muted" role="status">
              {t("villages.count", { count: page.totalCount })}
            </p>
          )}
          {list.error && <p role="alert">{t("errors.network")}</p>}
          <ul className="village-list" data-testid="village-results">
            {page?.edges.map((e) => (
              <li key={e.node.id}>
                <Link to={`/libanpedia/${e.node.slug}`}>
                  <VillageName lang={lang} name={e.node.name} nameAr={e.node.nameAr} nameFr={e.node.nameFr} />
                </Link>
                <div className="muted">
                  {localized(lang, e.node.district ?? "", e.node.districtAr, e.node.districtFr)}
                  {e.match && e.match.kind !== "EXACT" && <> · {t(`villages.match_${lower(e.match.kind)}`, { name: e.match.matched })}</>}
                </div>
              </li>
            ))}
          </ul>
          {page?.pageInfo.hasNextPage && (
            <button
              type="button"
              className="button"
              onClick={() =>
                void list.fetchMore({
                  variables: { after: page.pageInfo.endCursor },
                  updateQuery: appendPage("villages"),
                })
              }
            >
              {t("admin.more")}
            </button>
          )}
        </div>
        {showMap && (
          <div className="villages-map" id="villages-map">
            <Suspense fallback={<MapPlaceholder label={t("common.loading")} />}>
              <LebanonMap
                label={t("villages.map_label")}
                points={map.points}
                clusters={map.clusters}
                onNeedPoints={map.onNeedPoints}
                nameOf={map.nameOf}
                highlight={highlight}
                hrefOf={villageHref}
                selectedCaza={district || null}
                onSelectCaza={chooseCaza}
                caption={t("villages.map_credit")}
              />
            </Suspense>
          </div>
        )}
      </div>
    </>
  );
}
