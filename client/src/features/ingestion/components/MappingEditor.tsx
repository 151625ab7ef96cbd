import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";
import { apiProblem } from "../../../lib/apiErrors";
import { readNumber } from "../../../lib/digits";
import { useSetImportMappingMutation, useSpreadsheetFieldsQuery } from "../generated";
import { runtimeKey } from "../../../i18n/typed";
import { Button } from "../../../ui/Button";

/** Spreadsheet review: which row holds the headers and what each column means; saving reads the file again. */
export function MappingEditor({ job }: { job: ImportJobFieldsFragment }) {
  const { t } = useTranslation();
  const [mapping, setMapping] = useState<(string | null)[]>(() => job.headers.map((_, i) => job.mapping[i] ?? null));
  const [headerRow, setHeaderRow] = useState(job.headerRow ?? 0);
  const [save, { loading, error }] = useSetImportMappingMutation({ fetchPolicy: "no-cache" });
  // The fields come from the server, which checks the mapping against the same list.
  const fields = useSpreadsheetFieldsQuery({ fetchPolicy: "cache-first" }).data?.spreadsheetFields ?? [];
  const problem = apiProblem(error, t("errors.network"));
  const changed = headerRow !== job.headerRow || mapping.some((m, i) => m !== (job.mapping[i] ?? null));
  return (
    <section className="card" aria-labelledby="mapping-title">
      <h2 id="mapping-title">{t("ingestion.mapping.title")}</h2>
      <p className="muted">{t("ingestion.mapping.intro")}</p>
      <label className="form-field form-field--inline">
        <span>{t("ingestion.mapping.header_row")}</span>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={headerRow + 1}
          onChange={(e) => {
            // Any digits (١٢, ۱۲, 12); what is no number leaves the row as it was.
            const row = readNumber(e.target.value);
            if (Number.isInteger(row)) setHeaderRow(Math.max(0, row - 1));
          }}
          dir="ltr"
        />
      </label>
      <table className="table mapping-table">
        <thead>
          <tr>
            <th scope="col">{t("ingestion.mapping.column")}</th>
            <th scope="col">{t("ingestion.mapping.field")}</th>
          </tr>
        </thead>
        <tbody>
          {job.headers.map((header, i) => (
            <tr key={i}>
              <td>
                <bdi>{header || t("ingestion.mapping.untitled", { n: i + 1 })}</bdi>
              </td>
              <td>
                <select
                  aria-label={t("ingestion.mapping.field_for", { column: header || i + 1 })}
                  value={mapping[i] ?? ""}
                  onChange={(e) => setMapping(mapping.map((m, j) => (j === i ? e.target.value || null : m)))}
                >
                  <option value="">{t("ingestion.mapping.ignore")}</option>
                  {fields.map((f) => (
                    <option key={f} value={f}>
                      {t(runtimeKey(`ingestion.field.${f}`))}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problem && (
        <p className="form-error" role="alert">
          {Object.values(problem.fields).flat()[0] ?? problem.message}
        </p>
      )}
      <Button
        type="button"
        disabled={!changed || loading}
        onClick={() => void save({ variables: { id: job.id, headerRow, mapping } }).catch(() => null)}
      >
        {t("ingestion.mapping.apply")}
      </Button>
    </section>
  );
}
