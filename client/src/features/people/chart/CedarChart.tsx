import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { TreeChartQuery } from "../../../gql/graphql";
import { layoutCedar, LEAF_W, TIER_H, type CedarTier } from "./cedar";
import { fit } from "./ChartCard";
import { ChartFrame } from "./ChartFrame";
import { buildTree, isolateLtr, yearsOf } from "./treeData";

const GREENS = ["#1f7a1f", "#228B22", "#2e9a35", "#3aa846"];
const ARABIC_FONT = "'Noto Naskh Arabic', serif";
/** The smallest label on the cedar (a leaf's second line). */
const CEDAR_SMALLEST_FONT = 12;

/** One tier of foliage: a flat, slightly drooping layer with pointed ends, like a cedar branch. */
function tierPath(t: CedarTier): string {
  const h = TIER_H * 0.42;
  const [l, r] = [t.cx - t.half, t.cx + t.half];
  return `M${l},${t.y + h * 0.35} C${l + t.half * 0.35},${t.y - h} ${r - t.half * 0.35},${t.y - h} ${r},${t.y + h * 0.35} C${r - t.half * 0.3},${t.y + h * 0.9} ${l + t.half * 0.3},${t.y + h * 0.9} ${l},${t.y + h * 0.35} Z`;
}

/** The member's descendants as a stylised cedar in SVG (exportable like the other charts). */
export function CedarChart({ data }: { data: TreeChartQuery }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === "rtl";
  const { layout, people } = useMemo(() => {
    const { root, people } = buildTree(data, "descendants");
    return { layout: layoutCedar(root, rtl), people };
  }, [data, rtl]);
  const byId = new Map(layout.leaves.map((l) => [l.personId, l]));
  const { trunk } = layout;
  const rootPerson = data.person;
  return (
    <ChartFrame
      width={layout.width}
      height={layout.height}
      label={t("chart.cedar_of", { name: rootPerson.displayName })}
      fileBase={rootPerson.isPrivate ? "cedar" : (rootPerson.fullName ?? rootPerson.displayName)}
      suffix="cedar"
      focus={layout.root}
      smallestFont={CEDAR_SMALLEST_FONT}
      openKey={`${rootPerson.id}:cedar:${rtl}`}
    >
      {() => (
        <>
          <path
            d={`M${trunk.cx - trunk.baseHalf},${trunk.bottom} Q${trunk.cx - trunk.topHalf * 1.5},${(trunk.top + trunk.bottom) / 2} ${trunk.cx - trunk.topHalf},${trunk.top} L${trunk.cx + trunk.topHalf},${trunk.top} Q${trunk.cx + trunk.topHalf * 1.5},${(trunk.top + trunk.bottom) / 2} ${trunk.cx + trunk.baseHalf},${trunk.bottom} Z`}
            fill="#6b4f2a"
          />
          <ellipse cx={trunk.cx} cy={trunk.bottom} rx={Math.min(layout.width / 2 - 20, 260)} ry={10} fill="#cfe3c6" />
          {(() => {
            // The crown: a small spire above the highest tier, as on a young cedar.
            const topY = layout.tiers.length ? layout.tiers[layout.tiers.length - 1].y - TIER_H * 0.3 : trunk.top;
            return <path d={`M${trunk.cx - 34},${topY} L${trunk.cx},${topY - 52} L${trunk.cx + 34},${topY} Z`} fill="#2e9a35" />;
          })()}
          {layout.tiers.map((tier, i) => (
            <path key={tier.generation} d={tierPath(tier)} fill={GREENS[i % GREENS.length]} opacity={0.92} />
          ))}
          {layout.leaves.map((l) => {
            const parent = l.parentId ? byId.get(l.parentId) : null;
            return parent ? (
              <path key={`b${l.personId}`} d={`M${parent.x},${parent.y} L${l.x},${l.y}`} stroke="#145214" strokeWidth={1.5} opacity={0.6} />
            ) : null;
          })}
          {layout.leaves.map((l) => {
            const p = people.get(l.personId)!;
            return (
              <g key={l.personId} data-testid="cedar-leaf" data-person-id={l.personId}>
                <title>{p.isPrivate ? p.displayName : [p.fullNameAr, p.fullName, yearsOf(p)].filter(Boolean).join(" · ")}</title>
                <rect x={l.x - LEAF_W / 2 + 8} y={l.y - 22} width={LEAF_W - 16} height={44} rx={22} fill="#ffffff" opacity={0.93} />
                {p.isPrivate ? (
                  <text x={l.x} y={l.y + 5} textAnchor="middle" fontSize={13} fill="#5b6475">
                    {p.displayName}
                  </text>
                ) : (
                  <>
                    <text
                      x={l.x}
                      y={l.y - 2}
                      textAnchor="middle"
                      direction="rtl"
                      fontFamily={ARABIC_FONT}
                      fontSize={14}
                      fontWeight={700}
                      fill="#14401a"
                    >
                      {fit(p.fullNameAr ?? p.fullName ?? "", 18)}
                    </text>
                    <text x={l.x} y={l.y + 15} textAnchor="middle" direction="ltr" fontSize={CEDAR_SMALLEST_FONT} fill="#1d2433">
                      {isolateLtr(fit(p.fullNameAr && p.fullName !== p.fullNameAr ? (p.fullName ?? "") : yearsOf(p), 22))}
                    </text>
                  </>
                )}
              </g>
            );
          })}
          <g data-testid="cedar-root">
            <rect
              x={layout.root.x - 110}
              y={layout.root.y - 24}
              width={220}
              height={48}
              rx={10}
              fill="#fdf8ec"
              stroke="#DAA520"
              strokeWidth={2}
            />
            <text
              x={layout.root.x}
              y={layout.root.y - 3}
              textAnchor="middle"
              direction="rtl"
              fontFamily={ARABIC_FONT}
              fontSize={15}
              fontWeight={700}
              fill="#3d2b12"
            >
              {fit(rootPerson.isPrivate ? rootPerson.displayName : (rootPerson.fullNameAr ?? rootPerson.displayName), 24)}
            </text>
            <text x={layout.root.x} y={layout.root.y + 15} textAnchor="middle" direction="ltr" fontSize={12} fill="#3d2b12">
              {/* The Latin name under an Arabic one; under a name in Latin only (the line above), the years. */}
              {rootPerson.isPrivate
                ? ""
                : isolateLtr(
                    fit(
                      rootPerson.fullNameAr && rootPerson.fullName !== rootPerson.fullNameAr
                        ? (rootPerson.fullName ?? "")
                        : yearsOf(rootPerson),
                      30,
                    ),
                  )}
            </text>
          </g>
        </>
      )}
    </ChartFrame>
  );
}
