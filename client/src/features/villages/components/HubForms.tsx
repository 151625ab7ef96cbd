import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { readNumber } from "../../../lib/digits";
import { NumberInput } from "../../../ui/NumberInput";
import { DateInput } from "../../../ui/DateInput";
import { Field } from "../../../ui/Field";
import { SelectField } from "../../../ui/SelectField";
import type { HubEventFragment, HubLandmarkFragment } from "../../../gql/graphql";
import {
  useAddRegistryEntryMutation,
  useCreateHubEventMutation,
  useCreateLandmarkMutation,
  useHubPersonChoicesQuery,
  useUpdateHubEventMutation,
  useUpdateLandmarkMutation,
} from "../generated";
import type { AssetType, EventType } from "../../../gql/graphql";
import { ASSET_TYPES, assetTypeKey, COUNTRIES, countryName, EVENT_TYPES, eventTypeKey } from "./hubLabels";
import { Button } from "../../../ui/Button";

const blank = (s: string) => s.trim() || null;

/** People of the village the member may link (living people they may not see are not offered). */
function PersonSelect({
  villageId,
  value,
  onChange,
  errors,
  optional,
  current,
}: {
  villageId: string;
  value: string;
  onChange: (id: string) => void;
  errors?: string[];
  optional?: boolean;
  /** The person already linked, offered even when not among the village's first people. */
  current?: { id: string; displayName: string } | null;
}) {
  const { t } = useTranslation();
  const { data } = useHubPersonChoicesQuery({ variables: { villageId } });
  const people: { id: string; displayName: string; birth?: { year: number | null } | null }[] = (data?.people.edges ?? [])
    .map((e) => e.node)
    .filter((p) => !p.isPrivate);
  if (current && !people.some((p) => p.id === current.id)) people.unshift(current);
  return (
    <SelectField label={t("hub.person")} value={value} onChange={(e) => onChange(e.target.value)} errors={errors}>
      <option value="">{optional ? t("hub.no_person") : t("hub.choose_person")}</option>
      {people.map((p) => (
        <option key={p.id} value={p.id}>
          {p.displayName}
          {p.birth?.year ? ` (${p.birth.year})` : ""}
        </option>
      ))}
    </SelectField>
  );
}

function Problem({ problem }: { problem: ReturnType<typeof apiProblem> }) {
  return problem && !Object.keys(problem.fields).length ? (
    <p className="form-error" role="alert">
      {problem.message}
    </p>
  ) : null;
}

/**
 * What an edit sends: only the fields the member changed. The server keeps omitted fields, so
 * a date hidden from this viewer by a person's privacy is not erased by saving the title.
 */
function changed<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => before[k] !== v)) as Partial<T>;
}

