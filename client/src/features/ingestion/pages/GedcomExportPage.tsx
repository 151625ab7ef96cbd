import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { downloadWithSession } from "../upload";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";

/** /roots/export: the member's tree as GEDCOM 7.0 (or 5.5.1 for older programs), or GEDZIP with media. */
export default function GedcomExportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("ingestion.export.title"));
  const [version, setVersion] = useState<"7.0" | "5.5.1">("7.0");
  const [format, setFormat] = useState<"ged" | "gdz">("ged");
  const [state, setState] = useState<"idle" | "working" | "failed">("idle");
  const download = async () => {
    setState("working");
    const ok = await downloadWithSession(
      `/api/exports/tree?scope=mine&version=${version}&format=${format}`,
      `roots-tree-${version}.${format}`,
    );
    setState(ok ? "idle" : "failed");
  };
  return (
    <section className="page">
      <h1>{t("ingestion.export.title")}</h1>
      <p className="lead">{t("ingestion.export.intro")}</p>
      <div className="card">
        <fieldset className="form-field">
          <legend>{t("ingestion.export.version")}</legend>
          <label>
            <input type="radio" name="version" checked={version === "7.0"} onChange={() => setVersion("7.0")} /> {t("ingestion.export.v7")}
          </label>
          <label>
            <input type="radio" name="version" checked={version === "5.5.1"} onChange={() => setVersion("5.5.1")} />{" "}
            {t("ingestion.export.v551")}
          </label>
        </fieldset>
        <fieldset className="form-field">
          <legend>{t("ingestion.export.format")}</legend>
          {/* The extension left to right on its own: inside an Arabic label ".ged" read "ged.". */}
          <label>
            <input type="radio" name="format" checked={format === "ged"} onChange={() => setFormat("ged")} /> <bdi dir="ltr">.ged</bdi>{" "}
            {t("ingestion.export.ged")}
          </label>
          <label>
            <input type="radio" name="format" checked={format === "gdz"} onChange={() => setFormat("gdz")} /> <bdi dir="ltr">.gdz</bdi>{" "}
            {t("ingestion.export.gdz")}
          </label>
        </fieldset>
        <p className="muted">{t("ingestion.export.privacy")}</p>
        {state === "failed" && (
          <p className="form-error" role="alert">
            {t("errors.network")}
          </p>
        )}
        <Button type="button" variant="primary" disabled={state === "working"} onClick={() => void download()}>
          {t("ingestion.export.download")}
        </Button>
        {/* A large tree takes seconds to write: say so while it is being prepared. */}
        {state === "working" && (
          <p className="muted" role="status">
            {t("ingestion.export.preparing")}
          </p>
        )}
      </div>
      <p>
        <Link to="/roots/import">{t("ingestion.gedcom.title")}</Link>
      </p>
    </section>
  );
}
