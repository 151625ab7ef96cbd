import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { ApolloBoundary } from "../../../app/ApolloBoundary";
import { MapPlaceholder } from "../../../ui/map";
import { Spinner } from "../../../ui/Spinner";
import { RootspaceCard } from "../../rootspaces";
import { CountsView } from "../components/CountsView";
import { HomeSearch } from "../components/HomeSearch";
import "../home.css";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

// The parts that read GraphQL load with the GraphQL client, after the page has painted.
const HomeCounts = lazy(() => import("../components/HomeCounts"));
const HomeMap = lazy(() => import("../components/HomeMap"));
const HomeFeatured = lazy(() => import("../components/HomeFeatured"));

/** Areas named in the spec that do not exist yet: the "Coming next" card lists only these. */
const COMING = ["rootpedia", "documents", "work", "marketplace", "tree_haven", "community", "help"] as const;

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
        <div>
          <ApolloBoundary fallback={null}>
            <HomeFeatured />
          </ApolloBoundary>
          <section className="card" aria-labelledby="home-rootspace">
            <h2 id="home-rootspace">{t("home.rootspace_heading")}</h2>
            <ApolloBoundary fallback={<Spinner label={t("common.loading")} />}>
              <RootspaceCard />
            </ApolloBoundary>
          </section>
          <section className="card" aria-labelledby="home-next">
            <h2 id="home-next">{t("home.coming_heading")}</h2>
            <ul>
              {COMING.map((k) => (
                <li key={k}>{t(`home.coming_${k}`)}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
