import { useTranslation } from "react-i18next";
import "./chart.css";

/**
 * The space a chart will take, held while its data loads: the page below does not jump when the
 * chart arrives (layout shift), and a screen reader hears that it is loading. Its tool strip is
 * empty but as tall as the chart's.
 */
export function ChartPlaceholder({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={compact ? "chart-frame chart-frame--compact" : "chart-frame"} data-testid="chart-placeholder">
      <div className="chart-toolbar" aria-hidden="true" />
      <div className="chart-viewport chart-viewport--loading" role="status" aria-label={t("common.loading")} />
    </div>
  );
}
