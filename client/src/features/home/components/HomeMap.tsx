import { Suspense, useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { LebanonMap, MapPlaceholder, type MapPoint } from "../../../ui/map";
import { useVillageMap } from "../../villages";
import { useHomeOverviewQuery } from "../generated";

const villageHref = (p: MapPoint) => `/libanpedia/${p.id}`;

/** Lebanon with its villages (a mark per caza until zoomed in); choosing a caza opens the villages page filtered to it. */
export default function HomeMap() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clusters, points, onNeedPoints, nameOf } = useVillageMap();
  const featured = useHomeOverviewQuery().data?.featuredVillages;
  const highlight = useMemo<MapPoint[]>(
    () =>
      (featured ?? []).flatMap((v) =>
        v.latitude != null && v.longitude != null ? [{ ...v, id: v.slug, lat: v.latitude, lng: v.longitude }] : [],
      ),
    [featured],
  );
  const open = useCallback((caza: string | null) => caza && navigate(`/villages?district=${encodeURIComponent(caza)}`), [navigate]);
  return (
    <Suspense fallback={<MapPlaceholder label={t("common.loading")} />}>
      <LebanonMap
        label={t("home.map_label")}
        points={points}
        clusters={clusters}
        onNeedPoints={onNeedPoints}
        nameOf={nameOf}
        highlight={highlight}
        hrefOf={villageHref}
        onSelectCaza={open}
        caption={t("villages.map_credit")}
      />
    </Suspense>
  );
}
