import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { CedarChart } from "../chart/CedarChart";
import { RootPicker, useRootPerson } from "../chart/RootPicker";
import { useTreeChartQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** /roots/cedar: the descendants of the member's person (or a chosen ancestor) as a cedar. */
export default function CedarPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("chart.cedar_title"));
  const { rootId, setRoot, people, openPicker, loading } = useRootPerson();
  const { data } = useTreeChartQuery({ variables: { id: rootId ?? "", up: 1, down: 6 }, skip: !rootId, fetchPolicy: "cache-and-network" });
  const chart = data && data.person.id === rootId ? data : null;
  return (
    <section className="page page--wide">
      <h1>{t("chart.cedar_title")}</h1>
      <p className="lead">{t("chart.cedar_intro")}</p>
      <p>
        <Link to={rootId ? `/roots?root=${encodeURIComponent(rootId)}` : "/roots"}>{t("chart.back_to_builder")}</Link>
      </p>
      <RootPicker rootId={rootId} root={chart?.person} people={people} onChange={setRoot} open={openPicker} />
      {!rootId && !loading && <p className="notice">{t("chart.cedar_empty")}</p>}
      {chart && <CedarChart data={chart} />}
    </section>
  );
}
