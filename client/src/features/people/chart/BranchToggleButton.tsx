import { memo, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { BranchToggle } from "./layout";

/**
 * The round button at a card's edge that folds the branch beyond it (its parents or its
 * children) or unfolds it again, showing how many people a folded branch hides. Its touch
 * area is larger than the circle drawn, so it can be tapped on a phone.
 */
export const BranchToggleButton = memo(function BranchToggleButton({
  toggle,
  name,
  onToggle,
}: {
  toggle: BranchToggle;
  name: string;
  onToggle: (key: string) => void;
}) {
  const { t } = useTranslation();
  const { x, y, collapsed, hidden } = toggle;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onToggle(toggle.key);
    }
  };
  const label = collapsed ? t("chart.expand_branch", { name, n: hidden }) : t("chart.collapse_branch", { name });
  return (
    <g
      role="button"
      tabIndex={0}
      aria-expanded={!collapsed}
      aria-label={label}
      className="chart-toggle"
      data-testid="branch-toggle"
      data-key={toggle.key}
      onClick={(e) => {
        e.stopPropagation();
        onToggle(toggle.key);
      }}
      onKeyDown={onKey}
    >
      <title>{label}</title>
      <circle cx={x} cy={y} r={26} fill="transparent" />
      <circle cx={x} cy={y} r={collapsed ? 15 : 12} fill={collapsed ? "#2D5BA8" : "#ffffff"} stroke="#2D5BA8" strokeWidth={1.6} />
      <text
        x={x}
        y={y + 5}
        textAnchor="middle"
        direction="ltr"
        fontSize={collapsed && hidden > 9 ? 13 : 15}
        fontWeight={700}
        fill={collapsed ? "#ffffff" : "#2D5BA8"}
      >
        {collapsed ? `+${hidden > 99 ? "99" : hidden}` : "−"}
      </text>
    </g>
  );
});
