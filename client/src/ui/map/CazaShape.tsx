import { useMemo } from "react";
import { currentLanguage } from "../../i18n";
import { areaName, cazaByName } from "./boundaries";
import { fitFrame } from "./projection";
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
  const area = cazaByName(caza);
  const frame = useMemo(() => (area ? fitFrame(area, size, { height: size, pad: 6 }) : null), [area, size]);
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
      data-caza={area.properties.name}
    >
      <title>{areaName(area.properties, currentLanguage())}</title>
      <path className="caza-shape__area" d={frame.path(area) ?? ""} />
      {mark && <circle className="caza-shape__mark" cx={mark[0]} cy={mark[1]} r={4} />}
    </svg>
  );
}

export default CazaShape;
