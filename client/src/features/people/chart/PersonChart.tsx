import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useTreeChartQuery } from "../generated";
import { useHydrated } from "../../../ui/useHydrated";
import { ChartPlaceholder } from "./ChartPlaceholder";
import { TreeChart } from "./TreeChart";

/**
 * The person page's chart: their ancestors above and descendants below (an hourglass), three
 * generations each way; choosing a card opens that person's page, so the chart refocuses there.
 */
export function PersonChart({ personId, expected = false }: { personId: string; expected?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useTreeChartQuery({ variables: { id: personId, up: 3, down: 3 }, fetchPolicy: "cache-and-network" });
  // Drawn in a background render (short tasks, after the data is stored), not in the same long task.
  const latest = useDeferredValue(data, undefined);
  const chart = latest && latest.person.id === personId ? latest : null;
  const live = useDeferredValue(useHydrated(), false);
  if (chart && !chart.ancestors.length && !chart.descendants.length) return null;
  // While it loads, the chart's space is held when the page already knows there is one to draw;
  // and on a page the server rendered, until the browser has taken it over (it draws for its screen).
  if (!chart || !live)
    return expected || chart ? (
      <section aria-labelledby="person-chart-h" className="person-chart">
        <h2 id="person-chart-h">{t("chart.family_chart")}</h2>
        <ChartPlaceholder compact />
      </section>
    ) : null;
  const open = (id: string) => {
    if (id !== personId) navigate(`/person/${id}`);
  };
  return (
    <section aria-labelledby="person-chart-h" className="person-chart" data-testid="person-chart">
      <h2 id="person-chart-h">{t("chart.family_chart")}</h2>
      <TreeChart key={personId} data={chart} view="hourglass" selectedId={personId} onSelect={open} onRefocus={open} compact />
    </section>
  );
}
