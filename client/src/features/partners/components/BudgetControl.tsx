import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { readNumber } from "../../../lib/digits";
import { Button } from "../../../ui/Button";
import { NumberInput } from "../../../ui/NumberInput";
import { showToast } from "../../../ui/toast";
import { useSetAppBudgetMutation } from "../generated";

/** Moderators set an app's cost points per hour, or return it to the default. */
export function BudgetControl({ appId, budgetPerHour }: { appId: string; budgetPerHour: number | null }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(budgetPerHour == null ? "" : String(budgetPerHour));
  const [save, saving] = useSetAppBudgetMutation();
  const problem = apiProblem(saving.error, t("errors.network"));
  const submit = async (points: number | null) => {
    const res = await save({ variables: { id: appId, pointsPerHour: points } }).catch(() => null);
    if (res?.data) {
      setValue(points == null ? "" : String(points));
      showToast({ titleKey: "partners.budget_saved_toast" });
    }
  };
  return (
    <form
      className="partner-budget"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit(value.trim() ? readNumber(value) : null);
      }}
    >
      <NumberInput
        label={t("partners.budget_label")}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        hint={t("partners.budget_hint")}
        errors={problem?.fields.pointsPerHour ?? (problem ? [problem.message] : undefined)}
      />
      <div className="partner-actions">
        <Button type="submit" variant="secondary" disabled={saving.loading}>
          {t("partners.budget_save")}
        </Button>
        {budgetPerHour != null && (
          <Button type="button" variant="secondary" disabled={saving.loading} onClick={() => void submit(null)}>
            {t("partners.budget_reset")}
          </Button>
        )}
      </div>
    </form>
  );
}
