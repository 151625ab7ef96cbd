import { useTranslation } from "react-i18next";
import { ApolloBoundary } from "../../../app/ApolloBoundary";
import { Spinner } from "../../../ui/Spinner";
import { RootspaceCard } from "../../rootspaces";
import { HomeCounts } from "../components/HomeCounts";
import { HomeFeatured } from "../components/HomeFeatured";
import { HomeMap } from "../components/HomeMap";
import { HomeSearch } from "../components/HomeSearch";
import { useHomeOverviewQuery } from "../generated";
import "../home.css";

/** Areas named in the spec that do not exist yet: the "Coming next" card lists only these. */
const COMING = ["rootpedia", "documents", "work", "marketplace", "tree_haven", "community", "help"] as const;

/**
 * The home page: one search box (villages, families, people), the rootspace's real counts,
 * the map, featured villages with their history's first lines and their caza, and what comes next.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const overview = useHomeOverviewQuery();
  const featured = overview.data?.featuredVillages ?? [];
  return (
    <div className="page home">
      <section className="hero home-hero">
        <h1>{t("home.title")}</h1>
        <p className="lead">{t("home.lead")}</p>
        <HomeSearch />
        <HomeCounts counts={overview.data?.rootspaceCounts} />
      </section>
      <div className="home-grid">
        <HomeMap featured={featured.map((v) => v.slug)} />
        <div>
          <HomeFeatured villages={featured} />
          <section className="card" aria-labelledby="home-rootspace">
            <h2 id="home-rootspace">{t("home.rootspace_heading")}</h2>
            <ApolloBoundary fallback={<Spinner label={t("common.loading")} />}>
              <RootspaceCard />
            </ApolloBoundary>
          </section>
          <section className="card" aria-labelledby="home-next">
            <h2 id="home-next">{t("home.coming_heading")}</h2>
            <ul>
              {COMING.map((k) => <li key={k}>{t(`home.coming_${k}`)}</li>)}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
