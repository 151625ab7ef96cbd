import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { localized } from "../../../lib/localized";
import { SelectField } from "../../../ui/SelectField";
import { usePersonFamilyChoicesQuery, useUpdatePersonMutation } from "../generated";
import { VillageChooser, type VillageName } from "./VillageChooser";
import { Button } from "../../../ui/Button";

interface FamilyName {
  id: string;
  familyName: string;
  familyNameAr: string | null;
  familyNameFr: string | null;
}

/**
 * The person's village of origin and family (clan), for editors: the family is chosen among
 * the families of the village, or none. Render it with `key` = the person's id, so moving to
 * another person starts from their family.
 */
export function FamilyPicker({
  personId,
  village,
  family,
  onChanged,
}: {
  personId: string;
  village: VillageName | null;
  family: FamilyName | null;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data } = usePersonFamilyChoicesQuery({ variables: { villageId: village?.id ?? "" }, skip: !village });
  const [value, setValue] = useState(family?.id ?? "");
  const [saved, setSaved] = useState(false);
  const [update, { loading, error }] = useUpdatePersonMutation();
  const problem = apiProblem(error, t("errors.network"));
  const choices = (data?.families.edges ?? []).map((e) => e.node);
  // A family recorded elsewhere stays offered, so saving does not drop it unnoticed.
  if (family && !choices.some((f) => f.id === family.id)) choices.unshift(family);
  const name = (f: FamilyName) => localized(lang, f.familyName, f.familyNameAr, f.familyNameFr);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const res = await update({ variables: { id: personId, input: { familyId: value || null } } }).catch(() => null);
    if (res?.data) {
      setSaved(true);
      await onChanged();
    }
  };
  return (
    <section className="card" aria-labelledby="family-h" data-testid="family-picker">
      <h2 id="family-h">{t("people.origin_title")}</h2>
      <VillageChooser personId={personId} village={village} onChanged={onChanged} />
      {!village && !family ? (
        <p className="muted">{t("people.family_needs_village")}</p>
      ) : (
        <form className="family-form" onSubmit={submit} noValidate>
          <SelectField
            label={t("people.family_choose")}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setSaved(false);
            }}
            errors={problem?.fields.familyId}
          >
            <option value="">{t("people.no_family")}</option>
            {choices.map((f) => (
              <option key={f.id} value={f.id}>
                {name(f)}
              </option>
            ))}
          </SelectField>
          <Button variant="primary" type="submit" disabled={loading || value === (family?.id ?? "")}>
            {t("common.save")}
          </Button>
          {saved && (
            <span className="status status--good" role="status">
              {t("common.saved")}
            </span>
          )}
        </form>
      )}
      {problem && !Object.keys(problem.fields).length && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      {village && data && data.families.edges.length === 0 && (
        <p className="muted">
          {t("people.family_none_in_village")}{" "}
          <Link to={`/root-hubs?village=${encodeURIComponent(village.slug)}`}>{t("hub.open_root_hub")}</Link>
        </p>
      )}
    </section>
  );
}
