import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { localized } from "../../../lib/localized";
import { Field } from "../../../ui/Field";
import { usePersonVillageChoicesQuery, useUpdatePersonMutation } from "../generated";

export interface VillageName {
  id: string;
  slug: string;
  name: string;
  nameAr: string | null;
  nameFr: string | null;
}

/** Shows the person's village of origin and lets an editor choose it by name in any script (families are chosen among its own). */
export function VillageChooser({
  personId,
  village,
  onChanged,
}: {
  personId: string;
  village: VillageName | null;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [open, setOpen] = useState(!village);
  const [search, setSearch] = useState("");
  const q = search.trim();
  const { data } = usePersonVillageChoicesQuery({ variables: { search: q }, skip: q.length < 2 });
  const [update, { loading, error }] = useUpdatePersonMutation();
  const problem = apiProblem(error, t("errors.network"));
  const name = (v: VillageName) => localized(lang, v.name, v.nameAr, v.nameFr);
  // Villages share names: the other script's spelling and the district tell them apart.
  const details = (v: VillageName & { district: string | null; districtAr: string | null; districtFr: string | null }) =>
    [lang === "ar" ? v.name : v.nameAr, localized(lang, v.district, v.districtAr, v.districtFr)].filter(
      (x, i, all): x is string => !!x && x !== name(v) && all.indexOf(x) === i,
    );
  const results = q.length < 2 ? [] : (data?.villages.edges ?? []).map((e) => e.node);
  const pick = async (villageId: string) => {
    const res = await update({ variables: { id: personId, input: { villageId } } }).catch(() => null);
    if (res?.data) {
      setOpen(false);
      setSearch("");
      await onChanged();
    }
  };
  return (
    <div className="village-chooser">
      {village && (
        <p>
          {t("people.village")}
          {t("common.colon")}{" "}
          <Link to={`/libanpedia/${village.slug}`}>
            <bdi>{name(village)}</bdi>
          </Link>
          {!open && (
            <>
              {" "}
              <button type="button" className="link-button" onClick={() => setOpen(true)}>
                {t("people.change_village")}
              </button>
            </>
          )}
        </p>
      )}
      {open && (
        <>
          <Field
            label={t("people.village_search")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            errors={problem?.fields.villageId}
            type="search"
            dir="auto"
          />
          {results.length > 0 && (
            <ul className="relationship__results" aria-label={t("people.village_search")}>
              {results.map((v) => (
                <li key={v.id}>
                  <button type="button" className="tab" disabled={loading} onClick={() => void pick(v.id)}>
                    <bdi>{name(v)}</bdi>
                    {details(v).map((d) => (
                      <span key={d} className="muted">
                        {" "}
                        · <bdi>{d}</bdi>
                      </span>
                    ))}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {problem && !Object.keys(problem.fields).length && (
            <p className="form-error" role="alert">
              {problem.message}
            </p>
          )}
        </>
      )}
    </div>
  );
}
