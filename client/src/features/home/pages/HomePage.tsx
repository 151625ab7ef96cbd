import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { ApolloBoundary } from "../../../app/ApolloBoundary";
import { MapPlaceholder } from "../../../ui/map";
import { CountsView } from "../components/CountsView";
import { HomeSearch } from "../components/HomeSearch";
import "../home.css";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

// The parts that read GraphQL load with the GraphQL client, after the page has painted.
const HomeCounts = lazy(() => import("../components/HomeCounts"));
const HomeMap = lazy(() => import("../components/HomeMap"));
const HomeSide = lazy(() => import("../components/HomeSide"));

/**
 * The home page: one search box (villages, families, people), the rootspace's real counts,
 * the map, featured villages with their history's first lines and their caza, and what comes next.
 */
export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("app.tagline"));
  return (
    <div className="page home">
      <section className="hero home-hero">
        <h1>{t("home.title")}</h1>
        <p className="lead">{t("home.lead")}</p>
        <HomeSearch />
        <ApolloBoundary fallback={<CountsView counts={undefined} />}>
          <HomeCounts />
        </ApolloBoundary>
      </section>
      <div className="home-grid">
        <section className="home-map" aria-labelledby="home-map">
          <h2 id="home-map">{t("home.map_heading")}</h2>
          <ApolloBoundary fallback={<MapPlaceholder label={t("common.loading")} />}>
            <HomeMap />
          </ApolloBoundary>
        </section>
        <ApolloBoundary fallback={null}>
          <HomeSide />
        </ApolloBoundary>
      </div>
    </div>
  );
}
