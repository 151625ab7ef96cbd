import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentTypesForEditingQuery } from "../../../gql/graphql";
import { runtimeKey } from "../../../i18n/typed";
import { apiProblem } from "../../../lib/apiErrors";
import { minorToDecimal, parseMoneyInput } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { useDocumentTypesForEditingQuery, useUpdateDocumentTypeMutation } from "../generated";

type DocType = DocumentTypesForEditingQuery["documentTypes"][number];
const NAMES = ["nameAr", "nameEn", "nameFr"] as const;
const FEES = ["governmentFeeLbp", "serviceFeeUsd", "translationFeeUsd", "courierFeeUsd", "pouchFeeUsd"] as const;
const DAYS = ["reviewDays", "registryDays", "translationDays", "deliveryDays"] as const;
const snake = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** One document type's names (ar/en/fr), fees (in LBP or USD, typed as amounts) and business days per step. */
function TypeForm({ type }: { type: DocType }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(NAMES.map((n) => [n, type[n]])),
    ...Object.fromEntries(FEES.map((f) => [f, minorToDecimal(type[f])])),
    ...Object.fromEntries(DAYS.map((d) => [d, String(type[d])])),
  }));
  const [active, setActive] = useState(type.active);
  const [update, updating] = useUpdateDocumentTypeMutation();
  const problem = apiProblem(updating.error, t("errors.network"));
  const set = (k: string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    // An amount typed as money (50000 or 50000.00), zero allowed; anything else goes as typed, and the server says why.
    const fee = (v: string) => (/^\s*0*([.,]0*)?\s*$/.test(v) ? "0" : (parseMoneyInput(v) ?? v));
    const fees = Object.fromEntries(FEES.map((f) => [f, fee(values[f])]));
    const days = Object.fromEntries(DAYS.map((d) => [d, Number(values[d])]));
    const res = await update({
      variables: { input: { id: type.id, ...Object.fromEntries(NAMES.map((n) => [n, values[n]])), ...fees, ...days, active } },
    }).catch(() => null);
    if (res?.data) showToast({ titleKey: "ancestry.type_saved" });
  };
  return (
    <details className="card">
      <summary>
        <bdi>{type.name}</bdi>
      </summary>
      <form className="ancestry-form" onSubmit={save}>
        {NAMES.map((n) => (
          <Field
            key={n}
            label={t(runtimeKey(`ancestry.type_${snake(n)}`))}
            value={values[n]}
            onChange={set(n)}
            errors={problem?.fields[n]}
          />
        ))}
        {FEES.map((f) => (
          <Field
            key={f}
            label={t(runtimeKey(`ancestry.type_${snake(f)}`))}
            inputMode="decimal"
            value={values[f]}
            onChange={set(f)}
            errors={problem?.fields[f]}
          />
        ))}
        {DAYS.map((d) => (
          <Field
            key={d}
            label={t(runtimeKey(`ancestry.type_${snake(d)}`))}
            type="number"
            min={0}
            max={60}
            value={values[d]}
            onChange={set(d)}
            errors={problem?.fields[d]}
          />
        ))}
        <label>
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {t("ancestry.type_active")}
        </label>
        <Button variant="primary" type="submit" disabled={updating.loading}>
          {t("ancestry.type_save")}
        </Button>
        {problem && <p role="alert">{problem.message}</p>}
      </form>
    </details>
  );
}

/** The desk's document types: staff keep their names, fees and business days (audited on the server). */
export function TypeEditor() {
  const { t } = useTranslation();
  const { data, error, refetch } = useDocumentTypesForEditingQuery({ fetchPolicy: "cache-and-network" });
  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (!data) return <Skeleton label={t("common.loading")} variant="card" />;
  return (
    <div className="ancestry-list">
      <p className="muted">{t("ancestry.types_intro")}</p>
      {data.documentTypes.map((d) => (
        <TypeForm key={d.id} type={d} />
      ))}
    </div>
  );
}
