import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { DateInput } from "../../../ui/DateInput";
import { Field } from "../../../ui/Field";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { useCreatePersonMutation } from "../generated";
import { PossibleMatches } from "./PossibleMatches";
import { Button } from "../../../ui/Button";
import { GenderField, type Gender } from "./GenderField";

/**
 * Name in Latin and/or Arabic, and dates as records give them (1890, ABT 1890, 12 MAR 1890).
 * Likely existing matches are offered while typing; choosing one calls `onCreated` with it.
 * A fixed `gender` (adding a father or a mother) replaces the gender field.
 */
export function AddPersonForm({
  onCreated,
  submitLabel,
  gender,
}: {
  onCreated: (p: PersonSummaryFragment) => void | Promise<void>;
  submitLabel: string;
  gender?: "M" | "F";
}) {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState("");
  const [fullNameAr, setFullNameAr] = useState("");
  const [birthDate, setBirthDate] = useState("");
  const [deathDate, setDeathDate] = useState("");
  const [chosenGender, setChosenGender] = useState<Gender>("U");
  const [create, { loading, error }] = useCreatePersonMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await create({
      variables: {
        input: {
          fullName: fullName.trim() || null,
          fullNameAr: fullNameAr.trim() || null,
          birthDate: birthDate.trim() || null,
          deathDate: deathDate.trim() || null,
          gender: gender ?? chosenGender,
        },
      },
    }).catch(() => null);
    if (res?.data) {
      setFullName("");
      setFullNameAr("");
      setBirthDate("");
      setDeathDate("");
      setChosenGender("U");
      await onCreated(res.data.createPerson);
    }
  };
  return (
    <form className="person-form" onSubmit={submit} noValidate>
      <Field
        label={t("people.full_name")}
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        errors={problem?.fields.fullName}
        dir="auto"
      />
      <Field
        label={t("people.full_name_ar")}
        value={fullNameAr}
        onChange={(e) => setFullNameAr(e.target.value)}
        errors={problem?.fields.fullNameAr}
        dir="rtl"
        lang="ar"
      />
      {!gender && <GenderField value={chosenGender} onChange={setChosenGender} errors={problem?.fields.gender} />}
      <DateInput
        label={t("people.birth")}
        value={birthDate}
        onChange={(e) => setBirthDate(e.target.value)}
        errors={problem?.fields.birthDate}
      />
      <DateInput
        label={t("people.death")}
        value={deathDate}
        onChange={(e) => setDeathDate(e.target.value)}
        errors={problem?.fields.deathDate}
        hint={false}
      />
      <PossibleMatches fullName={fullName} fullNameAr={fullNameAr} birthDate={birthDate} onUse={onCreated} />
      {problem && !Object.keys(problem.fields).length && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      <Button variant="primary" type="submit" disabled={loading}>
        {submitLabel}
      </Button>
    </form>
  );
}
