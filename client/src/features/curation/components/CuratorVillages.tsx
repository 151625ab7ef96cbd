import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { localized } from "../../../lib/localized";
import {
  useAssignVillageCuratorMutation,
  useCuratorVillageSearchQuery,
  useUnassignVillageCuratorMutation,
  useVillageCuratorsQuery,
} from "../generated";
import { Button } from "../../../ui/Button";
import { TextInput } from "../../../ui/TextInput";

/** On /admin/roles, for a curator: the villages they curate, add one by name (any script), remove one. */
export function CuratorVillages({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [search, setSearch] = useState("");
  const { data, refetch } = useVillageCuratorsQuery({ variables: { userId }, fetchPolicy: "network-only" });
  const found = useCuratorVillageSearchQuery({ variables: { search: search.trim() }, skip: search.trim().length < 2 });
  const [assign, assigning] = useAssignVillageCuratorMutation();
  const [unassign, unassigning] = useUnassignVillageCuratorMutation();
  const problem = apiProblem(assigning.error ?? unassigning.error, t("errors.network"));
  const done = async (res: unknown) => {
    if (res) {
      setSearch("");
      await refetch();
    }
  };
  return (
    <div className="curator-villages" data-testid="curator-villages">
      <h4>{t("curation.curated_villages")}</h4>
      <ul>
        {data?.villageCurators.map((c) => (
          <li key={c.villageId}>
            <bdi>{localized(lang, c.villageName, c.villageNameAr, c.villageNameFr)}</bdi>
            {!c.active && <span className="muted"> · {t("admin.expired")}</span>}{" "}
            <Button
              type="button"
              onClick={async () => done(await unassign({ variables: { userId, villageId: c.villageId } }).catch(() => null))}
            >
              {t("curation.unassign")}
            </Button>
          </li>
        ))}
      </ul>
      <TextInput label={t("curation.add_village")} type="search" value={search} onChange={(e) => setSearch(e.target.value)} dir="auto" />
      {search.trim().length >= 2 && (
        <ul className="curator-villages__results">
          {found.data?.villages.edges.map(({ node: v }) => (
            <li key={v.id}>
              <Button
                type="button"
                onClick={async () => done(await assign({ variables: { input: { userId, villageId: v.id } } }).catch(() => null))}
              >
                {t("curation.assign", { village: localized(lang, v.name, v.nameAr, v.nameFr) })}
              </Button>
              <span className="muted">
                {" "}
                · <bdi>{localized(lang, v.district, v.districtAr, v.districtFr)}</bdi>
              </span>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </div>
  );
}
