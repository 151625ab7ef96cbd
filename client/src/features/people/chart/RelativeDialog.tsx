import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ChartPersonFragment } from "../../../gql/graphql";
import { apiProblem } from "../../../lib/apiErrors";
import { DateInput } from "../../../ui/DateInput";
import { Field } from "../../../ui/Field";
import { LinkExisting } from "./LinkExisting";
import { asGender, GenderField, type Gender } from "../components/GenderField";
import { RELATIONS, useTreeActions, type Relation } from "./useTreeActions";

export type DialogMode = { type: "add"; relation: Relation } | { type: "edit" } | { type: "link" };

/** Fields that belong to the person form; other errors (links) are shown above the buttons. */
const FORM_FIELDS = ["fullName", "fullNameAr", "gender", "birthDate", "deathDate"];

/**
 * The chart's forms in a modal dialog: add a father, mother, spouse or child; edit; or link
 * an existing record. Server errors are shown under their field, in the reader's language.
 */
export function RelativeDialog({
  mode,
  person,
  onDone,
  onClose,
}: {
  mode: DialogMode;
  person: ChartPersonFragment;
  onDone: () => void | Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const actions = useTreeActions();
  const editing = mode.type === "edit";
  const [fullNameAr, setFullNameAr] = useState(editing ? (person.fullNameAr ?? "") : "");
  const [fullName, setFullName] = useState(editing && person.fullName !== person.fullNameAr ? (person.fullName ?? "") : "");
  const [birthDate, setBirthDate] = useState(editing ? (person.birth?.text ?? "") : "");
  const [deathDate, setDeathDate] = useState(editing ? (person.death?.text ?? "") : "");
  // A father or mother has their gender from the relation; everyone else chooses it.
  const fixedGender = mode.type === "add" && (mode.relation === "father" || mode.relation === "mother");
  const [gender, setGender] = useState<Gender>(editing ? asGender(person.gender) : "U");
  const spouses = person.unions.map((u) => u.partner).filter((p) => p.viewerCan.edit);
  const [otherParent, setOtherParent] = useState(spouses[0]?.id ?? "");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const problem = apiProblem(error, t("errors.network"));
  const otherErrors = problem
    ? Object.entries(problem.fields)
        .filter(([f]) => !FORM_FIELDS.includes(f))
        .flatMap(([, m]) => m)
    : [];

  useEffect(() => setError(null), [mode]);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await onDone();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      fullName: fullName.trim() || null,
      fullNameAr: fullNameAr.trim() || null,
      birthDate: birthDate.trim() || null,
      deathDate: deathDate.trim() || null,
      ...(fixedGender ? {} : { gender }),
    };
    if (mode.type === "edit") void run(() => actions.edit(person.id, input));
    else if (mode.type === "add")
      void run(() => actions.addRelative(mode.relation, person.id, input, mode.relation === "child" ? otherParent || null : null));
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") onClose();
  };
  const title =
    mode.type === "edit" ? t("chart.edit_person") : mode.type === "link" ? t("chart.link_existing") : t(`chart.add_${mode.relation}`);
  return (
    <div className="dialog-backdrop" onKeyDown={onKey}>
      <div className="dialog card" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <p className="muted">{t("chart.for_person", { name: person.displayName })}</p>
        {mode.type === "link" ? (
          <LinkExisting
            person={person}
            relations={RELATIONS}
            busy={busy}
            onPick={(relation, existingId) => run(() => actions.linkExisting(relation, person.id, existingId))}
          />
        ) : (
          <form className="person-form" onSubmit={submit} noValidate>
            <Field
              label={t("people.full_name_ar")}
              value={fullNameAr}
              onChange={(e) => setFullNameAr(e.target.value)}
              errors={problem?.fields.fullNameAr}
              dir="rtl"
              lang="ar"
              autoFocus
            />
            <Field
              label={t("people.full_name")}
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              errors={problem?.fields.fullName}
              dir="auto"
            />
            {!fixedGender && <GenderField value={gender} onChange={setGender} errors={problem?.fields.gender} />}
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
            {mode.type === "add" && mode.relation === "child" && spouses.length > 0 && (
              <div className="form-field">
                <label htmlFor={`${titleId}-other`}>{t("chart.other_parent")}</label>
                <select id={`${titleId}-other`} value={otherParent} onChange={(e) => setOtherParent(e.target.value)}>
                  {spouses.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.displayName}
                    </option>
                  ))}
                  <option value="">{t("chart.other_parent_unknown")}</option>
                </select>
              </div>
            )}
            <div className="dialog__buttons">
              <button className="button button--primary" type="submit" disabled={busy}>
                {editing ? t("chart.save") : title}
              </button>
              <button className="button" type="button" onClick={onClose}>
                {t("chart.cancel")}
              </button>
            </div>
          </form>
        )}
        {problem && (otherErrors.length > 0 || !Object.keys(problem.fields).length) && (
          <p className="form-error" role="alert">
            {otherErrors.length ? otherErrors.join(" ") : problem.message}
          </p>
        )}
        {mode.type === "link" && (
          <div className="dialog__buttons">
            <button className="button" type="button" onClick={onClose}>
              {t("chart.cancel")}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
