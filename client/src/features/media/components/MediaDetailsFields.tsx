import { useTranslation } from "react-i18next";
import { DateInput } from "../../../ui/DateInput";
import { TextInput } from "../../../ui/TextInput";

export interface MediaDetails {
  captionAr: string;
  captionEn: string;
  captionFr: string;
  date: string;
  credit: string;
  licence: string;
}

export const EMPTY_DETAILS: MediaDetails = { captionAr: "", captionEn: "", captionFr: "", date: "", credit: "", licence: "" };

/** The details of a picture as the form holds them, from what the server has. */
export const detailsOf = (m: { [K in keyof MediaDetails]: string | null }): MediaDetails => ({
  captionAr: m.captionAr ?? "",
  captionEn: m.captionEn ?? "",
  captionFr: m.captionFr ?? "",
  date: m.date ?? "",
  credit: m.credit ?? "",
  licence: m.licence ?? "",
});

/** Captions in the three languages (each typed in its own direction), the date, the credit and the licence. */
export function MediaDetailsFields({
  value,
  onChange,
  errors,
}: {
  value: MediaDetails;
  onChange: (next: MediaDetails) => void;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  const field = (name: keyof MediaDetails, label: string, extra: { lang?: string; dir?: "rtl" | "ltr"; hint?: string } = {}) => (
    <TextInput
      label={label}
      name={name}
      value={value[name]}
      onChange={(e) => onChange({ ...value, [name]: e.target.value })}
      errors={errors[name]}
      lang={extra.lang}
      dir={extra.dir ?? "auto"}
      hint={extra.hint}
      maxLength={name.startsWith("caption") ? 500 : 200}
    />
  );
  return (
    <div className="media-details">
      {field("captionAr", t("media.caption_ar"), { lang: "ar", dir: "rtl" })}
      {field("captionEn", t("media.caption_en"), { lang: "en", dir: "ltr" })}
      {field("captionFr", t("media.caption_fr"), { lang: "fr", dir: "ltr" })}
      {/* Read as every recorded date is, saying how it was understood ("about 1960"). */}
      <DateInput
        label={t("media.date")}
        name="date"
        value={value.date}
        onChange={(e) => onChange({ ...value, date: e.target.value })}
        errors={errors.date}
        maxLength={60}
      />
      {field("credit", t("media.credit"))}
      {field("licence", t("media.licence"), { hint: t("media.licence_hint") })}
    </div>
  );
}
