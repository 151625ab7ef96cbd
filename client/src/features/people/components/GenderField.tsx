import { useTranslation } from "react-i18next";
import { Select } from "../../../ui/Select";

export type Gender = "M" | "F" | "U";
export const GENDERS: Gender[] = ["M", "F", "U"];

/** A person's gender as the API keeps it (M, F or U): it shapes kinship names (عم or عمة). */
export function GenderField({ value, onChange, errors }: { value: Gender; onChange: (g: Gender) => void; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <Select label={t("people.gender")} value={value} onChange={(e) => onChange(e.target.value as Gender)} errors={errors}>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {t(`people.gender_${g.toLowerCase() as "m" | "f" | "u"}`)}
        </option>
      ))}
    </Select>
  );
}

/** The API's gender string as the form's value (anything else reads as unknown). */
export const asGender = (g: string | null | undefined): Gender => (g === "M" || g === "F" ? g : "U");
