import { useMemo } from "react";
import { currentLanguage } from "../../i18n";
import { areaName, drawnCaza, frameOf } from "./drawing";
import "./map.css";

/**
 * A small drawing of one caza, with a place marked in it (a featured village on the home
 * page). Decorative beside the caza's name, so it is hidden from assistive technology
 * unless `label` is given.
 */
export function CazaShape({
  caza,
  lat,
  lng,
  size = 96,
  label,
}: {
  caza: string | null | undefined;
  lat?: number | null;
  lng?: number | null;
  size?: number;
  label?: string;
}) {
  const area = drawnCaza(caza);
  const frame = useMemo(() => (area ? frameOf(size, { caza: area, height: size, pad: 6 }) : null), [area, size]);
  if (!area || !frame) return null;
  const mark = lat != null && lng != null ? frame.project(lng, lat) : null;
  return (
    <svg
      className="caza-shape"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      width={size}
      height={size}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-caza={area.name}
    >
      <title>{areaName(area, currentLanguage())}</title>
      <path className="caza-shape__area" d={area.d} transform={frame.transform} />
      {mark && <circle className="caza-shape__mark" cx={mark[0]} cy={mark[1]} r={4} />}
    </svg>
  );
}

export default CazaShape;
