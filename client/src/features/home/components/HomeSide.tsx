import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { RootspaceCard } from "../../rootspaces";
import { useHomeOverviewQuery } from "../generated";
import HomeFeatured from "./HomeFeatured";

/** Areas named in the spec that do not exist yet: the "Coming next" card lists only these. */
const COMING = ["rootpedia", "documents", "work", "marketplace", "tree_haven", "community", "help"] as const;

/**
 * The column beside the map: featured villages, the rootspace, what comes next. It appears
 * whole once the overview (which says how many villages are featured) has arrived, so nothing
 * on the page moves when the featured villages come in after the cards below them.
 */
export default function HomeSide() {
  const { t } = useTranslation();
  const { loading } = useHomeOverviewQuery();
  if (loading) return null;
  return (
    <div>
      <HomeFeatured />
      <section className="card" aria-labelledby="home-rootspace">
        <h2 id="home-rootspace">{t("home.rootspace_heading")}</h2>
        <Suspense fallback={<Spinner label={t("common.loading")} />}>
          <RootspaceCard />
        </Suspense>
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
  );
}
