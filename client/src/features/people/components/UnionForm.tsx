import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PersonUnionFragment } from "../../../gql/graphql";
import { apiProblem } from "../../../lib/apiErrors";
import { DateInput } from "../../../ui/DateInput";
import { Field } from "../../../ui/Field";
import { SelectField } from "../../../ui/SelectField";
import { useUpdateUnionMutation } from "../generated";
import { Button } from "../../../ui/Button";

/** The server's union kinds (people/union.service.ts UNION_KINDS). */
export const UNION_KINDS = ["marriage", "engagement", "partnership", "unknown"] as const;

/** Fields of this form; the server's other messages (a duplicate union …) go above the buttons. */
const OWN_FIELDS = ["kind", "startDate", "place"];

/** Changes a union's kind, date and place; the server's refusals appear under their field, translated. */
export function UnionForm({
  union,
  onSaved,
  onCancel,
}: {
  union: PersonUnionFragment;
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState(union.kind);
  const [startDate, setStartDate] = useState(union.start?.text ?? "");
  const [place, setPlace] = useState(union.place ?? "");
  const [update, { loading, error }] = useUpdateUnionMutation();
  const problem = apiProblem(error, t("errors.network"));
  const others = problem
    ? Object.entries(problem.fields)
        .filter(([f]) => !OWN_FIELDS.includes(f))
        .flatMap(([, m]) => m)
    : [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await update({
      variables: { id: union.id, input: { kind, startDate: startDate.trim() || null, place: place.trim() || null } },
    }).catch(() => null);
    if (res?.data) await onSaved();
  };
  return (
    <form
      className="person-form link-form"
      onSubmit={submit}
      noValidate
      aria-label={t("people.edit_union", { partner: union.partner.displayName })}
    >
      <SelectField label={t("people.union_kind")} value={kind} onChange={(e) => setKind(e.target.value)} errors={problem?.fields.kind}>
        {UNION_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`people.union_kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <DateInput
        label={t("people.union_date")}
        value={startDate}
        onChange={(e) => setStartDate(e.target.value)}
        errors={problem?.fields.startDate}
      />
      <Field
        label={t("people.union_place")}
        value={place}
        onChange={(e) => setPlace(e.target.value)}
        errors={problem?.fields.place}
        dir="auto"
      />
      {problem && (others.length > 0 || !Object.keys(problem.fields).length) && (
        <p className="form-error" role="alert">
          {others.length ? others.join(" ") : problem.message}
        </p>
      )}
      <div className="button-row">
        <Button variant="primary" type="submit" disabled={loading}>
          {t("common.save")}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
