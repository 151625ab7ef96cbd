import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { ImportUnderway } from "../../ingestion";
import { TreeBuilder } from "../chart/TreeBuilder";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ButtonLink } from "../../../ui/Button";

/**
 * /roots, /family-tree and /treebuilder: the member's tree builder. A visitor (only on the
 * public addresses; /roots itself asks to sign in) is told what it is and invited to join.
 */
export default function RootsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("people.my_tree"));
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
            <ButtonLink to="/roots/import">{t("ingestion.gedcom.title")}</ButtonLink>
            <ButtonLink to="/excel">{t("ingestion.spreadsheet.title")}</ButtonLink>
            <ButtonLink to="/roots/export">{t("ingestion.export.title")}</ButtonLink>
          </nav>
        </>
      ) : auth.status === "signedOut" ? (
        <div className="card" data-testid="tree-visitor">
          <p className="lead">{t("chart.builder_intro")}</p>
          <h2>{t("chart.visitor_title")}</h2>
          <p>{t("chart.visitor_body")}</p>
          <p className="button-row">
            <ButtonLink variant="primary" to={`/auth?mode=signup&returnTo=${returnTo}`}>
              {t("nav.join")}
            </ButtonLink>
            <ButtonLink to={`/auth?returnTo=${returnTo}`}>{t("nav.sign_in")}</ButtonLink>
          </p>
        </div>
      ) : null}
    </section>
  );
}
