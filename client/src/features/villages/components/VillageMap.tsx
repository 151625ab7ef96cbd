import { memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { VillagePointsQuery } from "../../../gql/graphql";

type Point = VillagePointsQuery["villagePoints"][number];

const WIDTH = 360;

/**
 * A map drawn from the villages' own coordinates (no tile server): every village as a
 * faint dot, the highlighted ones (search results, this village) as links. North is up
 * and east is right in every language.
 */
export const VillageMap = memo(function VillageMap({ points, highlight, label }: { points: Point[]; highlight: Set<string>; label: string }) {
  const { t } = useTranslation();
  const frame = useMemo(() => {
    if (points.length === 0) return null;
    const lats = points.map((p) => p.lat);
    const lngs = points.map((p) => p.lng);
    const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
    const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180); // equirectangular, true at the centre
    const span = Math.max((maxLng - minLng) * kx, 0.01);
    const scale = WIDTH / span;
    const height = Math.max((maxLat - minLat) * scale, 40);
    return { height, project: (p: Point) => ({ x: (p.lng - minLng) * kx * scale, y: (maxLat - p.lat) * scale }) };
  }, [points]);
  if (!frame) return null;
  const pad = 6;
  return (
    <figure className="village-map" dir="ltr">
      <svg viewBox={`${-pad} ${-pad} ${WIDTH + 2 * pad} ${frame.height + 2 * pad}`} role="img" aria-label={label}>
        <g className="village-map__all">
          {points.map((p) => {
            const { x, y } = frame.project(p);
            return <circle key={p.slug} cx={x} cy={y} r={1.1} />;
          })}
        </g>
        <g className="village-map__hits">
          {points
            .filter((p) => highlight.has(p.slug))
            .map((p) => {
              const { x, y } = frame.project(p);
              return (
                <Link key={p.slug} to={`/libanpedia/${p.slug}`}>
                  <circle cx={x} cy={y} r={4} />
                </Link>
              );
            })}
        </g>
      </svg>
      <figcaption className="muted" dir="auto">{t("villages.map_credit")}</figcaption>
    </figure>
  );
});
