import { useId, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { Field } from "../../../ui/Field";
import { useAddRegistryEntryMutation, useCreateHubEventMutation, useCreateLandmarkMutation, useHubPersonChoicesQuery } from "../generated";
import { ASSET_TYPES, COUNTRIES, countryName, EVENT_TYPES } from "./hubLabels";

/** A labelled select with its error messages, styled like Field. */
function SelectField({ label, errors, children, ...select }: { label: string; errors?: string[]; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} {...select}>{children}</select>
      {errors?.length ? <ul id={`${id}-error`} className="form-field__errors">{errors.map((e) => <li key={e}>{e}</li>)}</ul> : null}
    </div>
  );
}

const blank = (s: string) => s.trim() || null;

/** People of the village the member may link (living people they may not see are not offered). */
function PersonSelect({ villageId, value, onChange, errors, optional }: { villageId: string; value: string; onChange: (id: string) => void; errors?: string[]; optional?: boolean }) {
  const { t } = useTranslation();
  const { data } = useHubPersonChoicesQuery({ variables: { villageId } });
  const people = (data?.people.edges ?? []).map((e) => e.node).filter((p) => !p.isPrivate);
  return (
    <SelectField label={t("hub.person")} value={value} onChange={(e) => onChange(e.target.value)} errors={errors}>
      <option value="">{optional ? t("hub.no_person") : t("hub.choose_person")}</option>
      {people.map((p) => <option key={p.id} value={p.id}>{p.displayName}{p.birth?.year ? ` (${p.birth.year})` : ""}</option>)}
    </SelectField>
  );
}

function Problem({ problem }: { problem: ReturnType<typeof apiProblem> }) {
  return problem && !Object.keys(problem.fields).length ? <p className="form-error" role="alert">{problem.message}</p> : null;
}

/** Adds a landmark (members): type, names in three languages, description. */
export function AddLandmarkForm({ villageId, onDone }: { villageId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({ type: "church", name: "", nameAr: "", nameFr: "", description: "" });
  const [create, { loading, error }] = useCreateLandmarkMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await create({ variables: { input: { villageId, type: v.type, name: blank(v.name), nameAr: blank(v.nameAr), nameFr: blank(v.nameFr), description: blank(v.description) } } }).catch(() => null);
    if (res?.data) onDone();
  };
  return (
    <form className="person-form hub-form" onSubmit={submit} noValidate aria-label={t("hub.add_landmark")}>
      <SelectField label={t("hub.landmark_type")} value={v.type} onChange={(e) => setV({ ...v, type: e.target.value })} errors={problem?.fields.type}>
        {ASSET_TYPES.map((k) => <option key={k} value={k}>{t(`hub.asset_type.${k}`)}</option>)}
      </SelectField>
      <Field label={t("hub.name_en")} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} errors={problem?.fields.name} dir="auto" />
      <Field label={t("hub.name_ar")} value={v.nameAr} onChange={(e) => setV({ ...v, nameAr: e.target.value })} errors={problem?.fields.nameAr} dir="rtl" lang="ar" />
      <Field label={t("hub.name_fr")} value={v.nameFr} onChange={(e) => setV({ ...v, nameFr: e.target.value })} errors={problem?.fields.nameFr} dir="auto" />
      <Field label={t("hub.description")} value={v.description} onChange={(e) => setV({ ...v, description: e.target.value })} errors={problem?.fields.description} dir="auto" />
      <Problem problem={problem} />
      <button className="button button--primary" type="submit" disabled={loading}>{t("hub.save")}</button>
    </form>
  );
}

/** Adds an event or festival of the village (members); life events need a person. */
export function AddEventForm({ villageId, onDone }: { villageId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({ type: "festival", title: "", titleAr: "", date: "", place: "", personId: "" });
  const [create, { loading, error }] = useCreateHubEventMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { type: v.type, title: blank(v.title), titleAr: blank(v.titleAr), date: blank(v.date), place: blank(v.place), primaryPersonId: v.personId || null, villageIds: [villageId] };
    const res = await create({ variables: { input } }).catch(() => null);
    if (res?.data) onDone();
  };
  return (
    <form className="person-form hub-form" onSubmit={submit} noValidate aria-label={t("hub.add_event")}>
      <SelectField label={t("hub.event_kind")} value={v.type} onChange={(e) => setV({ ...v, type: e.target.value })} errors={problem?.fields.type}>
        {EVENT_TYPES.map((k) => <option key={k} value={k}>{t(`hub.event_type.${k}`)}</option>)}
      </SelectField>
      <Field label={t("hub.title_en")} value={v.title} onChange={(e) => setV({ ...v, title: e.target.value })} errors={problem?.fields.title} dir="auto" />
      <Field label={t("hub.title_ar")} value={v.titleAr} onChange={(e) => setV({ ...v, titleAr: e.target.value })} errors={problem?.fields.titleAr} dir="rtl" lang="ar" />
      <Field label={t("hub.date")} value={v.date} onChange={(e) => setV({ ...v, date: e.target.value })} errors={problem?.fields.date} hint={t("people.date_hint")} dir="ltr" />
      <Field label={t("hub.place")} value={v.place} onChange={(e) => setV({ ...v, place: e.target.value })} errors={problem?.fields.place} dir="auto" />
      <PersonSelect villageId={villageId} value={v.personId} onChange={(personId) => setV({ ...v, personId })} errors={[...(problem?.fields.primaryPersonId ?? []), ...(problem?.fields.villageIds ?? [])]} optional />
      <Problem problem={problem} />
      <button className="button button--primary" type="submit" disabled={loading}>{t("hub.save")}</button>
    </form>
  );
}

/** Adds a person of the village to its emigrant register (members). */
export function AddRegistryEntryForm({ villageId, onDone }: { villageId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [v, setV] = useState({ personId: "", country: "", year: "", notes: "" });
  const [add, { loading, error }] = useAddRegistryEntryMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const year = v.year.trim() ? Number(v.year) : null;
    const input = { villageId, personId: v.personId || null, destinationCountry: v.country || null, departureYear: Number.isInteger(year) ? year : null, notes: blank(v.notes) };
    const res = await add({ variables: { input } }).catch(() => null);
    if (res?.data) onDone();
  };
  return (
    <form className="person-form hub-form" onSubmit={submit} noValidate aria-label={t("hub.add_emigrant")}>
      <PersonSelect villageId={villageId} value={v.personId} onChange={(personId) => setV({ ...v, personId })} errors={problem?.fields.personId} />
      <SelectField label={t("hub.destination")} value={v.country} onChange={(e) => setV({ ...v, country: e.target.value })} errors={problem?.fields.destinationCountry}>
        <option value="">{t("hub.choose_country")}</option>
        {COUNTRIES.map((c) => [c, countryName(c, lang)] as const).sort((a, b) => a[1].localeCompare(b[1], lang)).map(([c, name]) => <option key={c} value={c}>{name}</option>)}
      </SelectField>
      <Field label={t("hub.departure_year")} value={v.year} onChange={(e) => setV({ ...v, year: e.target.value })} errors={problem?.fields.departureYear} inputMode="numeric" dir="ltr" />
      <Field label={t("hub.notes")} value={v.notes} onChange={(e) => setV({ ...v, notes: e.target.value })} errors={problem?.fields.notes} dir="auto" />
      <Problem problem={problem} />
      <button className="button button--primary" type="submit" disabled={loading}>{t("hub.save")}</button>
    </form>
  );
}