function Buttons({ loading, onCancel }: { loading: boolean; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Adds a landmark (members), or changes `landmark`: type, names in three languages, description. */
export function LandmarkForm({
  villageId,
  landmark,
  onDone,
  onCancel,
}: {
  villageId: string;
  landmark?: HubLandmarkFragment;
  onDone: () => void | Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const initial = {
    type: landmark?.type ?? ("CHURCH" as AssetType),
    name: landmark?.name ?? "",
    nameAr: landmark?.nameAr ?? "",
    nameFr: landmark?.nameFr ?? "",
    description: landmark?.description ?? "",
  };
  const [v, setV] = useState(initial);
  const [create, created] = useCreateLandmarkMutation();
  const [update, updated] = useUpdateLandmarkMutation();
  const { loading, error } = landmark ? updated : created;
  const problem = apiProblem(error, t("errors.network"));
  const input = (x: typeof v) => ({
    type: x.type,
    name: blank(x.name),
    nameAr: blank(x.nameAr),
    nameFr: blank(x.nameFr),
    description: blank(x.description),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await (
      landmark
        ? update({ variables: { id: landmark.id, input: changed(input(initial), input(v)) } })
        : create({ variables: { input: { villageId, ...input(v) } } })
    ).catch(() => null);
    if (res?.data) await onDone();
  };
  return (
    <form
      className="person-form hub-form"
      onSubmit={submit}
      noValidate
      aria-label={landmark ? t("hub.edit_landmark") : t("hub.add_landmark")}
    >
      <SelectField
        label={t("hub.landmark_type")}
        value={v.type}
        onChange={(e) => setV({ ...v, type: e.target.value as AssetType })}
        errors={problem?.fields.type}
      >
        {ASSET_TYPES.map((k) => (
          <option key={k} value={k}>
            {t(assetTypeKey(k))}
          </option>
        ))}
      </SelectField>
      <Field
        label={t("hub.name_en")}
        value={v.name}
        onChange={(e) => setV({ ...v, name: e.target.value })}
        errors={problem?.fields.name}
        dir="auto"
      />
      <Field
        label={t("hub.name_ar")}
        value={v.nameAr}
        onChange={(e) => setV({ ...v, nameAr: e.target.value })}
        errors={problem?.fields.nameAr}
        dir="rtl"
        lang="ar"
      />
      <Field
        label={t("hub.name_fr")}
        value={v.nameFr}
        onChange={(e) => setV({ ...v, nameFr: e.target.value })}
        errors={problem?.fields.nameFr}
        dir="auto"
      />
      <Field
        label={t("hub.description")}
        value={v.description}
        onChange={(e) => setV({ ...v, description: e.target.value })}
        errors={problem?.fields.description}
        dir="auto"
      />
      <Problem problem={problem} />
      <Buttons loading={loading} onCancel={onCancel} />
    </form>
  );
}

/** Adds an event or festival of the village (members), or changes `event`; life events need a person. */
export function EventForm({
  villageId,
  event,
  onDone,
  onCancel,
}: {
  villageId: string;
  event?: HubEventFragment;
  onDone: () => void | Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const initial = {
    type: event?.type ?? ("FESTIVAL" as EventType),
    title: event?.title ?? "",
    titleAr: event?.titleAr ?? "",
    date: event?.date?.text ?? "",
    place: event?.place ?? "",
    personId: event?.primaryPerson?.id ?? "",
  };
  const [v, setV] = useState(initial);
  const [create, created] = useCreateHubEventMutation();
  const [update, updated] = useUpdateHubEventMutation();
  const { loading, error } = event ? updated : created;
  const problem = apiProblem(error, t("errors.network"));
  const input = (x: typeof v) => ({
    type: x.type,
    title: blank(x.title),
    titleAr: blank(x.titleAr),
    date: blank(x.date),
    place: blank(x.place),
    primaryPersonId: x.personId || null,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await (
      event
        ? update({ variables: { id: event.id, input: changed(input(initial), input(v)) } })
        : create({ variables: { input: { ...input(v), villageIds: [villageId] } } })
    ).catch(() => null);
    if (res?.data) await onDone();
  };
  return (
    <form className="person-form hub-form" onSubmit={submit} noValidate aria-label={event ? t("hub.edit_event") : t("hub.add_event")}>
      <SelectField
        label={t("hub.event_kind")}
        value={v.type}
        onChange={(e) => setV({ ...v, type: e.target.value as EventType })}
        errors={problem?.fields.type}
      >
        {EVENT_TYPES.map((k) => (
          <option key={k} value={k}>
            {t(eventTypeKey(k))}
          </option>
        ))}
      </SelectField>
      <Field
        label={t("hub.title_en")}
        value={v.title}
        onChange={(e) => setV({ ...v, title: e.target.value })}
        errors={problem?.fields.title}
        dir="auto"
      />
      <Field
        label={t("hub.title_ar")}
        value={v.titleAr}
        onChange={(e) => setV({ ...v, titleAr: e.target.value })}
        errors={problem?.fields.titleAr}
        dir="rtl"
        lang="ar"
      />
      <DateInput
        label={t("hub.date")}
        value={v.date}
        onChange={(e) => setV({ ...v, date: e.target.value })}
        errors={problem?.fields.date}
      />
      <Field
        label={t("hub.place")}
        value={v.place}
        onChange={(e) => setV({ ...v, place: e.target.value })}
        errors={problem?.fields.place}
        dir="auto"
      />
      <PersonSelect
        villageId={villageId}
        value={v.personId}
        onChange={(personId) => setV({ ...v, personId })}
        errors={[...(problem?.fields.primaryPersonId ?? []), ...(problem?.fields.villageIds ?? [])]}
        optional
        current={event?.primaryPerson}
      />
      <Problem problem={problem} />
      <Buttons loading={loading} onCancel={onCancel} />
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
    const year = v.year.trim() ? readNumber(v.year) : null;
    const input = {
      villageId,
      personId: v.personId || null,
      destinationCountry: v.country || null,
      departureYear: Number.isInteger(year) ? year : null,
      notes: blank(v.notes),
    };
    const res = await add({ variables: { input } }).catch(() => null);
    if (res?.data) onDone();
  };
  return (
    <form className="person-form hub-form" onSubmit={submit} noValidate aria-label={t("hub.add_emigrant")}>
      <PersonSelect
        villageId={villageId}
        value={v.personId}
        onChange={(personId) => setV({ ...v, personId })}
        errors={problem?.fields.personId}
      />
      <SelectField
        label={t("hub.destination")}
        value={v.country}
        onChange={(e) => setV({ ...v, country: e.target.value })}
        errors={problem?.fields.destinationCountry}
      >
        <option value="">{t("hub.choose_country")}</option>
        {COUNTRIES.map((c) => [c, countryName(c, lang)] as const)
          .sort((a, b) => a[1].localeCompare(b[1], lang))
          .map(([c, name]) => (
            <option key={c} value={c}>
              {name}
            </option>
          ))}
      </SelectField>
      <NumberInput
        label={t("hub.departure_year")}
        value={v.year}
        onChange={(e) => setV({ ...v, year: e.target.value })}
        errors={problem?.fields.departureYear}
      />
      <Field
        label={t("hub.notes")}
        value={v.notes}
        onChange={(e) => setV({ ...v, notes: e.target.value })}
        errors={problem?.fields.notes}
        dir="auto"
      />
      <Problem problem={problem} />
      <Buttons loading={loading} />
    </form>
  );
}
