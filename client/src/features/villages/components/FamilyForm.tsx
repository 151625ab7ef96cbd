import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { HubFamiliesQuery } from "../../../gql/graphql";
import { apiProblem } from "../../../lib/apiErrors";
import { Field } from "../../../ui/Field";
import { useCreateFamilyMutation, useUpdateFamilyMutation } from "../generated";
import { Button } from "../../../ui/Button";

/** A family as the hub lists it. */
export type HubFamily = HubFamiliesQuery["families"]["edges"][number]["node"];

const blank = (s: string) => s.trim() || null;

/**
 * Records a family (clan) of the village, or changes one when `family` is given: its name in
 * Latin letters (required), Arabic and French, and notes in the three languages. The server's
 * refusals appear under their field, in the reader's language.
 */
export function FamilyForm({
  villageId,
  family,
  onDone,
  onCancel,
}: {
  villageId: string;
  family?: HubFamily;
  onDone: () => void | Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    familyName: family?.familyName ?? "",
    familyNameAr: family?.familyNameAr ?? "",
    familyNameFr: family?.familyNameFr ?? "",
    notes: family?.notes ?? "",
    notesAr: family?.notesAr ?? "",
    notesFr: family?.notesFr ?? "",
  });
  const [create, created] = useCreateFamilyMutation();
  const [update, updated] = useUpdateFamilyMutation();
  const { loading, error } = family ? updated : created;
  const problem = apiProblem(error, t("errors.network"));
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      villageId,
      familyName: v.familyName.trim(),
      familyNameAr: blank(v.familyNameAr),
      familyNameFr: blank(v.familyNameFr),
      notes: blank(v.notes),
      notesAr: blank(v.notesAr),
      notesFr: blank(v.notesFr),
    };
    const res = await (family ? update({ variables: { id: family.id, input } }) : create({ variables: { input } })).catch(() => null);
    if (res?.data) await onDone();
  };
  const label = family ? t("hub.edit_family") : t("hub.add_family");
  return (
    <form className="person-form hub-form" onSubmit={submit} noValidate aria-label={label}>
      <Field
        label={t("hub.family_name_en")}
        value={v.familyName}
        onChange={set("familyName")}
        errors={problem?.fields.familyName}
        dir="auto"
        required
      />
      <Field
        label={t("hub.family_name_ar")}
        value={v.familyNameAr}
        onChange={set("familyNameAr")}
        errors={problem?.fields.familyNameAr}
        dir="rtl"
        lang="ar"
      />
      <Field
        label={t("hub.family_name_fr")}
        value={v.familyNameFr}
        onChange={set("familyNameFr")}
        errors={problem?.fields.familyNameFr}
        dir="auto"
      />
      <Field label={t("hub.notes_en")} value={v.notes} onChange={set("notes")} errors={problem?.fields.notes} dir="auto" />
      <Field label={t("hub.notes_ar")} value={v.notesAr} onChange={set("notesAr")} errors={problem?.fields.notesAr} dir="rtl" lang="ar" />
      <Field label={t("hub.notes_fr")} value={v.notesFr} onChange={set("notesFr")} errors={problem?.fields.notesFr} dir="auto" />
      {problem && !Object.keys(problem.fields).length && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      <div className="button-row">
        <Button variant="primary" type="submit" disabled={loading}>
          {t("hub.save")}
        </Button>
        {onCancel && (
          <Button type="button" onClick={onCancel}>
            {t("hub.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
