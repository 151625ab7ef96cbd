import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CuratedVillageFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { localized } from "../../../lib/localized";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import { useCuratorVillageSearchQuery } from "../generated";
import { Button } from "../../../ui/Button";

/** Editors and admins may edit any village: they find it by name in any script. */
export function StaffVillagePicker({ onPick }: { onPick: (village: CuratedVillageFragment) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim(), 250);
  const { data } = useCuratorVillageSearchQuery({ variables: { search }, skip: search.length < 2 });
  const found = search.length >= 2 ? (data?.villages.edges.map((e) => e.node) ?? []) : [];
  return (
    <div className="form-field staff-village-picker">
      <label htmlFor="staff-village-search">{t("curation.pick_village")}</label>
      <input
        id="staff-village-search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("curation.pick_village_hint")}
        dir="auto"
      />
      {found.length > 0 && (
        <ul className="choice-list" aria-label={t("curation.pick_village")}>
          {found.map((v) => (
            <li key={v.id}>
              <Button
                type="button"
                onClick={() => {
                  onPick(v);
                  setText("");
                }}
              >
                <bdi>{localized(lang, v.name, v.nameAr, v.nameFr)}</bdi>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
