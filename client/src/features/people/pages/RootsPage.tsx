import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { ImportUnderway } from "../../ingestion";
import { TreeBuilder } from "../chart/TreeBuilder";

/**
 * /roots, /family-tree and /treebuilder: the member's tree builder. A visitor (only on the
 * public addresses; /roots itself asks to sign in) is told what it is and invited to join.
 */
export default function RootsPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const returnTo = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="page page--wide">
      <h1>{t("people.my_tree")}</h1>
      {auth.status === "signedIn" ? (
        <>
          <ImportUnderway />
          {/* The chart first (on a phone it fills the first screen); what it is and the files after. */}
          <TreeBuilder />
          <p className="lead">{t("chart.builder_intro")}</p>
          <nav className="button-row tree-files" aria-label={t("ingestion.files")}>
            <Link className="button" to="/roots/import">{t("ingestion.gedcom.title")}</Link>
            <Link className="button" to="/excel">{t("ingestion.spreadsheet.title")}</Link>
            <Link className="button" to="/roots/export">{t("ingestion.export.title")}</Link>
          </nav>
        </>
      ) : auth.status === "signedOut" ? (
        <div className="card" data-testid="tree-visitor">
          <p className="lead">{t("chart.builder_intro")}</p>
          <h2>{t("chart.visitor_title")}</h2>
          <p>{t("chart.visitor_body")}</p>
          <p className="button-row">
            <Link className="button button--primary" to={`/auth?mode=signup&returnTo=${returnTo}`}>{t("nav.join")}</Link>
            <Link className="button" to={`/auth?returnTo=${returnTo}`}>{t("nav.sign_in")}</Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}
