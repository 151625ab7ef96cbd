import { geoMercator, geoPath, type GeoPermissibleObjects, type GeoProjection } from "d3-geo";

export interface Frame {
  width: number;
  height: number;
  projection: GeoProjection;
  path: ReturnType<typeof geoPath>;
  /** [x, y] of a point in the frame (north up, east right, whatever the page's direction). */
  project: (lng: number, lat: number) => [number, number];
}

/**
 * A Mercator projection that fits `subject` into a `width`-wide frame, `pad` units from each
 * edge; the height follows the subject's shape unless given.
 */
export function fitFrame(subject: GeoPermissibleObjects, width: number, opts: { height?: number; pad?: number } = {}): Frame {
  const pad = opts.pad ?? 8;
  let height = opts.height;
  if (height === undefined) {
    // Measure the subject's shape once at unit scale, then size the frame to it.
    const probe = geoMercator().fitWidth(width - 2 * pad, subject);
    const [[, y0], [, y1]] = geoPath(probe).bounds(subject);
    height = Math.ceil(y1 - y0 + 2 * pad);
  }
  const projection = geoMercator().fitExtent(
    [
      [pad, pad],
      [width - pad, height - pad],
    ],
    subject,
  );
  return {
    width,
    height,
    projection,
    path: geoPath(projection),
    project: (lng, lat) => projection([lng, lat]) ?? [NaN, NaN],
  };
}
