import { Suspense, useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { LebanonMap, MAP_POINTS_POLICY, MapPlaceholder, type MapPoint } from "../../../ui/map";
import { useHomeMapPointsQuery, useHomeOverviewQuery } from "../generated";

const villageHref = (p: MapPoint) => `/libanpedia/${p.id}`;

/** Lebanon with its villages; choosing a caza opens the villages page filtered to it. */
export default function HomeMap() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useHomeMapPointsQuery({ fetchPolicy: MAP_POINTS_POLICY });
  const points = useMemo<MapPoint[]>(() => (data?.villagePoints ?? []).map((p) => ({ ...p, id: p.slug })), [data]);
  const featured = useHomeOverviewQuery().data?.featuredVillages;
  const highlight = useMemo(() => new Set((featured ?? []).map((v) => v.slug)), [featured]);
  const open = useCallback((caza: string | null) => caza && navigate(`/villages?district=${encodeURIComponent(caza)}`), [navigate]);
  return (
    <Suspense fallback={<MapPlaceholder label={t("common.loading")} />}>
      <LebanonMap
        label={t("home.map_label")}
        points={points}
        highlight={highlight}
        hrefOf={villageHref}
        onSelectCaza={open}
        caption={t("villages.map_credit")}
      />
    </Suspense>
  );
}
