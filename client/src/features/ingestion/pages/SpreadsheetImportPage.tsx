import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { ImportFlow } from "../components/ImportFlow";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ButtonLink } from "../../../ui/Button";

/** /excel: family trees kept in spreadsheets (.xlsx, .csv), with Arabic, English or French headers. */
export default function SpreadsheetImportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("ingestion.spreadsheet.title"));
  // With an import open (?job=…) the page is about that import: the introduction would push its review below the first screen of a phone.
  const [params] = useSearchParams();
  const jobOpen = params.has("job");
  const auth = useAuth();
  return (
    <section className="page">
      <h1>{t("ingestion.spreadsheet.title")}</h1>
      {!jobOpen && (
        <>
          <p className="lead">{t("ingestion.spreadsheet.intro")}</p>
          <p>
            <a className="button button--link" href={`/api/imports/template.csv?lang=${currentLanguage()}`} download>
              {t("ingestion.template")}
            </a>
          </p>
        </>
      )}
      {auth.status === "signedIn" ? (
        <ImportFlow kind="spreadsheet" />
      ) : (
        <p>
          <ButtonLink variant="primary" to={`/auth?returnTo=${encodeURIComponent("/excel")}`}>
            {t("ingestion.sign_in_to_import")}
          </ButtonLink>
        </p>
      )}
    </section>
  );
}
