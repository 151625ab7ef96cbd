import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { AddPersonForm } from "../components/AddPersonForm";
import { useTreeChartQuery } from "../generated";
import { CardActions } from "./CardActions";
import { RelativeDialog, type DialogMode } from "./RelativeDialog";
import { RootPicker, useRootPerson } from "./RootPicker";
import { FanChart } from "./FanChart";
import { TreeChart } from "./TreeChart";
import { useHydrated } from "../../../ui/useHydrated";
import { ChartPlaceholder } from "./ChartPlaceholder";
import { CHART_VIEWS, findPerson, type ChartView } from "./treeData";

/**
 * The tree builder: one person's pedigree, descendants, hourglass or fan, and from any card
 * adding a father, mother, spouse or child, editing, or linking an existing record; a double
 * click on a card shows that person's tree. The root and the view live in the address
 * (?root=…&view=…) so a tree can be bookmarked and shared.
 */
export function TreeBuilder() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: ChartView = CHART_VIEWS.find((v) => v === params.get("view")) ?? "pedigree";
  const { rootId, setRoot, people, openPicker, loading: peopleLoading } = useRootPerson();
  const { data, refetch } = useTreeChartQuery({
    variables: { id: rootId ?? "", up: 5, down: 4 },
    skip: !rootId,
    fetchPolicy: "cache-and-network",
  });
  // Drawn once the page is live, in a background render (short tasks), the placeholder meanwhile.
  const live = useDeferredValue(useHydrated(), false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogMode | null>(null);
  const chartData = data && data.person.id === rootId ? data : null;
  const selected = chartData ? findPerson(chartData, selectedId ?? rootId) : null;
  const refocus = (id: string) => {
    setRoot(id);
    setSelectedId(null);
  };
  const setView = (v: ChartView) =>
    setParams(
      (p) => {
        p.set("view", v);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="tree-builder">
      <div className="tree-builder__bar">
        <RootPicker
          rootId={rootId}
          root={chartData?.person}
          people={people}
          open={openPicker}
          onChange={(id) => {
            setRoot(id);
            setSelectedId(null);
          }}
        />
        <div className="tabs" role="group" aria-label={t("chart.view")}>
          {CHART_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className={view === v ? "tab tab--active" : "tab"}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {t(`chart.view_${v}`)}
            </button>
          ))}
        </div>
      </div>
      {!rootId && !peopleLoading && (
        <section className="card" aria-labelledby="start-tree">
          <h2 id="start-tree">{t("chart.start_tree")}</h2>
          <p className="muted">{t("chart.start_tree_intro")}</p>
          <AddPersonForm submitLabel={t("people.add")} onCreated={(p) => setRoot(p.id)} />
        </section>
      )}
      {!chartData && (peopleLoading || rootId) && <ChartPlaceholder />}
      {chartData && (
        <>
          {selected && (
            <CardActions
              person={selected}
              isRoot={selected.id === rootId}
              onOpen={setDialog}
              onRecentre={() => {
                setRoot(selected.id);
                setSelectedId(null);
              }}
            />
          )}
          {/* On a page the server rendered, drawn once the browser has taken it over: for its screen. */}
          {!live ? (
            <ChartPlaceholder />
          ) : view === "fan" ? (
            <FanChart data={chartData} selectedId={selected?.id ?? null} onSelect={setSelectedId} onRefocus={refocus} />
          ) : (
            <TreeChart
              key={`${rootId}:${view}`}
              data={chartData}
              view={view}
              selectedId={selected?.id ?? null}
              onSelect={setSelectedId}
              onRefocus={refocus}
            />
          )}
          <p className="muted chart-legend">
            <span className="legend-dot legend-dot--green" /> {t("chart.legend_high")} <span className="legend-dot legend-dot--gold" />{" "}
            <bdi dir="ltr">{t("chart.legend_mid")}</bdi> <span className="legend-dot legend-dot--orange" /> {t("chart.legend_low")}
          </p>
          <p>
            <Link to={`/roots/cedar?root=${encodeURIComponent(chartData.person.id)}`}>{t("chart.see_cedar")}</Link>
          </p>
        </>
      )}
      {dialog && selected && (
        <RelativeDialog
          key={`${dialog.type}-${selected.id}`}
          mode={dialog}
          person={selected}
          onClose={() => setDialog(null)}
          onDone={async () => {
            setDialog(null);
            if (dialog.type === "add" && dialog.relation === "child") setView("descendants");
            await refetch();
          }}
        />
      )}
      {rootId && (
        <details className="card start-another">
          <summary>{t("chart.start_another")}</summary>
          <AddPersonForm
            submitLabel={t("people.add")}
            onCreated={(p) => {
              setRoot(p.id);
              setSelectedId(null);
            }}
          />
        </details>
      )}
    </div>
  );
}
