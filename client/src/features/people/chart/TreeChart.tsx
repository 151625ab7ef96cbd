import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TreeChartQuery } from "../../../gql/graphql";
import { BranchToggleButton } from "./BranchToggleButton";
import { CARD_SMALLEST_FONT, ChartCard } from "./ChartCard";
import { ChartFrame } from "./ChartFrame";
import { useMediaQuery } from "../../../ui/useMediaQuery";
import { collapseTree, hourglassFolds, layoutHourglass, layoutTree, NARROW, pathOf, WIDE, type CardSize, type ChartLayout } from "./layout";
import { buildTree, type PeopleById } from "./treeData";
import { boundsOf, intersects } from "./viewMath";

export type TreeChartView = "pedigree" | "descendants" | "hourglass";

/** The layout of one chart type, with the chosen branches folded. */
function layoutFor(
  data: TreeChartQuery,
  view: TreeChartView,
  rtl: boolean,
  collapsed: ReadonlySet<string>,
  size: CardSize,
): { layout: ChartLayout; people: PeopleById } {
  if (view === "hourglass") {
    const up = buildTree(data, "pedigree");
    const down = buildTree(data, "descendants");
    const people: PeopleById = new Map([...up.people, ...down.people]);
    return {
      layout: layoutHourglass(collapseTree(up.root, collapsed, "up"), collapseTree(down.root, collapsed, "down"), rtl, size),
      people,
    };
  }
  const side = view === "pedigree" ? "up" : "down";
  const { root, people } = buildTree(data, view);
  return { layout: layoutTree(collapseTree(root, collapsed, side), rtl, side, size), people };
}

/**
 * The branches a chart opens with folded: an hourglass keeps each half near the person, its rows
 * at most six cards wide (two on a phone, where the parents then stand side by side over the person).
 */
function initialFolds(data: TreeChartQuery, view: TreeChartView, narrow: boolean): Set<string> {
  if (view !== "hourglass") return new Set();
  const size = narrow ? NARROW : WIDE;
  return hourglassFolds(buildTree(data, "pedigree").root, buildTree(data, "descendants").root, narrow ? 2 : 6, size);
}

/**
 * The pedigree, descendant or hourglass chart of one person, drawn in SVG and laid out in the
 * reading direction of the interface language. Branches fold and unfold from the button at a
 * card's edge; only the cards near the screen are drawn, so large trees pan smoothly.
 */
export function TreeChart({
  data,
  view,
  selectedId,
  onSelect,
  onRefocus,
  compact,
}: {
  data: TreeChartQuery;
  view: TreeChartView;
  selectedId: string | null;
  onSelect: (personId: string) => void;
  /** A double click on a card: show that person's tree. */
  onRefocus?: (personId: string) => void;
  /** A shorter frame, for a chart inside another page. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === "rtl";
  // A phone draws narrower cards, so the person and the next generation fit side by side.
  const narrow = useMediaQuery("(max-width: 600px)");
  const size = narrow ? NARROW : WIDE;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => initialFolds(data, view, narrow));
  const { layout, people } = useMemo(() => layoutFor(data, view, rtl, collapsed, size), [data, view, rtl, collapsed, size]);
  const linkBoxes = useMemo(() => layout.links.map((l) => boundsOf(l.points)), [layout]);
  const toggle = useCallback(
    (key: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  // Stable handlers, so the memoised cards do not draw again when the parent does.
  const handlers = useRef({ onSelect, onRefocus });
  handlers.current = { onSelect, onRefocus };
  const select = useCallback((id: string) => handlers.current.onSelect(id), []);
  const refocus = useCallback((id: string) => handlers.current.onRefocus?.(id), []);
  const label = t(`chart.${view}_of`, { name: data.person.displayName });
  return (
    <ChartFrame
      width={layout.width}
      height={layout.height}
      label={label}
      fileBase={data.person.isPrivate ? "tree" : (data.person.fullName ?? data.person.displayName)}
      suffix={view}
      focus={layout.focus}
      near={layout.near}
      smallestFont={CARD_SMALLEST_FONT}
      openKey={`${data.person.id}:${view}:${rtl}:${narrow}`}
      overview={layout.cards}
      compact={compact}
    >
      {({ rect, detail, whole }) => {
        const cards = rect ? layout.cards.filter((c) => intersects(rect, c)) : layout.cards;
        const links = rect ? layout.links.filter((_, i) => intersects(rect, linkBoxes[i])) : layout.links;
        // Zoomed far out over a large tree: the lines as one path, and only folded branches' buttons.
        const many = !detail && cards.length > 300;
        return (
          <>
            {detail ? (
              links.map((l) => (
                <path
                  key={l.key}
                  d={pathOf(l.points)}
                  fill="none"
                  stroke={l.kind === "union" ? "#DAA520" : "#8a9a86"}
                  strokeWidth={l.kind === "union" ? 3 : 1.6}
                />
              ))
            ) : (
              <path d={links.map((l) => pathOf(l.points)).join(" ")} fill="none" stroke="#8a9a86" strokeWidth={1.6} />
            )}
            {cards.map((c) => (
              <ChartCard
                key={c.key}
                card={c}
                person={people.get(c.personId)!}
                selected={selectedId === c.personId}
                detail={detail}
                onSelect={select}
                onRefocus={onRefocus ? refocus : undefined}
              />
            ))}
            {!whole &&
              cards.map((c) =>
                c.toggle && (!many || c.toggle.collapsed) ? (
                  <BranchToggleButton
                    key={`t:${c.toggle.key}`}
                    toggle={c.toggle}
                    name={people.get(c.personId)!.displayName}
                    onToggle={toggle}
                  />
                ) : null,
              )}
          </>
        );
      }}
    </ChartFrame>
  );
}
