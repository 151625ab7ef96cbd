import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDate } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { usePublicHolidaysQuery, useSetPublicHolidayMutation } from "../generated";

const EMPTY = { day: "", code: "", nameAr: "", nameEn: "", nameFr: "" };

/**
 * Lebanon's public holidays this year and next, which business days skip: staff confirm the
 * computed ones (the Eids, "to confirm"), add the ones decreed, and remove those that are not.
 */
export function HolidayEditor() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const year = new Date().getFullYear();
  const { data, error, refetch } = usePublicHolidaysQuery({ variables: { from: `${year}-01-01`, to: `${year + 1}-12-31` } });
  const [setHoliday, setting] = useSetPublicHolidayMutation();
  const [values, setValues] = useState(EMPTY);
  const [toConfirm, setToConfirm] = useState(false);
  const problem = apiProblem(setting.error, t("errors.network"));
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const send = async (input: typeof EMPTY & { toConfirm: boolean; remove: boolean }) => {
    const res = await setHoliday({ variables: { input } }).catch(() => null);
    if (res?.data) {
      showToast({ titleKey: input.remove ? "ancestry.holiday_removed" : "ancestry.holiday_saved" });
      void refetch();
    }
    return !!res?.data;
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (await send({ ...values, toConfirm, remove: false })) setValues(EMPTY);
  };
  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (!data) return <Skeleton label={t("common.loading")} variant="card" />;
  return (
    <div>
      <table className="ancestry-fees ancestry-holidays">
        <caption>{t("ancestry.desk_tab_holidays")}</caption>
        <tbody>
          {data.publicHolidays.map((h) => (
            <tr key={h.id}>
              <th scope="row">
                <bdi>{formatDate(h.day, lang)}</bdi>
              </th>
              <td>
                <bdi>{h.name}</bdi> {h.toConfirm && <Badge tone="orange">{t("ancestry.holiday_to_confirm")}</Badge>}
              </td>
              <td>
                {h.toConfirm && (
                  <Button
                    onClick={() =>
                      void send({
                        day: h.day,
                        code: h.code,
                        nameAr: h.nameAr,
                        nameEn: h.nameEn,
                        nameFr: h.nameFr,
                        toConfirm: false,
                        remove: false,
                      })
                    }
                  >
                    {t("ancestry.holiday_confirm")}
                  </Button>
                )}{" "}
                <Button
                  aria-label={t("ancestry.holiday_remove_named", { name: h.name })}
                  onClick={() =>
                    void send({
                      day: h.day,
                      code: h.code,
                      nameAr: h.nameAr,
                      nameEn: h.nameEn,
                      nameFr: h.nameFr,
                      toConfirm: h.toConfirm,
                      remove: true,
                    })
                  }
                >
                  {t("ancestry.holiday_remove")}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="ancestry-form" onSubmit={add}>
        <h2>{t("ancestry.holiday_add")}</h2>
        <Field label={t("ancestry.holiday_day")} type="date" value={values.day} onChange={set("day")} errors={problem?.fields.day} />
        <Field label={t("ancestry.holiday_code")} value={values.code} onChange={set("code")} errors={problem?.fields.code} />
        <Field label={t("ancestry.type_name_ar")} value={values.nameAr} onChange={set("nameAr")} errors={problem?.fields.nameAr} />
        <Field label={t("ancestry.type_name_en")} value={values.nameEn} onChange={set("nameEn")} errors={problem?.fields.nameEn} />
        <Field label={t("ancestry.type_name_fr")} value={values.nameFr} onChange={set("nameFr")} errors={problem?.fields.nameFr} />
        <label>
          <input type="checkbox" checked={toConfirm} onChange={(e) => setToConfirm(e.target.checked)} /> {t("ancestry.holiday_to_confirm")}
        </label>
        <Button variant="primary" type="submit" disabled={setting.loading}>
          {t("ancestry.holiday_save")}
        </Button>
        {problem && <p role="alert">{problem.message}</p>}
      </form>
    </div>
  );
}
