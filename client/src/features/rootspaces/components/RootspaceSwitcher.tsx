import { useTranslation } from "react-i18next";
import { localized } from "../../../lib/localized";
import { currentLanguage } from "../../../i18n";
import type { useCurrentRootspace } from "../useCurrentRootspace";

/** Lets a visitor choose among rootspaces; hidden while there is only one. */
export function RootspaceSwitcher({ state }: { state: ReturnType<typeof useCurrentRootspace> }) {
  const { t } = useTranslation();
  if (state.all.length < 2 || !state.current) return null;
  const lang = currentLanguage();
  return (
    <label className="field">
      <span>{t("rootspace.label")}</span>
      <select value={state.current.slug} onChange={(e) => state.select(e.target.value)}>
        {state.all.map((r) => (
          <option key={r.id} value={r.slug}>
            {r.flagEmoji} {localized(lang, r.name, r.nameAr, r.nameFr)}
          </option>
        ))}
      </select>
    </label>
  );
}
