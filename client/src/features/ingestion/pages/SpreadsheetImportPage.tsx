import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAuth } from "../../auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { ImportFlow } from "../components/ImportFlow";

/** /excel: family trees kept in spreadsheets (.xlsx, .csv), with Arabic, English or French headers. */
export default function SpreadsheetImportPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <section className="page">
      <h1>{t("ingestion.spreadsheet.title")}</h1>
      <p className="lead">{t("ingestion.spreadsheet.intro")}</p>
      <p>
        <a className="button button--link" href={`/api/imports/template.csv?lang=${currentLanguage()}`} download>
          {t("ingestion.template")}
        </a>
      </p>
      {auth.status === "signedIn" ? (
        <ImportFlow kind="spreadsheet" />
      ) : (
        <p>
          <Link className="button button--primary" to={`/auth?returnTo=${encodeURIComponent("/excel")}`}>{t("ingestion.sign_in_to_import")}</Link>
        </p>
      )}
    </section>
  );
}
