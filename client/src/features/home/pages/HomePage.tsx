import { useTranslation } from "react-i18next";
import { ApolloBoundary } from "../../../app/ApolloBoundary";
import { Spinner } from "../../../ui/Spinner";
import { RootspaceCard } from "../../rootspaces";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** The home page: what Roots is, the current rootspace, and what comes next. */
export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("app.tagline"));
  return (
    <div className="page">
      <section className="hero">
        <h1>{t("home.title")}</h1>
        <p className="lead">{t("home.lead")}</p>
      </section>
      <section className="card" aria-labelledby="home-rootspace">
        <h2 id="home-rootspace">{t("home.rootspace_heading")}</h2>
        <ApolloBoundary fallback={<Spinner label={t("common.loading")} />}>
          <RootspaceCard />
        </ApolloBoundary>
      </section>
      <section className="card" aria-labelledby="home-next">
        <h2 id="home-next">{t("home.coming_heading")}</h2>
        <ul>
          <li>{t("home.coming_villages")}</li>
          <li>{t("home.coming_trees")}</li>
          <li>{t("home.coming_documents")}</li>
        </ul>
      </section>
    </div>
  );
}
