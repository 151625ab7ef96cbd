import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { TreeChartQuery } from "../../../gql/graphql";
import { ChartCard } from "./ChartCard";
import { ChartFrame } from "./ChartFrame";
import { layoutTree, pathOf } from "./layout";
import { buildTree, type ChartView } from "./treeData";

/**
 * The pedigree or descendant chart of one person, drawn in SVG and laid out in the reading
 * direction of the interface language.
 */
export function TreeChart({ data, view, selectedId, onSelect }: {
  data: TreeChartQuery;
  view: ChartView;
  selectedId: string | null;
  onSelect: (personId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === "rtl";
  const { layout, people } = useMemo(() => {
    const { root, people } = buildTree(data, view);
    return { layout: layoutTree(root, rtl), people };
  }, [data, view, rtl]);
  const wasDrag = useRef(() => false);
  const select = (id: string) => {
    if (!wasDrag.current()) onSelect(id);
  };
  const label = t(view === "pedigree" ? "chart.pedigree_of" : "chart.descendants_of", { name: data.person.displayName });
  return (
    <ChartFrame width={layout.width} height={layout.height} label={label} fileBase={data.person.isPrivate ? "tree" : data.person.fullName ?? data.person.displayName} suffix={view} wasDragRef={wasDrag}>
      {layout.links.map((l) => (
        <path key={l.key} d={pathOf(l.points)} fill="none" stroke={l.kind === "union" ? "#DAA520" : "#8a9a86"} strokeWidth={l.kind === "union" ? 3 : 1.6} />
      ))}
      {layout.cards.map((c) => (
        <ChartCard key={c.key} card={c} person={people.get(c.personId)!} selected={selectedId === c.personId} onSelect={select} />
      ))}
    </ChartFrame>
  );
}
