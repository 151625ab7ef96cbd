import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { ImportFlow } from "../components/ImportFlow";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** /roots/import: a family tree file from another program (GEDCOM 5.5 to 7.0, GEDZIP). */
export default function GedcomImportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("ingestion.gedcom.title"));
  // With an import open (?job=…) the page is about that import: the introduction would push its review below the first screen of a phone.
  const [params] = useSearchParams();
  const jobOpen = params.has("job");
  return (
    <section className="page">
      <h1>{t("ingestion.gedcom.title")}</h1>
      {!jobOpen && <p className="lead">{t("ingestion.gedcom.intro")}</p>}
      <ImportFlow kind="gedcom" />
      <p>
        <Link to="/roots/export">{t("ingestion.export.title")}</Link> · <Link to="/excel">{t("ingestion.spreadsheet.title")}</Link>
      </p>
    </section>
  );
}
