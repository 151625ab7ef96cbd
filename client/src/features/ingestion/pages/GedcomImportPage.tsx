import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ImportFlow } from "../components/ImportFlow";

/** /roots/import: a family tree file from another program (GEDCOM 5.5 to 7.0, GEDZIP). */
export default function GedcomImportPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t("ingestion.gedcom.title")}</h1>
      <p className="lead">{t("ingestion.gedcom.intro")}</p>
      <ImportFlow kind="gedcom" />
      <p>
        <Link to="/roots/export">{t("ingestion.export.title")}</Link> · <Link to="/excel">{t("ingestion.spreadsheet.title")}</Link>
      </p>
    </section>
  );
}
