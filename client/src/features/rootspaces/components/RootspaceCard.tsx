import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDate } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import { useRootspaceUpdatedSubscription } from "../generated";
import { useCurrentRootspace } from "../useCurrentRootspace";
import { RootspaceSwitcher } from "./RootspaceSwitcher";

/** The visitor's current rootspace, kept live: an admin's edit shows without a reload. */
export default function RootspaceCard() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const rootspaces = useCurrentRootspace();
  const current = rootspaces.current;
  // Apollo merges the pushed object into its cache by id, so the card re-renders.
  useRootspaceUpdatedSubscription({ variables: { slug: current?.slug }, skip: !current });
  return (
    <>
      {rootspaces.error && <p role="alert">{t("home.load_error")}</p>}
      {current && (
        <div data-testid="rootspace-card">
          <p>{t("home.rootspace_intro", { name: localized(lang, current.name, current.nameAr, current.nameFr) })}</p>
          <p>{localized(lang, current.description, current.descriptionAr, current.descriptionFr)}</p>
          <p className="muted">
            {t("rootspace.count", { count: rootspaces.total })} · {t("home.updated", { date: formatDate(current.updatedAt, lang) })}
          </p>
        </div>
      )}
      <RootspaceSwitcher state={rootspaces} />
    </>
  );
}
