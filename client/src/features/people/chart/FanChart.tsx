import { useCallback, useMemo, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TreeChartQuery } from "../../../gql/graphql";
import { fit } from "./ChartCard";
import { ChartFrame } from "./ChartFrame";
import { CENTRE_R, labelOf, layoutFan, sectorPath, type FanSlot } from "./fan";
import { bandColour, buildTree, isolateLtr, yearsOf, type ChartPersonLike } from "./treeData";

const ARABIC_FONT = "'Noto Naskh Arabic', serif";
/** Ring fills, paler outwards; the father's and mother's halves in two hues. */
const FILLS = { M: ["#dbe6f6", "#e6eef9", "#eef3fb", "#f3f7fc", "#f7f9fd"], F: ["#f6e6dc", "#f9ede6", "#fbf2ed", "#fcf6f2", "#fdf9f6"] };
/** The smallest label a fan draws (its outer rings). */
export const FAN_SMALLEST_FONT = 12;
const FONTS = [0, 15, 14, 13, 12, 12];

/** The text lines of a person, as much as a segment has room for (about 0.55 em per letter). */
function linesOf(p: ChartPersonLike, room: number, size: number, ar: boolean): string[] {
  const chars = Math.max(4, Math.floor(room / (size * 0.55)));
  if (p.isPrivate) return [p.displayName];
  const name = (ar ? (p.fullNameAr ?? p.fullName) : (p.fullName ?? p.fullNameAr)) ?? p.displayName;
  return [fit(name, chars), yearsOf(p)].filter(Boolean);
}

/**
 * The fan chart: the person in the centre and five generations of ancestors in rings around
 * them, the father's side first in the reading direction (mirrored in Arabic). A segment is a
 * button like a card: choosing it shows what can be done with that person.
 */
export function FanChart({
  data,
  selectedId,
  onSelect,
  onRefocus,
}: {
  data: TreeChartQuery;
  selectedId: string | null;
  onSelect: (personId: string) => void;
  onRefocus?: (personId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === "rtl";
  const { layout, people } = useMemo(() => {
    const { root, people } = buildTree(data, "pedigree");
    return { layout: layoutFan(root, rtl, (id) => people.get(id)?.gender ?? null), people };
  }, [data, rtl]);
  const handlers = useRef({ onSelect, onRefocus });
  handlers.current = { onSelect, onRefocus };
  const choose = useCallback((id: string) => handlers.current.onSelect(id), []);
  const { cx, cy } = layout;
  const root = data.person;
  const onKey = (id: string) => (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      choose(id);
    }
  };
  const slot = (s: FanSlot) => {
    const p = people.get(s.personId)!;
    const l = labelOf(cx, cy, s);
    const size = FONTS[s.generation];
    const lines = linesOf(p, l.room, size, rtl);
    const side = s.ahnen.toString(2)[1] === "0" ? "M" : "F";
    const selected = selectedId === p.id;
    const label = p.isPrivate ? p.displayName : [p.fullNameAr, p.fullName, yearsOf(p)].filter(Boolean).join(" · ");
    return (
      <g
        key={s.ahnen}
        role="button"
        tabIndex={0}
        aria-pressed={selected}
        aria-label={label}
        className="chart-card"
        data-testid="fan-slot"
        data-person-id={p.id}
        data-generation={s.generation}
        onClick={() => choose(p.id)}
        onDoubleClick={onRefocus ? () => onRefocus(p.id) : undefined}
        onKeyDown={onKey(p.id)}
      >
        <title>{label}</title>
        <path
          d={sectorPath(cx, cy, s)}
          fill={p.isPrivate ? "#eef0ec" : FILLS[side][s.generation - 1]}
          stroke={selected ? "#228B22" : "#ffffff"}
          strokeWidth={selected ? 3 : 1.5}
          data-selected={selected ? "" : undefined}
        />
        <path d={sectorPath(cx, cy, { ...s, r0: s.r1 - 5 })} fill={p.isPrivate ? "#b8beb4" : bandColour(p)} />
        <g transform={`rotate(${l.rotate.toFixed(2)} ${l.x.toFixed(2)} ${l.y.toFixed(2)})`}>
          {lines.map((line, i) => (
            <text
              key={i}
              x={l.x}
              y={l.y + (i - (lines.length - 1) / 2) * size * 1.25 + size * 0.35}
              textAnchor="middle"
              fontSize={i ? Math.max(FAN_SMALLEST_FONT, size - 1) : size}
              fontWeight={i ? 400 : 700}
              fontFamily={!i && rtl ? ARABIC_FONT : undefined}
              fill={i ? "#4f5869" : "#1d2433"}
              direction={i ? "ltr" : undefined}
            >
              {i ? isolateLtr(line) : line}
            </text>
          ))}
        </g>
      </g>
    );
  };
  const rootLines = linesOf(root, CENTRE_R * 1.7, 15, rtl);
  return (
    <ChartFrame
      width={layout.width}
      height={layout.height}
      label={t("chart.fan_of", { name: root.displayName })}
      fileBase={root.isPrivate ? "fan" : (root.fullName ?? root.displayName)}
      suffix="fan"
      focus={{ x: cx, y: cy }}
      smallestFont={FAN_SMALLEST_FONT}
      openKey={`${root.id}:fan:${rtl}`}
    >
      {() => (
        <>
          {layout.slots.map(slot)}
          <g
            role="button"
            tabIndex={0}
            aria-pressed={selectedId === root.id}
            aria-label={root.displayName}
            className="chart-card"
            data-testid="fan-centre"
            data-person-id={root.id}
            onClick={() => choose(root.id)}
            onKeyDown={onKey(root.id)}
          >
            <circle
              cx={cx}
              cy={cy}
              r={CENTRE_R - 4}
              fill="#fdf8ec"
              stroke={selectedId === root.id ? "#228B22" : "#DAA520"}
              strokeWidth={selectedId === root.id ? 3 : 2}
            />
            {rootLines.map((line, i) => (
              <text
                key={i}
                x={cx}
                y={cy + (i - (rootLines.length - 1) / 2) * 20 + 5}
                textAnchor="middle"
                fontSize={i ? 13 : 15}
                fontWeight={i ? 400 : 700}
                fontFamily={!i && rtl ? ARABIC_FONT : undefined}
                fill="#3d2b12"
                direction={i ? "ltr" : undefined}
              >
                {i ? isolateLtr(line) : line}
              </text>
            ))}
          </g>
        </>
      )}
    </ChartFrame>
  );
}
