import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { BallotSettingsSection } from "../components/BallotSettingsSection";

/** /admin/rootspace: the settings of the current rootspace that its administrators change (its ballot rules so far). */
export default function RootspaceSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("rootspace.settings_title"));
  return (
    <section className="page">
      <h1>{t("rootspace.settings_title")}</h1>
      <BallotSettingsSection />
    </section>
  );
}
