import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { ApolloBoundary } from "../../../app/ApolloBoundary";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import "../villages.css";

// The search, the list and the map read GraphQL: they come with the GraphQL client, after the
// title and the introduction have painted (they are the page's first screen, in the build's HTML).
const VillagesFinder = lazy(() => import("../components/VillagesFinder"));

/** /villages: find a village by name in any script, by district, or on the map. */
export default function VillagesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("villages.title"));
  return (
    <section className="page villages-page">
      <h1>{t("villages.title")}</h1>
      <p className="lead">{t("villages.intro")}</p>
      <ApolloBoundary>
        <VillagesFinder />
      </ApolloBoundary>
    </section>
  );
}
