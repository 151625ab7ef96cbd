import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { readNumber } from "../../../lib/digits";
import type { CuratedVillageFragment } from "../../../gql/graphql";
import { useUpdateVillageMutation } from "../generated";
import { Button } from "../../../ui/Button";
import { NumberInput } from "../../../ui/NumberInput";
import { TextInput } from "../../../ui/TextInput";

type Village = CuratedVillageFragment;
const FLAGS = ["hasRegistry", "hasChurch", "hasMosque", "hasSchool"] as const;
const TEXTS = [
  ["description", "en", "ltr"],
  ["descriptionAr", "ar", "rtl"],
  ["descriptionFr", "fr", "ltr"],
] as const;

/** A curator's edit of a village's descriptions (three languages), facts and numbers. */
export function VillageTextForm({ village }: { village: Village }) {
  const { t } = useTranslation();
  const [nameAr, setNameAr] = useState(village.nameAr ?? "");
  const [texts, setTexts] = useState({
    description: village.description ?? "",
    descriptionAr: village.descriptionAr ?? "",
    descriptionFr: village.descriptionFr ?? "",
  });
  const [flags, setFlags] = useState(Object.fromEntries(FLAGS.map((f) => [f, village[f]])) as Record<(typeof FLAGS)[number], boolean>);
  const [population, setPopulation] = useState(village.populationCurrent?.toString() ?? "");
  const [diaspora, setDiaspora] = useState(village.diasporaCount?.toString() ?? "");
  const [saved, setSaved] = useState(false);
  const [update, { loading, error }] = useUpdateVillageMutation({ refetchQueries: ["RecordHistory"] });
  const problem = apiProblem(error, t("errors.network"));
  const count = (v: string) => (v.trim() === "" ? null : readNumber(v));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const res = await update({
      variables: {
        id: village.id,
        input: { nameAr: nameAr.trim() || null, ...texts, ...flags, populationCurrent: count(population), diasporaCount: count(diaspora) },
      },
    }).catch(() => null);
    if (res?.data) setSaved(true);
  };
  return (
    <form className="card village-text" onSubmit={submit} noValidate data-testid="village-text">
      <h2>{t("curation.village_text")}</h2>
      <TextInput
        label={t("curation.name_ar")}
        hint={t("curation.name_ar_hint")}
        lang="ar"
        dir="rtl"
        value={nameAr}
        onChange={(e) => setNameAr(e.target.value)}
        errors={problem?.fields.nameAr}
        data-testid="village-name-ar"
      />
      {TEXTS.map(([key, lang, dir]) => (
        <label key={key} className="form-field">
          {t(`curation.description_${lang}`)}
          <textarea rows={4} lang={lang} dir={dir} value={texts[key]} onChange={(e) => setTexts({ ...texts, [key]: e.target.value })} />
        </label>
      ))}
      <fieldset className="village-text__flags">
        <legend>{t("curation.facts")}</legend>
        {FLAGS.map((f) => (
          <label key={f}>
            <input type="checkbox" checked={flags[f]} onChange={(e) => setFlags({ ...flags, [f]: e.target.checked })} />{" "}
            {t(`curation.${f}`)}
          </label>
        ))}
      </fieldset>
      <NumberInput label={t("curation.population")} value={population} onChange={(e) => setPopulation(e.target.value)} />
      <NumberInput label={t("curation.diaspora")} value={diaspora} onChange={(e) => setDiaspora(e.target.value)} />
      {problem && (
        <p className="form-error" role="alert">
          {Object.values(problem.fields).flat().join(" ") || problem.message}
        </p>
      )}
      {saved && (
        <p className="notice" role="status">
          {t("curation.saved")}
        </p>
      )}
      <Button variant="primary" type="submit" disabled={loading}>
        {t("curation.save")}
      </Button>
    </form>
  );
}
